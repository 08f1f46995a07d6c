/// Elements ordered by deadline: a binary min-heap where equal deadlines leave in the order they came.
///
/// The pool keeps its timed jobs (`Task.sleep`) here; the earliest is always at hand, and inserting or
/// taking one costs O(log n).
struct DeadlineHeap<Element> {
    private struct Entry {
        var deadline: Int64
        /// Arrival order, to break ties between equal deadlines first in, first out.
        var sequence: UInt64
        var element: Element

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var entries: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// How many elements wait.
    var count: Int { entries.count }

    /// The earliest deadline, nanoseconds; nil when empty.
    var earliestDeadline: Int64? { entries.first?.deadline }

    /// Adds `element`, due at `deadline` (nanoseconds on whatever clock the caller uses throughout).
    mutating func insert(_ element: Element, deadline: Int64) {
        entries.append(Entry(deadline: deadline, sequence: nextSequence, element: element))
        nextSequence &+= 1
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest element if its deadline is at or before `now`.
    mutating func popDue(now: Int64) -> Element? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first.element }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].precedes(entries[smallest]) { smallest = left }
            if right < entries.count, entries[right].precedes(entries[smallest]) { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return first.element
    }
}
