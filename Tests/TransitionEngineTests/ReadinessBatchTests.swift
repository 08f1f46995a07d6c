import SystemThreads
import Testing

@testable import TransitionEngine

@Suite struct ReadinessBatchTests {
    @Test func handlersWaitForCallAllAndRunOnceInOrder() {
        let calls = Locked<[String]>([])
        let batch = ReadinessBatch()
        batch.append { calls.withLock { $0.append("a") } }
        batch.append { calls.withLock { $0.append("b") } }
        #expect(!batch.isEmpty)
        #expect(calls.withLock { $0 }.isEmpty)
        batch.callAll()
        #expect(calls.withLock { $0 } == ["a", "b"])
        #expect(batch.isEmpty)
        batch.callAll()
        #expect(calls.withLock { $0 } == ["a", "b"])
    }

    @Test func callingAllKeepsTheStorageForTheNextWalk() {
        let batch = ReadinessBatch()
        for _ in 0..<100 { batch.append {} }
        let capacity = batch.capacity
        batch.callAll()
        #expect(batch.isEmpty)
        #expect(batch.capacity == capacity)
        #expect(capacity >= 100)
    }

    @Test func aSubscriptionSendingWithABatchLeavesItsHandlerThere() {
        let calls = Locked(0)
        let subscription = Subscription<Int, String>(identifier: 1, eventCapacity: 4)
        subscription.setReadinessHandler { calls.withLock { $0 += 1 } }
        let batch = ReadinessBatch()
        subscription.send(frame: LazyFrame(1), readiness: batch)
        subscription.send(event: "began", readiness: batch)
        #expect(calls.withLock { $0 } == 0)
        #expect(!batch.isEmpty)
        batch.callAll()
        // Only the first item made the queue non-empty.
        #expect(calls.withLock { $0 } == 1)
        guard case .element(.frame(1, missedFrames: 0)) = subscription.poll() else {
            Issue.record("expected frame 1 first")
            return
        }
    }

    @Test func aPoolHandsBackWhatWasRecycledUpToItsLimit() {
        let pool = ReadinessBatchPool()
        let first = pool.take()
        let second = pool.take()
        #expect(first !== second)
        pool.recycle(first)
        #expect(pool.keptCount == 1)
        #expect(pool.take() === first)
        #expect(pool.keptCount == 0)
        for _ in 0..<(ReadinessBatchPool.maximumKept + 3) { pool.recycle(ReadinessBatch()) }
        #expect(pool.keptCount == ReadinessBatchPool.maximumKept)
    }

    /// Each shard's walk takes a batch from the scheduler's pool and gives it back once its handlers ran:
    /// after many ticks the pool holds one batch per shard, sized for the shard's stacks.
    @Test func ticksReuseTheirBatches() async throws {
        let shardCount = 2
        let harness = try Harness(shardCount: shardCount)
        let calls = Locked(0)
        var subscriptions: [StackSubscription] = []
        for index in 0..<8 {
            let stack = try await harness.engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
            let subscription = try await stack.subscribe()
            subscription.setReadinessHandler { calls.withLock { $0 += 1 } }
            subscriptions.append(subscription)
            try await stack.push(Fixtures.screen("a"))
        }
        let pool = harness.engine.context.scheduler.readinessBatches
        var seen: Set<ObjectIdentifier> = []
        for _ in 0..<5 {
            for subscription in subscriptions { while case .element = subscription.poll() {} }
            let before = calls.withLock { $0 }
            await harness.clock.advance(frames: 1)
            // Every subscription was drained, so each tick's frame made every queue non-empty again.
            #expect(calls.withLock { $0 } == before + subscriptions.count)
            #expect(pool.keptCount == shardCount)
            let kept = (0..<shardCount).map { _ in pool.take() }
            for batch in kept {
                seen.insert(ObjectIdentifier(batch))
                #expect(batch.capacity >= subscriptions.count / shardCount)
                pool.recycle(batch)
            }
        }
        #expect(seen.count == shardCount)
        for subscription in subscriptions { subscription.setReadinessHandler(nil) }
        await harness.clock.advance(frames: 100)
        #expect(await harness.pendingWork().isEmpty)
    }
}
