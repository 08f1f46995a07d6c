/// The isolation a shard's tick walk and commit reports run in: an actor on the shard's `ShardExecutor`,
/// the executor every `StackActor` of the shard shares.
///
/// Calling a stack actor from here is a plain call on the same thread: the runtime switches only when the
/// caller's executor differs from the callee's (`swift_task_switch`), and here they are one executor. From
/// a nonisolated function, even one running on that executor as its task executor, every call into a stack
/// actor was a job enqueued on the executor (one per stack and tick).
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
    func walk(_ stacks: [StackActor], _ tick: ClockTick) async -> ([StackActor.Commit], ReadinessBatch) {
        var commits: [StackActor.Commit] = []
        let readiness = ReadinessBatch()
        for stack in stacks {
            // The same executor: the runtime enters the stack and comes back without a job or a suspension.
            if let commit = await stack.handleTick(tick, readiness: readiness) { commits.append(commit) }
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
