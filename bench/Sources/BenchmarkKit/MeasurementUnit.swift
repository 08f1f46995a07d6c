/// The unit of a figure and which direction is better.
///
/// Core benchmarks report nanoseconds per operation; the engine and sockets groups add latencies (also
/// nanoseconds), rates (requests per second, where higher is better), counts of stacks and wake-ups per
/// second. Ratios are always stated as a cost: ours ÷ peer when lower is better, peer ÷ ours when higher
/// is better, so a ratio above 1 means we do worse than the peer.
public struct MeasurementUnit: Sendable, Equatable {
    /// The unit's symbol in the JSON files ("ns", "requests/s", "stacks").
    public let symbol: String
    /// Whether smaller values are better.
    public let lowerIsBetter: Bool

    /// Creates a unit.
    public init(symbol: String, lowerIsBetter: Bool) {
        self.symbol = symbol
        self.lowerIsBetter = lowerIsBetter
    }

    /// Nanoseconds: per operation for timed figures (CPU time per call), or a latency (wall time).
    public static let nanosecondsPerOperation = MeasurementUnit(symbol: "ns", lowerIsBetter: true)
    /// Nanoseconds of latency; the same unit as `nanosecondsPerOperation`, named for readability.
    public static let nanoseconds = nanosecondsPerOperation
    /// Requests (or messages) handled per second of wall time.
    public static let requestsPerSecond = MeasurementUnit(symbol: "requests/s", lowerIsBetter: false)
    /// Frames delivered per second of wall time.
    public static let framesPerSecond = MeasurementUnit(symbol: "frames/s", lowerIsBetter: false)
    /// A number of stacks (a capacity: more is better).
    public static let stacks = MeasurementUnit(symbol: "stacks", lowerIsBetter: false)
    /// Context switches (wake-ups) per second of wall time.
    public static let wakeupsPerSecond = MeasurementUnit(symbol: "wake-ups/s", lowerIsBetter: true)
    /// Per 100 frames of those counted (skipped frames: lower is better).
    public static let percentOfFrames = MeasurementUnit(symbol: "%", lowerIsBetter: true)

    /// The value for the table: for nanoseconds, "17.3 ns", "1.27 µs", "12.5 ms"; whole counts and rates
    /// of 1,000 and more with thousands separators ("45,210 requests/s", "0 wake-ups/s"); else three
    /// significant digits ("0.20 wake-ups/s").
    public func format(_ value: Double) -> String {
        guard self == .nanosecondsPerOperation else {
            if abs(value) >= 1_000 || value == value.rounded() {
                return DecimalFormatting.grouped(value) + " " + symbol
            }
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
