/// A growable stack in manually managed memory that hands out its top elements as an array.
///
/// The parser keeps finished values here until their container closes, then moves them into an array of
/// exactly the right size: one allocation per container, where appending to a growing array would
/// reallocate several times. The stack starts in memory lent by the caller (usually on the thread's
/// stack) and moves to the heap only when it outgrows it.
struct ScratchStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Whether `base` was allocated here (after growing) rather than lent at initialization.
    private var ownsStorage = false
    /// The number of elements on the stack.
    private(set) var count = 0

    /// Creates an empty stack in `storage`, which must stay valid (and unused elsewhere) for the stack's
    /// lifetime and be uninitialized.
    init(lending storage: UnsafeMutableBufferPointer<Element>) {
        precondition(storage.count > 0, "A scratch stack needs room for at least one element")
        base = storage.baseAddress!
        capacity = storage.count
    }

    deinit {
        base.deinitialize(count: count)
        if ownsStorage { base.deallocate() }
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

    /// Removes elements from the top until `newCount` remain.
    ///
    /// - Precondition: `newCount` is in `0...count`.
    mutating func drop(toCount newCount: Int) {
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Removes and returns the top element.
    ///
    /// - Precondition: The stack is not empty.
    mutating func pop() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Moves the elements from `start` to the top into a new array of exactly their count, leaving
    /// `start` elements.
    ///
    /// `Array.init(_:)` over ``MovedElements`` allocates through the specialized path and then moves the
    /// elements bytewise. (`Array(unsafeUninitializedCapacity:)` and `Array(repeating:count:)` look up
    /// the storage class's generic metadata on every call; copying from an `UnsafeBufferPointer` calls
    /// the copy and destroy witnesses of every element. Both measured slower.)
    ///
    /// - Precondition: `start` is in `0...count`.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        var wasMoved = false
        let array = withUnsafeMutablePointer(to: &wasMoved) { flag in
            Array(MovedElements(base: base + start, count: moved, wasMoved: flag))
        }
        // Should `Array.init(_:)` ever copy through the subscript instead, the originals are still here.
        if !wasMoved { (base + start).deinitialize(count: moved) }
        count = start
        return array
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsStorage = true
    }
}

/// Elements in memory that an array initializer moves rather than copies: `_copyContents(initializing:)`,
/// which `Array.init(_:)` uses to fill its new storage, moves them and sets `wasMoved`.
struct MovedElements<Element>: RandomAccessCollection {
    /// Walks the elements by copying them; only used should `Array.init(_:)` not call `_copyContents`.
    struct Iterator: IteratorProtocol {
        let elements: MovedElements
        var position: Int

        mutating func next() -> Element? {
            guard position < elements.count else { return nil }
            defer { position += 1 }
            return elements.base[position]
        }
    }

    let base: UnsafeMutablePointer<Element>
    let count: Int
    let wasMoved: UnsafeMutablePointer<Bool>

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element { base[position] }

    func makeIterator() -> Iterator { Iterator(elements: self, position: 0) }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (Iterator, Int) {
        precondition(buffer.count >= count && !wasMoved.pointee, "Elements can be moved out only once")
        buffer.baseAddress!.moveInitialize(from: base, count: count)
        wasMoved.pointee = true
        // Every element is consumed, so the returned iterator starts at the end.
        return (Iterator(elements: self, position: count), count)
    }
}
