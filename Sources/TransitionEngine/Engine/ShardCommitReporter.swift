/// Tells a shard's stacks how the writes of their commits went: an actor on the shard's `ShardExecutor`,
/// so that its `await` into each stack (which shares that executor) switches nothing and queues no job.
actor ShardCommitReporter {
    /// The process's reporters, one per shard executor.
    static let shared: [ShardCommitReporter] = ShardExecutor.shared.map(ShardCommitReporter.init)

    /// The reporter of shard `index` (shards beyond the processor count share executors, and reporters).
    static func forShard(_ index: Int) -> ShardCommitReporter { shared[index % shared.count] }

    /// The shard's executor.
    nonisolated let executor: ShardExecutor

    private init(executor: ShardExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

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
            // tick arriving meanwhile waits behind. Yielding lets the tick's job go first; only when one
            // waits, since each yield queues a job.
            if executor.hasWaitingTickJob { await Task.yield() }
        }
        return next
    }
}
