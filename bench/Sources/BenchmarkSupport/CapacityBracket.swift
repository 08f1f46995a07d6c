/// The count a capacity search measures next: doubling from the first count until one fails or the
/// largest passes, then the middle of the bracket between the largest count that passed and the smallest
/// that failed, until the bracket is narrower than `resolution` of the passing count or `smallestStep`.
///
/// Counts in the middle are rounded down to a multiple of `smallestStep` where that stays above the
/// passing count, so that searches read round numbers. Feed it every measured count with `record`.
public struct CapacityBracket: Sendable {
    /// The largest count tried.
    public let maximum: Int
    /// Bisection stops when the bracket is narrower than this fraction of the passing count…
    public let resolution: Double
    /// …or than this many.
    public let smallestStep: Int
    /// The largest count that passed so far (0: none).
    public private(set) var passed = 0
    /// The smallest count that failed so far.
    public private(set) var failed: Int?
    /// The count to measure next; nil when the search is over.
    public private(set) var next: Int?

    /// A search starting at `initial` (at least 1, at most `maximum`).
    public init(initial: Int, maximum: Int, resolution: Double, smallestStep: Int) {
        precondition(initial >= 1 && initial <= maximum && smallestStep >= 1, "an empty capacity search")
        self.maximum = maximum
        self.resolution = resolution
        self.smallestStep = smallestStep
        next = initial
    }

    /// Records whether `count` passed and picks the next count.
    public mutating func record(_ count: Int, passed didPass: Bool) {
        if didPass { passed = max(passed, count) } else { failed = min(failed ?? count, count) }
        guard let failed else {
            next = passed >= maximum ? nil : min(max(passed * 2, 1), maximum)
            return
        }
        let width = failed - passed
        if width <= max(Int(Double(passed) * resolution), smallestStep) {
            next = nil
            return
        }
        let middle = (passed + failed) / 2
        let rounded = middle / smallestStep * smallestStep
        next = rounded > passed ? rounded : middle
    }
}
