import TransitionCore

/// The velocity of a pointer at its latest sample, in points per second, estimated from its recent
/// samples.
///
/// UIKit does not publish how `UIPanGestureRecognizer.velocity(in:)` is computed, so the method is the one
/// the open toolkits that imitate it on touch screens document, Flutter's `VelocityTracker` (and Android's
/// LSQ2 strategy): a least-squares fit of a quadratic in time to each coordinate of the samples of the
/// last `window` seconds (at most `maximumSamples`), whose slope at the latest sample is the velocity
/// (`_horizonMilliseconds`, `_historySize`, `_minSampleSize` in Flutter's
/// packages/flutter/lib/src/gestures/velocity_tracker.dart). Fewer than three samples give zero, as there.
/// A pause longer than `stoppedGap` between two samples cuts the window there (Flutter's
/// `_assumePointerMoveStoppedMilliseconds`), so a finger that rested before lifting, whose lift is a
/// sample, has no velocity. Motion at constant velocity or constant acceleration is estimated exactly, at
/// any sample rate and with uneven intervals.
public struct PointerVelocityEstimator: Sendable, Equatable {
    /// How far back samples count, in seconds: 100 ms (Flutter's `_horizonMilliseconds`).
    public static let window = 0.1
    /// The most samples kept: 20 (Flutter's `_historySize`).
    public static let maximumSamples = 20
    /// The longest pause between two samples of one motion, in seconds: 40 ms (Flutter's
    /// `_assumePointerMoveStoppedMilliseconds`).
    public static let stoppedGap = 0.04

    /// The kept samples, oldest first, timestamps strictly increasing.
    public private(set) var samples: [PointerSample] = []

    /// An estimator with no samples.
    public init() {}

    /// Adds a sample. A sample whose timestamp equals the latest one replaces it; an older one is ignored
    /// (callers refuse those before).
    public mutating func add(_ sample: PointerSample) {
        if let last = samples.last {
            if sample.timestamp < last.timestamp { return }
            if sample.timestamp == last.timestamp {
                samples[samples.count - 1] = sample
                return
            }
        }
        if samples.count == Self.maximumSamples { samples.removeFirst() }
        samples.append(sample)
    }

    /// The fewest samples that make an estimate: 3 (Flutter's `_minSampleSize`).
    public static let minimumSamples = 3

    /// The velocity at the latest sample in points per second (x and y), zero with fewer than
    /// `minimumSamples` samples in the window.
    public func velocity() -> Point {
        guard let latest = samples.last else { return .zero }
        // Times relative to the latest sample, in units of the window, so the fit's sums stay near 1.
        var times: [Double] = []
        var xs: [Double] = []
        var ys: [Double] = []
        var newer = latest.timestamp
        for sample in samples.reversed() {
            guard latest.timestamp - sample.timestamp <= Self.window, newer - sample.timestamp <= Self.stoppedGap
            else { break }
            times.append((sample.timestamp - latest.timestamp) / Self.window)
            xs.append(sample.position.x)
            ys.append(sample.position.y)
            newer = sample.timestamp
        }
        guard times.count >= Self.minimumSamples else { return .zero }
        return Point(
            x: Self.slopeAtZero(times: times, values: xs) / Self.window,
            y: Self.slopeAtZero(times: times, values: ys) / Self.window)
    }

    /// The derivative at t = 0 of the least-squares quadratic through (times, values), or of the
    /// least-squares line when the quadratic's normal equations are singular.
    static func slopeAtZero(times: [Double], values: [Double]) -> Double {
        var powerSums = [Double](repeating: 0, count: 5)  // Σ tᵏ, k = 0…4
        var valueSums = [Double](repeating: 0, count: 3)  // Σ v·tᵏ, k = 0…2
        for (time, value) in zip(times, values) {
            var power = 1.0
            for k in 0..<5 {
                powerSums[k] += power
                if k < 3 { valueSums[k] += value * power }
                power *= time
            }
        }
        // Normal equations M·(a, b, c) = valueSums with M[i][j] = Σ t^(i+j); b by Cramer's rule.
        let m = powerSums
        let determinant =
            m[0] * (m[2] * m[4] - m[3] * m[3]) - m[1] * (m[1] * m[4] - m[3] * m[2])
            + m[2] * (m[1] * m[3] - m[2] * m[2])
        // Three samples 1 ms apart (times in windows) give about 4e-12: closer ones fit a line instead.
        if abs(determinant) > 1e-12 {
            let v = valueSums
            let slopeDeterminant =
                m[0] * (v[1] * m[4] - m[3] * v[2]) - v[0] * (m[1] * m[4] - m[3] * m[2])
                + m[2] * (m[1] * v[2] - v[1] * m[2])
            return slopeDeterminant / determinant
        }
        let count = powerSums[0]
        let denominator = count * powerSums[2] - powerSums[1] * powerSums[1]
        guard denominator != 0 else { return 0 }
        return (count * valueSums[1] - powerSums[1] * valueSums[0]) / denominator
    }
}
