import Testing
import TransitionCore

@testable import SystemPrimitives
@testable import TransitionEngine

/// `Subscription.poll(reusing:drained:)`: a reader that stops when told the queue is drained reads every
/// item, and is told again when the next one arrives.
@Suite struct PollDrainedTests {
    private func frame(_ index: Int64) -> LazyFrame<Frame> {
        LazyFrame(Frame(stack: "main", index: index, time: Double(index) / 60, transition: nil, nodes: []))
    }

    private func event(_ kind: StackEvent.Kind) -> StackEvent {
        StackEvent(
            kind: kind, stack: "main", frameIndex: 1, transition: 1, operation: .push, animator: "slide",
            from: "home", to: "detail", interactive: false)
    }

    /// One poll, rendered "f<index>" / "e:<kind>" / "empty" / "end", with "+drained" when it said so.
    private func poll(_ subscription: StackSubscription) -> String {
        var spare: Frame?
        var drained = false
        let item =
            switch subscription.poll(reusing: &spare, drained: &drained) {
            case .element(.frame(let frame, _)): "f\(frame.index)"
            case .element(.event(let event)): "e:\(event.kind)"
            case .empty: "empty"
            case .finished: "end"
            }
        return drained ? item + "+drained" : item
    }

    @Test func drainedIsSaidWithTheLastItemQueued() {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 8)
        subscription.send(event: event(.began))
        subscription.send(frame: frame(1))
        subscription.send(event: event(.completed))
        #expect(poll(subscription) == "e:began")
        #expect(poll(subscription) == "f1")
        #expect(poll(subscription) == "e:completed+drained")
        #expect(poll(subscription) == "empty+drained")
        subscription.send(frame: frame(2))
        #expect(poll(subscription) == "f2+drained")
    }

    /// After the end the reader must poll once more, to be told `.finished`.
    @Test func drainedIsNotSaidOnceTheSubscriptionHasEnded() {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 8)
        subscription.send(frame: frame(1))
        subscription.finish(error: nil)
        #expect(poll(subscription) == "f1")
        #expect(poll(subscription) == "end")
        #expect(poll(subscription) == "end")
    }

    /// A reader that stops at `drained` and waits to be told reads every item sent, in order: the queue
    /// it left empty tells it of the next item, as it does after `.empty`.
    @Test func aReaderStoppingAtDrainedIsToldOfEveryLaterItem() {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 8)
        let told = Locked(0)
        subscription.setReadinessHandler { told.withLock { $0 += 1 } }
        var read: [String] = []
        var readsWhenTold = 0
        for index in Int64(1)...5 {
            subscription.send(frame: frame(index))
            if index.isMultiple(of: 2) { subscription.send(event: event(.stackChanged)) }
            // Read only when told, as a reader registered with the subscription does.
            guard told.withLock({ $0 }) > readsWhenTold else { continue }
            readsWhenTold = told.withLock { $0 }
            while true {
                let item = poll(subscription)
                read.append(item)
                if item.hasSuffix("+drained") { break }
            }
        }
        #expect(
            read == [
                "f1+drained", "f2", "e:stackChanged+drained", "f3+drained", "f4", "e:stackChanged+drained",
                "f5+drained",
            ])
        #expect(told.withLock { $0 } == 5)
    }
}
