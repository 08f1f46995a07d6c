/// A growable stack in manually managed memory that hands out its top elements by moving them.
///
/// The parser keeps finished values here until their container closes, then moves them into an array of
/// exactly the right size: one allocation per container and no retain/release traffic, where appending
/// to a growing array would reallocate several times.
struct ScratchStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    init(initialCapacity: Int) {
        capacity = max(initialCapacity, 1)
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The element at `index`, counted from the bottom.
    ///
    /// - Precondition: `index` is in `0..<count`.
    subscript(index: Int) -> Element {
        get { base[index] }
        _modify { yield &base[index] }
    }

    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the top element.
    ///
    /// - Precondition: The stack is not empty.
    mutating func pop() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Moves the elements from `start` to the top into a new array, leaving `start` elements.
    ///
    /// - Precondition: `start` is in `0...count`.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = base + start
        let array = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
        count = start
        return array
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
