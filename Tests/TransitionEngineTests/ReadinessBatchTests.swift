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
}
