/// A shard's tick walk and commit reports: an actor on the shard's `ShardExecutor`, the executor every
/// `StackActor` of the shard shares.
///
/// A stack actor is entered from here on the same thread, without a job: they share one executor, so the
/// walk (synchronous, called from a job already on that thread) enters each stack through
/// `assumeIsolated`, and a report's `await` into a stack switches nothing. From a nonisolated async
/// function, even one running on that executor as its task executor, every call into a stack actor was a
/// job enqueued on the executor (one per stack and tick).
actor ShardWalker {
    /// The process's walkers, one per shard executor.
    static let shared: [ShardWalker] = ShardExecutor.shared.map(ShardWalker.init)

    /// The walker of shard `index` (shards beyond the processor count share executors, and walkers).
    static func forShard(_ index: Int) -> ShardWalker { shared[index % shared.count] }

    /// The shard's executor.
    nonisolated let executor: ShardExecutor

    private init(executor: ShardExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Hands `tick` to each of `stacks` (all of this shard) in turn; returns the commits they made and
    /// the readiness handlers to call once the whole tick is done (see `ReadinessBatch`).
    ///
    /// Call it on the shard's thread (a job of its `ShardExecutor` or of its `tickLane`, both isolated to
    /// the executor); anywhere else the first `assumeIsolated` traps. Synchronous and static (it needs no
    /// walker), so that the tick job that calls it walks the stacks itself: an `await` into a walker from
    /// a task on the tick lane would be a job on the executor's ordinary queue.
    static func walk(_ stacks: [StackActor], _ tick: ClockTick) -> ([StackActor.Commit], ReadinessBatch) {
        var commits: [StackActor.Commit] = []
        let readiness = ReadinessBatch()
        for stack in stacks {
            // The stack's executor is the one running this: `assumeIsolated` checks that and
            // enters the stack with a plain synchronous call. An `await` would enter it without a job too,
            // but through an async call (a continuation and an executor switch per stack and tick).
            if let commit = stack.assumeIsolated({ $0.handleTick(tick, readiness: readiness) }) {
                commits.append(commit)
            }
        }
        return (commits, readiness)
    }

    /// Tells each stack how its commit's write went, in order; returns the commits that follow (a queued
    /// change without animation).
    func report(
        _ outcomes: ArraySlice<(StackActor.Commit, Result<Void, TransitionEngineError>)>
    ) async -> [StackActor.Commit] {
        var next: [StackActor.Commit] = []
        for (commit, result) in outcomes {
            if let more = await commit.stack.persisted(commit.token, result: result) { next.append(more) }
            // The stacks of a shard share its thread and entering one queues nothing, so without this the
            // whole loop (each report may compile the next queued transition's plan) would be one job that a
            // tick arriving meanwhile waits behind. Yielding lets the tick's job go first.
            await Task.yield()
        }
        return next
    }
}
