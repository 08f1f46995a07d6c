import CLinux

/// A run of 64-byte cache lines at a fixed address, to ask the processor for a little before they are used:
/// for a thread that visits many objects in turn, each last written on another processor, so that the
/// misses of the next few overlap with the work on this one.
///
/// Keeping the address apart from the object is the point: finding an object's inner allocation through
/// the object is itself a load that misses, which the processor waits for before it can ask for anything.
/// Holds no reference, and a prefetch of memory freed since is harmless (a hint never faults); the owner
/// of the memory keeps it alive for the hint to be of use.
///
/// What every prefetch of frame delivery buys together (the walk's, `ShardWalk`, and the readers',
/// `SubscriptionReader`), on the target row `engine.capacity.60hz` at 10,000 stacks: p50 tick work
/// 2.95–3.87 ms with them against 4.98–5.77 ms with none, in six interleaved pairs (docs/benchmarks.md,
/// "The tricks that stay").
struct CacheLines: @unchecked Sendable {
    /// The first line's address.
    let start: UnsafeRawPointer
    /// How many lines from `start`.
    let count: Int

    /// `count` lines (64 bytes each) from `start`.
    init(start: UnsafeRawPointer, count: Int) {
        self.start = start
        self.count = count
    }

    /// The first `count` lines of `object`'s allocation (its header first), without retaining it.
    init(of object: AnyObject, count: Int) {
        self.init(start: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()), count: count)
    }

    /// Starts loading the lines, to be read. A hint: changes nothing.
    func prefetch() {
        for line in 0..<count { clinux_prefetch(start + line * 64) }
    }

    /// Starts loading the lines, to be written. A hint: changes nothing.
    func prefetchForWriting() {
        for line in 0..<count { clinux_prefetch_for_write(start + line * 64) }
    }
}
