/// The per-batch results of one measured figure and their summary statistics.
///
/// Each sample is one batch's mean (for time: nanoseconds per operation over a batch lasting at least the
/// minimum batch time). The median is the headline: robust against batches slowed by other processes on
/// a shared machine. The minimum is the best case seen. `spread` is (maximum − minimum) / median: how
/// much the machine disturbed the batches (0.05 = 5 %).
public struct Measurement: Sendable {
    /// The batch results in the order measured.
    public let samples: [Double]
    /// The median of `samples` (the mean of the middle two for an even count).
    public let median: Double
    /// The smallest sample.
    public let minimum: Double
    /// The largest sample.
    public let maximum: Double

    /// Summarizes `samples`, which must not be empty.
    public init(samples: [Double]) {
        precondition(!samples.isEmpty, "a measurement needs at least one sample")
        self.samples = samples
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
    }

    /// (maximum − minimum) / median; 0 when the median is 0.
    public var spread: Double {
        median == 0 ? 0 : (maximum - minimum) / median
    }
}
