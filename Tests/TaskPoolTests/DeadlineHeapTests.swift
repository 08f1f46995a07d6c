import Testing
import TransitionTestSupport

@testable import TaskPool

@Suite struct DeadlineHeapTests {
    @Test func takesElementsInDeadlineOrderAndEqualDeadlinesInArrivalOrder() {
        var heap = DeadlineHeap<String>()
        heap.insert("c", deadline: 30)
        heap.insert("a1", deadline: 10)
        heap.insert("b", deadline: 20)
        heap.insert("a2", deadline: 10)
        heap.insert("a3", deadline: 10)
        #expect(heap.earliestDeadline == 10)
        var taken: [String] = []
        while let element = heap.popDue(now: 100) { taken.append(element) }
        #expect(taken == ["a1", "a2", "a3", "b", "c"])
        #expect(heap.count == 0)
        #expect(heap.earliestDeadline == nil)
    }

    @Test func leavesElementsThatAreNotDueYet() {
        var heap = DeadlineHeap<Int>()
        heap.insert(1, deadline: 5)
        heap.insert(2, deadline: 50)
        #expect(heap.popDue(now: 4) == nil)
        #expect(heap.popDue(now: 5) == 1)
        #expect(heap.popDue(now: 49) == nil)
        #expect(heap.earliestDeadline == 50)
        #expect(heap.count == 1)
    }

    /// Against a sorted reference, over interleaved inserts and takes with few distinct deadlines (so
    /// ties are common). Seeded; the seed is in the failure message.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func matchesAStableSortOverRandomOperations(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var heap = DeadlineHeap<Int>()
        var reference: [(deadline: Int64, element: Int)] = []
        var next = 0
        for step in 0..<2_000 {
            if random.next() % 3 != 0 {
                let deadline = Int64(random.next() % 16)
                heap.insert(next, deadline: deadline)
                reference.append((deadline, next))
                next += 1
            } else {
                let now = Int64(random.next() % 16)
                let expected = reference.enumerated()
                    .filter { $0.element.deadline <= now }
                    .min { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }
                let taken = heap.popDue(now: now)
                #expect(taken == expected?.element.element, "seed \(seed), step \(step)")
                if let expected { reference.remove(at: expected.offset) }
            }
            #expect(heap.count == reference.count, "seed \(seed), step \(step)")
        }
    }
}
