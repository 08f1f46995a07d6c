import Testing

@testable import TransitionEngine

@Suite struct ShardExecutorTests {
    /// The kernel keeps 15 bytes of a thread's name (prctl(2) PR_SET_NAME): up to 99 processors, every
    /// shard's name is kept whole and tells it apart from the others.
    @Test func shardNamesFitTheKernelsLimit() {
        let names = (0..<100).map(ShardExecutor.threadName(forShard:))
        #expect(names.allSatisfy { $0.utf8.count <= 15 }, "\(names.filter { $0.utf8.count > 15 })")
        #expect(Set(names).count == names.count)
        #expect(ShardExecutor.shared.count >= 1)
    }

    /// An ordinary job that works in steps sees a tick job queued behind it (and yields to it only then,
    /// `ShardCommitReporter.report`); the tick job, once taken, no longer counts as waiting.
    @Test func anOrdinaryJobSeesATickJobWaitingBehindIt() async {
        // An executor of its own: the shared ones run other tests' ticks.
        let executor = ShardExecutor(name: "transitiond-t")
        let seen = await Task(executorPreference: executor) {
            let before = executor.hasWaitingTickJob
            let tick = Task(executorPreference: executor.tickLane) { executor.hasWaitingTickJob }
            return (before: before, queued: executor.hasWaitingTickJob, tick: tick)
        }.value
        #expect(!seen.before)
        #expect(seen.queued)
        #expect(await seen.tick.value == false)
        #expect(!executor.hasWaitingTickJob)
    }
}
