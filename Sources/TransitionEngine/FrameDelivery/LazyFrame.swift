import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A frame computed when a subscriber reads it: at most once when several subscribers share it.
///
/// A tick hands every subscriber of a stack the same `LazyFrame`; sampling the plan happens on the
/// reader's thread when it polls, and only for frames that are read: a frame replaced before anyone read
/// it (coalesced) is never sampled. This keeps the tick itself to bookkeeping, whatever the readers do.
///
/// A frame made for one subscriber alone (`recyclable`) is not kept once computed: its one reader reads it
/// once, and keeping it would hold its node storage, which the reader hands back to sample its next frame
/// into (`Subscription.poll(reusing:)`). Read again, it is sampled again, to the same values.
///
/// A tick makes one per animating stack with subscribers, so it carries no lock of its own (an object and
/// a mutex allocated per frame): the first read computes it under one of `FrameLocks`' striped mutexes.
/// A frame made by a running transition is a subclass (`RunningFrame`) that holds what it needs in its
/// own fields, so a tick allocates one object per frame and no closure context.
class LazyFrame<Frame: Sendable>: @unchecked Sendable {
    enum Content {
        case ready(Frame)
        case deferred(@Sendable () -> Frame)
        /// Computed by the subclass's `compute(recycling:)`.
        case computedBySubclass
    }

    /// Guarded by `FrameLocks.mutex(for: self)`, which serializes every access; so not checked for
    /// exclusivity at run time as well (a `swift_beginAccess` per frame read).
    @exclusivity(unchecked) var content: Content

    /// Whether a reader may hand this frame back as `recycled` for the next one: only when a single
    /// subscriber received it, so that its storage is never seen by two consumers. Such a frame is not
    /// kept once computed (see the type's documentation).
    let recyclable: Bool

    /// A frame already computed.
    init(_ frame: Frame) {
        content = .ready(frame)
        recyclable = false
    }

    /// A frame `make` computes on first read.
    init(deferred make: @escaping @Sendable () -> Frame) {
        content = .deferred(make)
        recyclable = false
    }

    /// A frame the subclass computes on first read.
    init(recyclable: Bool) {
        content = .computedBySubclass
        self.recyclable = recyclable
    }

    /// Turns this unread frame into the frame `request` describes, in place; false when it cannot (only a
    /// running transition's frame can: `RunningFrame`). Called under the lock of the subscription whose
    /// queue holds the frame.
    func refresh(_ request: RunningFrameRequest) -> Bool { false }

    /// Turns this frame, which its reader took and holds no more, into the frame `request` describes, to be
    /// queued again; false when it cannot (only a running transition's frame for a single subscriber can:
    /// `RunningFrame`). Called under the lock of the subscription that last handed it out, once it holds
    /// the only reference.
    func reuse(for request: RunningFrameRequest) -> Bool { false }

    /// Computes the frame of a subclass; `recycled` is an earlier frame the reader is done with, whose
    /// storage may be reused (take it, set it to nil).
    func compute(recycling recycled: inout Frame?) -> Frame {
        preconditionFailure("LazyFrame.compute(recycling:) is for subclasses")
    }

    /// The frame; the first call computes it (later callers wait for that one), or each call when the
    /// frame is `recyclable`.
    final var value: Frame {
        var nothing: Frame?
        return value(recycling: &nothing)
    }

    /// The frame; the first call computes it, reusing the storage of `recycled` if it can. A `recyclable`
    /// frame is computed by each call and kept nowhere, so that the storage it returns is the caller's
    /// alone once the caller holds the only reference.
    ///
    /// Final and always inlined, so that its callers run it in place, specialized where they know the frame
    /// type (`poll(reusing:)`).
    @inline(__always)
    final func value(recycling recycled: inout Frame?) -> Frame {
        let mutex = FrameLocks.mutex(for: ObjectIdentifier(self))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        switch content {
        case .ready(let frame):
            return frame
        case .deferred(let make):
            let frame = make()
            content = .ready(frame)
            return frame
        case .computedBySubclass:
            let frame = compute(recycling: &recycled)
            if !recyclable { content = .ready(frame) }
            return frame
        }
    }
}

/// Striped mutexes for lazy frames: a frame's address picks one of `count`. Two frames sharing a mutex
/// only wait for each other while both are computed at the same moment on different threads.
enum FrameLocks {
    /// How many mutexes: a power of two, enough that concurrent readers rarely meet.
    static let count = 64

    /// Initialized once and never changed; the mutexes themselves are what synchronizes.
    nonisolated(unsafe) static let mutexes: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutexes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: count)
        for index in 0..<count { PosixMutex.initialize(mutexes + index, inheritingPriority: true) }
        return mutexes
    }()

    /// The mutex guarding the object `identifier` (objects are 16-byte aligned: the low bits say nothing).
    static func mutex(for identifier: ObjectIdentifier) -> UnsafeMutablePointer<pthread_mutex_t> {
        // The address itself: `hashValue` ran the standard library's hasher on every frame.
        let address = UInt(bitPattern: identifier)
        return mutexes + Int((address >> 4) & UInt(count - 1))
    }
}
