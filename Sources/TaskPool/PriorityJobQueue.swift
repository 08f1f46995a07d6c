/// Ready jobs in three lanes by priority, first in, first out within a lane: a job of a higher lane
/// always runs before any of a lower one, as libdispatch's quality-of-service queues do.
struct PriorityJobQueue<Job> {
    /// The lane a `TaskPriority` raw value falls in: 0 for high and user-initiated (25 and above), 1 for
    /// medium and unspecified (0), 2 for low, utility and background.
    static func lane(forPriority rawValue: UInt8) -> Int {
        switch rawValue {
        case 25...: 0
        case 0, 21..<25: 1
        default: 2
        }
    }

    private var lanes: [FirstInFirstOut<Job>] = Array(repeating: FirstInFirstOut(), count: 3)

    /// Whether no job waits.
    var isEmpty: Bool { lanes.allSatisfy(\.isEmpty) }

    /// Adds `job` at the back of the lane of `priority` (a `TaskPriority` raw value).
    mutating func push(_ job: Job, priority: UInt8) {
        lanes[Self.lane(forPriority: priority)].push(job)
    }

    /// Removes and returns the job that runs next.
    mutating func pop() -> Job? {
        for lane in lanes.indices where !lanes[lane].isEmpty { return lanes[lane].pop() }
        return nil
    }
}

/// A queue on an array with a moving head; the space of taken elements is reclaimed once it is half the
/// array, so push and pop are amortized O(1).
struct FirstInFirstOut<Element> {
    private var elements: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == elements.count }

    mutating func push(_ element: Element) { elements.append(element) }

    mutating func pop() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        elements[head] = nil
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }
}
