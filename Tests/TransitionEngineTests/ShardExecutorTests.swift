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
}
