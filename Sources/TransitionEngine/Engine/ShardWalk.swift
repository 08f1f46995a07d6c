/// A shard's walk on each tick: every stack of the shard handed the tick in turn, on the shard's thread.
///
/// A stack actor is entered here on the same thread, without a job: every `StackActor` of a shard shares
/// the shard's `ShardExecutor`, and the walk (synchronous, called from a tick job already on that thread)
/// enters each stack with a plain call (`StackActor.handleTickOnShardThread`). From a nonisolated async
/// function, even one running on that executor as its task executor, every call into a stack actor was a
/// job enqueued on the executor (one per stack and tick). The reports of the commits a walk made go
/// through `ShardCommitReporter`.
enum ShardWalk {
    /// Hands `tick` to each of `stacks` (all of this shard) in turn; returns the commits they made, and
    /// leaves in `readiness` the readers to tell once the whole tick is done.
    ///
    /// Call it on the shard's thread (a job of its `ShardExecutor` or of its `tickLane`, both isolated to
    /// the executor); anywhere else it traps before entering any stack. Synchronous, so that the tick job that
    /// calls it walks the stacks itself: an `await` into an actor of the shard from a task on the tick
    /// lane would be a job on the executor's ordinary queue.
    static func walk(
        _ stacks: [StackActor], _ tick: ClockTick, readiness: ReadinessBatch
    ) -> [StackActor.Commit] {
        var commits: [StackActor.Commit] = []
        guard let first = stacks.first else { return commits }
        // The stacks' executor is the one running this: checked here once, then each stack is entered with
        // a plain synchronous call (`handleTickOnShardThread`). An `await` would enter it without a job
        // too, but through an async call (a continuation and an executor switch per stack and tick).
        first.preconditionIsolated("a shard walk runs on its stacks' executor")
        let executor = first.executor
        stacks.withUnsafeBufferPointer { stacks in
            for index in stacks.indices {
                prefetch(stacks, aheadOf: index)
                let stack = stacks[index]
                precondition(stack.executor === executor, "a shard walk's stacks share one executor")
                if let commit = stack.handleTickOnShardThread(tick, readiness: readiness) {
                    commits.append(commit)
                }
            }
        }
        return commits
    }

    /// How many stacks ahead of the one ticking the walk asks for each stack's own lines, and for its
    /// subscription's: the subscription's address is read from the stack's lines, which must have
    /// arrived by then.
    static var objectLookahead: Int { 4 }
    static var subscriptionLookahead: Int { 2 }

    /// Asks for the lines the stacks a few places ahead of `index` will need.
    ///
    /// With thousands of stacks, a stack's lines were last touched a period ago (and its subscription's by
    /// the reader's processor), so each tick began with a chain of cache misses, one after another: the
    /// processor cannot look past one stack's few thousand instructions to the next stack's loads. Asked
    /// for a few stacks ahead, those misses overlap with the work. Measured with
    /// `engine.capacity.60hz.long` at 5,000 stacks (docs/benchmarks.md): p50 tick work about 4.1–4.9 ms
    /// without, 3.2 ms with both.
    @inline(__always)
    private static func prefetch(_ stacks: UnsafeBufferPointer<StackActor>, aheadOf index: Int) {
        let far = index + objectLookahead
        if far < stacks.count, let base = stacks.baseAddress {
            // The reference's bits, loaded without a retain: a retain writes the line this asks for.
            let address = UnsafeRawPointer(base).load(
                fromByteOffset: far * MemoryLayout<StackActor>.stride, as: UnsafeRawPointer.self)
            StackActor.prefetchObject(at: address)
        }
        let near = index + subscriptionLookahead
        if near < stacks.count { stacks[near].prefetchSubscriptionOnShardThread() }
    }
}
