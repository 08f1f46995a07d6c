/// A log-linear histogram of non-negative nanosecond durations with bounded relative error.
///
/// Values below 64 ns get one bucket each; above, every power of two is split into 32 buckets, so a
/// reported percentile is at most 1/32 (3.1 %) above the true value. The layout follows the idea of
/// HdrHistogram (significant bits per power of two) with a fixed 2,048-bucket array and no allocation
/// after creation, so the timing thread can record into it on every tick.
public struct LatenessHistogram: Sendable, Equatable {
    /// Sub-buckets per power of two (2⁵): the resolution of the histogram.
    static let subBucketBits = 5
    static let subBucketCount = 1 << subBucketBits
    /// 64 exponents × 32 sub-buckets cover every `Int64`.
    static let bucketCount = 64 * subBucketCount

    private var counts: [UInt64]
    /// Number of recorded values.
    public private(set) var count: UInt64 = 0
    /// Largest recorded value, exact, in nanoseconds (0 when empty).
    public private(set) var maximum: Int64 = 0
    /// Sum of the recorded values in nanoseconds (saturating), for the mean.
    public private(set) var sum: Int64 = 0

    /// Creates an empty histogram.
    public init() { counts = Array(repeating: 0, count: Self.bucketCount) }

    /// Records one duration; negative values count as 0.
    public mutating func record(_ nanoseconds: Int64) {
        let value = max(nanoseconds, 0)
        counts[Self.bucket(of: value)] &+= 1
        count &+= 1
        maximum = max(maximum, value)
        let (total, overflow) = sum.addingReportingOverflow(value)
        sum = overflow ? Int64.max : total
    }

    /// Forgets every value.
    public mutating func reset() { self = LatenessHistogram() }

    /// The smallest recorded-bucket upper bound below which at least `fraction` of the values lie, in
    /// nanoseconds, clamped to `maximum`. `fraction` is clamped to [0, 1]; an empty histogram gives 0.
    ///
    /// Example: after recording 1, 2, ..., 100 µs, `value(atFraction: 0.5)` is within 3.1 % above 50 µs.
    public func value(atFraction fraction: Double) -> Int64 {
        guard count > 0 else { return 0 }
        let clamped = fraction.isNaN ? 1 : min(max(fraction, 0), 1)
        let rank = max(UInt64((clamped * Double(count)).rounded(.up)), 1)
        var seen: UInt64 = 0
        for index in counts.indices where counts[index] > 0 {
            seen += counts[index]
            if seen >= rank { return min(Self.upperBound(ofBucket: index), maximum) }
        }
        return maximum
    }

    /// The median in nanoseconds.
    public var p50: Int64 { value(atFraction: 0.5) }
    /// The 99th percentile in nanoseconds.
    public var p99: Int64 { value(atFraction: 0.99) }

    static func bucket(of value: Int64) -> Int {
        if value < Int64(subBucketCount * 2) { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount  // ≥ 6
        let shift = exponent - subBucketBits
        let subBucket = Int(value >> shift) - subBucketCount  // 0..<32
        return (exponent - subBucketBits + 1) * subBucketCount + subBucket
    }

    static func upperBound(ofBucket index: Int) -> Int64 {
        if index < subBucketCount * 2 { return Int64(index) }
        let exponent = index / subBucketCount + subBucketBits - 1
        let shift = exponent - subBucketBits
        let subBucket = Int64(index % subBucketCount + subBucketCount)
        let (upper, overflow) = ((subBucket + 1) << shift).subtractingReportingOverflow(1)
        return overflow || exponent >= 63 ? Int64.max : upper
    }
}
