import CLinux

/// What the shard walk (`ShardWalk.walk`) calls on each stack, on the shard's thread, as plain calls.
///
/// `Actor.assumeIsolated` made two heap allocations per call (the closure's context, converted to an
/// escaping Sendable closure, and its reabstraction) and checked the current executor through the runtime:
/// once per stack and tick, that was about a fifth of the walk (on the target row at 10,000 stacks, p50
/// tick work 3.01–3.87 ms with these, 3.54–4.59 ms through `assumeIsolated`, six interleaved pairs;
/// docs/benchmarks.md, "The tricks that stay"). These enter the stack's isolated code through a closure
/// with no captures, as `assumeIsolated` does inside, and leave the check to the caller, which makes it
/// once per walk (every stack of a shard runs on the shard's executor).
extension StackActor {
    /// `handleTick(_:readiness:)`, called on the stack's executor from code not isolated to it.
    ///
    /// - Precondition: the calling thread runs the stack's executor (`ShardWalk.walk` checks the first
    ///   stack with `preconditionIsolated()` and that every other one has the same executor).
    nonisolated func handleTickOnShardThread(_ tick: ClockTick, readiness: ReadinessBatch) -> Commit? {
        typealias Isolated = (isolated StackActor, ClockTick, ReadinessBatch) -> Commit?
        typealias Plain = (StackActor, ClockTick, ReadinessBatch) -> Commit?
        let body: Isolated = { stack, tick, readiness in stack.handleTick(tick, readiness: readiness) }
        // An isolated parameter is passed as a plain one: the cast changes the type, not the call.
        return unsafeBitCast(body, to: Plain.self)(self, tick, readiness)
    }

    /// Starts loading what `handleTickOnShardThread` reads and writes first in the stack's only
    /// subscription, if it has one (`Subscription.cacheLines`, kept in the stack: reaching them through the
    /// subscription object was a load that missed, and the walk waited for it here). A hint: changes
    /// nothing.
    ///
    /// - Precondition: as `handleTickOnShardThread(_:readiness:)`'s.
    nonisolated func prefetchSubscriptionOnShardThread() {
        let body: (isolated StackActor) -> Void = { stack in stack.subscribers.prefetchOnlySubscription() }
        unsafeBitCast(body, to: ((StackActor) -> Void).self)(self)
    }

    /// Starts loading the first `prefetchedLines` cache lines of the stack actor at `address` (the
    /// object's header and the fields a tick reads first), without touching its reference count, which
    /// would load the first line at once. A hint: changes nothing.
    static func prefetchObject(at address: UnsafeRawPointer) {
        for line in 0..<prefetchedLines { clinux_prefetch(address + line * 64) }
    }

    /// How many 64-byte lines `prefetchObject(at:)` asks for: 11 (704 bytes), the whole stack object
    /// (`StackActorTests` checks it fits; 10 until the stack state held its presentation styles, which
    /// took the object to 656 bytes), so that every field a tick reads has been asked for. With 8 the
    /// fields declared last and the state machine's counters lay beyond, a miss per stack and tick
    /// (docs/engine.md); in `engine.capacity.60hz.long` at 5,000 stacks, when the object was smaller, half
    /// as many lines lost part of the gain and sixteen added nothing.
    static var prefetchedLines: Int { 11 }
}
