import SystemPrimitives
import Testing

@testable import TransitionEngine

@Suite struct ReadinessBatchTests {
    @Test func eachTargetIsToldItsTokensOnceInOrder() {
        let first = RecordingReadinessTarget()
        let second = RecordingReadinessTarget()
        let batch = ReadinessBatch()
        batch.append(ReadinessRegistration(target: first, token: 3))
        batch.append(ReadinessRegistration(target: second, token: 7))
        batch.append(ReadinessRegistration(target: first, token: 1))
        batch.append(ReadinessRegistration(target: first, token: 3))
        #expect(!batch.isEmpty)
        #expect(first.calls.isEmpty && second.calls.isEmpty)
        batch.callAll()
        #expect(first.calls == [[3, 1, 3]])
        #expect(second.calls == [[7]])
        #expect(batch.isEmpty)
        batch.callAll()
        #expect(first.calls == [[3, 1, 3]])
        #expect(second.calls == [[7]])
    }

    /// A target joins a batch with one reference counted, and the batch lets go of it once called.
    @Test func aBatchHoldsItsTargetsOnlyUntilCalled() {
        weak var released: RecordingReadinessTarget?
        let batch = ReadinessBatch()
        do {
            let target = RecordingReadinessTarget()
            released = target
            for token in 0..<100 { batch.append(ReadinessRegistration(target: target, token: token)) }
        }
        #expect(released != nil)
        batch.callAll()
        #expect(released == nil)
    }

    @Test func callingAllKeepsTheStorageForTheNextWalk() {
        let target = RecordingReadinessTarget()
        let batch = ReadinessBatch()
        for token in 0..<100 { batch.append(ReadinessRegistration(target: target, token: token)) }
        let capacity = batch.tokenCapacity
        batch.callAll()
        #expect(batch.isEmpty)
        #expect(batch.tokenCapacity == capacity)
        #expect(capacity >= 100)
    }

    @Test func aSubscriptionSendingWithABatchLeavesItsTokenThere() {
        let target = RecordingReadinessTarget()
        let subscription = Subscription<Int, String>(identifier: 1, eventCapacity: 4)
        subscription.setReadinessTarget(target, token: 42)
        let batch = ReadinessBatch()
        subscription.send(frame: LazyFrame(1), readiness: batch)
        subscription.send(event: "began", readiness: batch)
        #expect(target.calls.isEmpty)
        #expect(!batch.isEmpty)
        batch.callAll()
        // Only the first item made the queue non-empty.
        #expect(target.calls == [[42]])
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

    /// Each shard's walk takes a batch from the scheduler's pool and gives it back once its readers were
    /// told: after many ticks the pool holds one batch per shard, sized for the shard's stacks, and each
    /// tick told the one target once per shard with the tokens of every stack.
    @Test func ticksReuseTheirBatchesAndTellEachTargetOncePerShard() async throws {
        let shardCount = 2
        let harness = try Harness(shardCount: shardCount)
        let target = RecordingReadinessTarget()
        var subscriptions: [StackSubscription] = []
        for index in 0..<8 {
            let stack = try await harness.engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
            let subscription = try await stack.subscribe()
            subscription.setReadinessTarget(target, token: index)
            subscriptions.append(subscription)
            try await stack.push(Fixtures.screen("a"))
        }
        let pool = harness.engine.context.scheduler.readinessBatches
        var seen: Set<ObjectIdentifier> = []
        for _ in 0..<5 {
            for subscription in subscriptions { while case .element = subscription.poll() {} }
            let before = target.calls.count
            await harness.clock.advance(frames: 1)
            // Every subscription was drained, so each tick's frame made every queue non-empty again.
            let calls = target.calls[before...]
            #expect(calls.count == shardCount)
            #expect(calls.flatMap { $0 }.sorted() == Array(subscriptions.indices))
            #expect(pool.keptCount == shardCount)
            let kept = (0..<shardCount).map { _ in pool.take() }
            for batch in kept {
                seen.insert(ObjectIdentifier(batch))
                #expect(batch.tokenCapacity >= subscriptions.count / shardCount)
                pool.recycle(batch)
            }
        }
        #expect(seen.count == shardCount)
        for subscription in subscriptions { subscription.setReadinessTarget(nil, token: 0) }
        await harness.clock.advance(frames: 100)
        #expect(await harness.pendingWork().isEmpty)
    }
}
