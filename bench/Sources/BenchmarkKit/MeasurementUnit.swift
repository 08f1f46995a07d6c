/// The unit of a figure and which direction is better.
///
/// Core benchmarks report nanoseconds per operation; later groups add rates (requests per second, where
/// higher is better), latencies and sizes. Ratios are always stated as a cost: ours ÷ peer when lower is
/// better, peer ÷ ours when higher is better, so a ratio above 1 means we do worse than the peer.
public struct MeasurementUnit: Sendable, Equatable {
    /// The unit's symbol in the JSON files ("ns", "requests/s", "bytes").
    public let symbol: String
    /// Whether smaller values are better.
    public let lowerIsBetter: Bool

    /// Creates a unit.
    public init(symbol: String, lowerIsBetter: Bool) {
        self.symbol = symbol
        self.lowerIsBetter = lowerIsBetter
    }

    /// Nanoseconds per operation.
    public static let nanosecondsPerOperation = MeasurementUnit(symbol: "ns", lowerIsBetter: true)

    /// The value for the table: for nanoseconds, "17.3 ns", "1.27 µs", "12.5 ms".
    public func format(_ value: Double) -> String {
        guard self == .nanosecondsPerOperation else {
            return DecimalFormatting.significant(value) + " " + symbol
        }
        if value < 1_000 { return DecimalFormatting.fixed(value, decimals: 1) + " ns" }
        if value < 1_000_000 { return DecimalFormatting.fixed(value / 1_000, decimals: 2) + " µs" }
        return DecimalFormatting.fixed(value / 1_000_000, decimals: 2) + " ms"
    }

    /// The cost ratio of `ours` to `peer` (see the type's documentation); nil when it is undefined.
    public func ratio(ours: Double, peer: Double) -> Double? {
        let ratio = lowerIsBetter ? ours / peer : peer / ours
        return ratio.isFinite ? ratio : nil
    }
}
