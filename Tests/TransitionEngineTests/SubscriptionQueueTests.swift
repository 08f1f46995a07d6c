import Testing
import TransitionTestSupport

@testable import TransitionEngine

/// The pure queue behind a subscription, against a model written the plain way: a list of items in
/// delivery order, where a new frame drops the waiting one and goes after every event queued so far.
@Suite struct SubscriptionQueueTests {
    private struct Model {
        enum Entry: Equatable, CustomStringConvertible {
            case event(Int)
            case frame(Int, missed: Int)

            var description: String {
                switch self {
                case .event(let value): "e\(value)"
                case .frame(let value, let missed): "f\(value)(+\(missed))"
                }
            }
        }

        var entries: [Entry] = []

        var isEmpty: Bool { entries.isEmpty }
        var eventCount: Int { entries.count { if case .event = $0 { true } else { false } } }

        mutating func offer(frame: Int) -> Bool {
            var missed = 0
            if let index = entries.firstIndex(where: { if case .frame = $0 { true } else { false } }) {
                if case .frame(_, let before) = entries[index] { missed = before + 1 }
                entries.remove(at: index)
            }
            entries.append(.frame(frame, missed: missed))
            return missed > 0
        }

        mutating func take() -> Entry? { entries.isEmpty ? nil : entries.removeFirst() }
    }

    private func entry(_ item: SubscriptionQueue<Int, Int>.Item?) -> Model.Entry? {
        switch item {
        case .event(let value): .event(value)
        case .frame(let value, let missed): .frame(value, missed: missed)
        case nil: nil
        }
    }

    /// Thousands of random offers and takes, with runs of events long enough to compact the storage
    /// (64 taken from the front): every take, count and emptiness agrees with the model.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomOffersAndTakesMatchTheModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var queue = SubscriptionQueue<Int, Int>(eventCapacity: 200)
        var model = Model()
        var next = 0
        for step in 0..<20_000 {
            next += 1
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4:
                let accepted = queue.offer(event: next)
                if model.eventCount < 200 {
                    guard case .accepted(let wasEmpty) = accepted else {
                        Issue.record("step \(step): event refused below capacity")
                        return
                    }
                    #expect(wasEmpty == model.isEmpty, "step \(step)")
                    model.entries.append(.event(next))
                } else {
                    guard case .overflow = accepted else {
                        Issue.record("step \(step): event accepted at capacity")
                        return
                    }
                }
            case 4..<6:
                let wasEmpty = model.isEmpty
                let replaced = model.offer(frame: next)
                let offered = queue.offer(frame: next)
                #expect(offered.wasEmpty == wasEmpty && offered.replaced == replaced, "step \(step)")
            default:
                // Takes in bursts, so the queue both fills up and drains completely.
                for _ in 0..<Int.random(in: 1...40, using: &generator) {
                    let expected = model.take()
                    #expect(entry(queue.take()) == expected, "step \(step)")
                    if expected == nil { break }
                }
            }
            #expect(queue.queuedEvents == model.eventCount, "step \(step)")
            #expect(queue.isEmpty == model.isEmpty, "step \(step)")
        }
        while let expected = model.take() { #expect(entry(queue.take()) == expected) }
        #expect(entry(queue.take()) == nil)
    }

    /// Events taken from the front of a long queue are compacted away (64 or more, and at least half the
    /// storage) without losing or reordering what waits, a frame among them included.
    @Test func compactingKeepsTheOrder() {
        var queue = SubscriptionQueue<Int, Int>(eventCapacity: 1_000)
        for value in 0..<100 { _ = queue.offer(event: value) }
        _ = queue.offer(frame: -1)
        var taken: [Model.Entry] = []
        for _ in 0..<70 { taken.append(entry(queue.take())!) }
        #expect(queue.head < 70, "70 of 100 events were taken and the storage was never compacted")
        for value in 100..<200 { _ = queue.offer(event: value) }
        while let item = entry(queue.take()) { taken.append(item) }
        let expected =
            (0..<100).map { Model.Entry.event($0) } + [.frame(-1, missed: 0)] + (100..<200).map { .event($0) }
        #expect("\(taken)" == "\(expected)")
        #expect(queue.isEmpty && queue.queuedEvents == 0)
    }

    /// `removeAll` leaves an empty queue that takes events and frames as a new one would.
    @Test func removeAllEmptiesTheQueue() {
        var queue = SubscriptionQueue<Int, Int>(eventCapacity: 4)
        _ = queue.offer(event: 1)
        _ = queue.offer(frame: 2)
        _ = queue.offer(event: 3)
        queue.removeAll()
        #expect(queue.isEmpty && queue.queuedEvents == 0 && entry(queue.take()) == nil)
        guard case .accepted(wasEmpty: true) = queue.offer(event: 4) else {
            Issue.record("the first event after removeAll did not find the queue empty")
            return
        }
        #expect(entry(queue.take()) == .event(4))
    }
}
