/// Percentiles of a set of samples by the nearest-rank method: the smallest sample such that at least
/// the given fraction of all samples are at most it (so p100 is the maximum and nothing is interpolated).
public struct Percentiles: Sendable {
    /// The samples, sorted ascending.
    public let sorted: [Int64]

    /// Sorts `samples`.
    public init(_ samples: [Int64]) { sorted = samples.sorted() }

    /// The number of samples.
    public var count: Int { sorted.count }

    /// The nearest-rank value at `fraction` in (0, 1]; 0 when there are no samples.
    public func value(at fraction: Double) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The median.
    public var p50: Int64 { value(at: 0.5) }
    /// The 99th percentile.
    public var p99: Int64 { value(at: 0.99) }
    /// The largest sample.
    public var maximum: Int64 { sorted.last ?? 0 }
}
