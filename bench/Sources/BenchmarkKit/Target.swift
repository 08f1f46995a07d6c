/// A bound a figure must meet, from the issue that set it.
public struct Target: Sendable {
    /// What the bound applies to.
    public enum Kind: String, Sendable {
        /// The cost ratio to the peer (see `MeasurementUnit.ratio`) is at most the limit.
        case ratioAtMost
        /// The median value is strictly better than the limit, in the figure's unit: below it when lower is
        /// better, above it when higher is better.
        case valueBelow
        /// The median value is at most the limit (whatever the unit's direction).
        case valueAtMost
        /// The median value is at least the limit (whatever the unit's direction).
        case valueAtLeast
        /// The heap allocations per call are at most the limit.
        case allocationsPerCallAtMost
    }

    /// What the bound applies to.
    public let kind: Kind
    /// The bound.
    public let limit: Double

    /// Creates a target.
    public init(_ kind: Kind, _ limit: Double) {
        self.kind = kind
        self.limit = limit
    }

    /// The ratio to the peer is at most `limit` (1.5: at most half as slow again as the C floor).
    public static func ratioAtMost(_ limit: Double) -> Target { Target(.ratioAtMost, limit) }
    /// The median is below `limit` in the figure's unit.
    public static func valueBelow(_ limit: Double) -> Target { Target(.valueBelow, limit) }
    /// The median is at most `limit` ("within 9.33 ms", "0 wake-ups per second").
    public static func valueAtMost(_ limit: Double) -> Target { Target(.valueAtMost, limit) }
    /// The median is at least `limit` ("10,000 stacks").
    public static func valueAtLeast(_ limit: Double) -> Target { Target(.valueAtLeast, limit) }
    /// No heap allocation per call.
    public static let noAllocations = Target(.allocationsPerCallAtMost, 0)

    /// The target as the table shows it: "≤ 1.5×", "< 2.00 µs", "≥ 10,000 stacks", "0 allocs".
    public func description(unit: MeasurementUnit) -> String {
        switch kind {
        case .ratioAtMost: return "≤ " + DecimalFormatting.significant(limit) + "×"
        case .valueBelow: return (unit.lowerIsBetter ? "< " : "> ") + unit.format(limit)
        case .valueAtMost: return "≤ " + unit.format(limit)
        case .valueAtLeast: return "≥ " + unit.format(limit)
        case .allocationsPerCallAtMost:
            return limit == 0 ? "0 allocs" : "≤ " + DecimalFormatting.significant(limit) + " allocs"
        }
    }

    /// Whether `result` meets the bound; nil when the result lacks what the bound needs (no peer, an
    /// allocation counter that could not be verified).
    public func isMet(by result: BenchmarkResult) -> Bool? {
        switch kind {
        case .ratioAtMost:
            return result.ratio.map { $0 <= limit }
        case .valueBelow:
            guard let ours = result.ours else { return nil }
            return result.unit.lowerIsBetter ? ours.median < limit : ours.median > limit
        case .valueAtMost:
            return result.ours.map { $0.median <= limit }
        case .valueAtLeast:
            return result.ours.map { $0.median >= limit }
        case .allocationsPerCallAtMost:
            return result.allocationsPerCall.map { $0 <= limit }
        }
    }
}
