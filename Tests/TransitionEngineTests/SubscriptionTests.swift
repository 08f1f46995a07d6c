import Testing

@testable import SystemPrimitives
@testable import TransitionEngine

@Suite struct SubscriptionTests {
    typealias TestSubscription = Subscription<Int, String>

    /// Drains with poll() and renders "e:<event>" / "f:<frame>(+missed)" / "end" / "error:<code>".
    private func drain(_ subscription: TestSubscription) -> String {
        var parts: [String] = []
        loop: while true {
            switch subscription.poll() {
            case .element(.event(let event)): parts.append("e:\(event)")
            case .element(.frame(let frame, let missed)):
                parts.append("f:\(frame)" + (missed > 0 ? "(+\(missed))" : ""))
            case .empty: break loop
            case .finished(nil): parts.append("end"); break loop
            case .finished(let error?): parts.append("error:\(error.code)"); break loop
            }
        }
        return parts.joined(separator: " ")
    }

    @Test func framesCoalesceAndKeepTheirPlaceAmongEvents() {
        let subscription = TestSubscription(identifier: 1, eventCapacity: 8)
        subscription.send(frame: 1)
        subscription.send(event: "began")
        subscription.send(frame: 2)
        subscription.send(frame: 3)
        subscription.send(event: "completed")
        #expect(drain(subscription) == "e:began f:3(+2) e:completed")
        subscription.send(frame: 4)
        subscription.send(event: "x")
        #expect(drain(subscription) == "f:4 e:x")
        #expect(subscription.framesCoalesced == 2)
    }

    /// What a reader or a tick asks for ahead of a subscription covers where a read begins: the object's
    /// first line, and the lock with the whole queue behind it (a state grown past the lines asked for
    /// would make the hint partial, and the first read of each subscription miss again).
    @Test func cacheLinesCoverTheObjectTheLockAndTheQueue() {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 8)
        let lines = subscription.cacheLines
        #expect(lines.object.start == UnsafeRawPointer(Unmanaged.passUnretained(subscription).toOpaque()))
        #expect(lines.object.count == 1)
        subscription.state.storage.withUnsafeMutablePointers { value, mutex in
            let start = lines.state.start
            let end = start + lines.state.count * 64
            #expect(UnsafeRawPointer(value) > start && UnsafeRawPointer(value + 1) <= end)
            #expect(
                UnsafeRawPointer(mutex + 1) <= end, "the mutex ends \(UnsafeRawPointer(mutex + 1) - start) bytes in")
        }
    }

    @Test func aSubscriberTooFarBehindIsEndedWithAnError() {
        let subscription = TestSubscription(identifier: 1, eventCapacity: 3)
        #expect(subscription.send(event: "a"))
        #expect(subscription.send(event: "b"))
        #expect(subscription.send(event: "c"))
        #expect(!subscription.send(event: "d"))
        #expect(!subscription.send(frame: 1))
        #expect(drain(subscription) == "error:LimitExceeded")
        #expect(drain(subscription) == "error:LimitExceeded")
    }

    @Test func aCleanEndLeavesQueuedItemsReadable() {
        let subscription = TestSubscription(identifier: 1, eventCapacity: 3)
        subscription.send(event: "a")
        subscription.finish(error: nil)
        #expect(!subscription.send(event: "b"))
        #expect(drain(subscription) == "e:a end")
    }

    @Test func readinessHandlerRunsOnlyOnEmptyToNonEmpty() {
        let subscription = TestSubscription(identifier: 1, eventCapacity: 8)
        let calls = Locked(0)
        subscription.setReadinessHandler { calls.withLock { $0 += 1 } }
        subscription.send(event: "a")
        subscription.send(frame: 1)
        subscription.send(event: "b")
        #expect(calls.withLock { $0 } == 1)
        _ = drain(subscription)
        subscription.send(frame: 2)
        #expect(calls.withLock { $0 } == 2)
        subscription.cancel()
        #expect(calls.withLock { $0 } == 3)
    }

    /// A reader's handler captures the reader, which holds the subscription: the subscription must let go
    /// of it once it has ended, or both leak (the daemon lost about 6 KB per ended Subscribe call).
    @Test func theReadinessHandlerIsReleasedWhenTheSubscriptionEnds() {
        final class Reader: Sendable {}
        let subscription = TestSubscription(identifier: 1, eventCapacity: 8)
        let calls = Locked(0)
        weak var released: Reader?
        do {
            let reader = Reader()
            released = reader
            subscription.setReadinessHandler { withExtendedLifetime(reader) { calls.withLock { $0 += 1 } } }
        }
        #expect(released != nil)
        subscription.cancel()
        #expect(calls.withLock { $0 } == 1)
        #expect(released == nil)

        // Set after the end: called once at once, and not kept.
        do {
            let late = Reader()
            released = late
            subscription.setReadinessHandler { withExtendedLifetime(late) { calls.withLock { $0 += 1 } } }
        }
        #expect(calls.withLock { $0 } == 2)
        #expect(released == nil)
    }

    @Test func asyncIterationHandsOffToAWaitingConsumer() async throws {
        let subscription = TestSubscription(identifier: 1, eventCapacity: 8)
        let reader = Task {
            var seen: [String] = []
            for try await element in subscription {
                switch element {
                case .event(let event): seen.append(event)
                case .frame(let frame, _): seen.append("\(frame)")
                }
            }
            return seen
        }
        subscription.send(event: "a")
        subscription.send(frame: 7)
        subscription.send(event: "b")
        subscription.finish(error: nil)
        let seen = try await reader.value
        // The frame may be replaced by nothing newer, so every item arrives in order.
        #expect(seen == ["a", "7", "b"])
    }

    @Test func asyncIterationThrowsTheEndingError() async {
        let subscription = TestSubscription(identifier: 1, eventCapacity: 1)
        subscription.send(event: "a")
        subscription.send(event: "b")
        await #expect(throws: TransitionEngineError.self) {
            for try await _ in subscription {}
        }
    }
}
