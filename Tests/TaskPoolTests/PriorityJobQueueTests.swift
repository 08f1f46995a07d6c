import Testing
import TransitionTestSupport

@testable import TaskPool

@Suite struct PriorityJobQueueTests {
    /// TaskPriority's raw values (Swift's TaskPriority: high 25, medium 21, low 17, background 9;
    /// userInitiated = high, utility = low; 0 when a job has none).
    @Test func lanesFollowTaskPriorities() {
        #expect(PriorityJobQueue<Int>.lane(forPriority: TaskPriority.high.rawValue) == 0)
        #expect(PriorityJobQueue<Int>.lane(forPriority: TaskPriority.userInitiated.rawValue) == 0)
        #expect(PriorityJobQueue<Int>.lane(forPriority: 33) == 0)
        #expect(PriorityJobQueue<Int>.lane(forPriority: TaskPriority.medium.rawValue) == 1)
        #expect(PriorityJobQueue<Int>.lane(forPriority: 0) == 1)
        #expect(PriorityJobQueue<Int>.lane(forPriority: TaskPriority.low.rawValue) == 2)
        #expect(PriorityJobQueue<Int>.lane(forPriority: TaskPriority.utility.rawValue) == 2)
        #expect(PriorityJobQueue<Int>.lane(forPriority: TaskPriority.background.rawValue) == 2)
    }

    @Test func higherLanesGoFirstAndEachLaneIsFirstInFirstOut() {
        var queue = PriorityJobQueue<String>()
        #expect(queue.isEmpty)
        queue.push("low1", priority: TaskPriority.low.rawValue)
        queue.push("medium1", priority: TaskPriority.medium.rawValue)
        queue.push("high1", priority: TaskPriority.high.rawValue)
        queue.push("low2", priority: TaskPriority.background.rawValue)
        queue.push("medium2", priority: 0)
        queue.push("high2", priority: TaskPriority.userInitiated.rawValue)
        var order: [String] = []
        while let job = queue.pop() { order.append(job) }
        #expect(order == ["high1", "high2", "medium1", "medium2", "low1", "low2"])
        #expect(queue.isEmpty)
    }

    /// Against an array, over long runs of pushes and pops (the queue compacts its storage as it goes).
    @Test(arguments: [7, 8, 9] as [UInt64])
    func firstInFirstOutMatchesAnArray(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var queue = FirstInFirstOut<Int>()
        var reference: [Int] = []
        for value in 0..<20_000 {
            if random.next() % 5 < 3 {
                queue.push(value)
                reference.append(value)
            } else {
                #expect(queue.pop() == (reference.isEmpty ? nil : reference.removeFirst()), "seed \(seed)")
            }
            #expect(queue.isEmpty == reference.isEmpty, "seed \(seed)")
        }
        while let value = queue.pop() { #expect(value == reference.removeFirst(), "seed \(seed)") }
        #expect(reference.isEmpty)
    }
}
