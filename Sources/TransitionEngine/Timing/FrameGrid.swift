/// The ideal frame grid of a clock: frame `k` is due at `origin + k · 10⁹ / framesPerSecond` nanoseconds.
///
/// Timestamps are computed from the frame index with exact integer arithmetic rather than by adding a
/// rounded period, so the grid never drifts (at 60 Hz the period is 16 666 666.67 ns; each timestamp is
/// rounded down on its own, never accumulated).
public struct FrameGrid: Sendable, Equatable {
    /// Monotonic time of frame 0, in nanoseconds.
    public var origin: Int64
    /// Frames per second, 1...240.
    public var framesPerSecond: Int

    /// Creates a grid.
    ///
    /// - Parameters:
    ///   - origin: monotonic nanoseconds of frame 0.
    ///   - framesPerSecond: the rate; callers validate it against `DisplayLink.supportedRates` first.
    public init(origin: Int64, framesPerSecond: Int) {
        precondition(framesPerSecond > 0, "the frame rate is validated by the clock")
        self.origin = origin
        self.framesPerSecond = framesPerSecond
    }

    /// The nominal period, rounded down to whole nanoseconds (for display; use `timestamp(ofFrame:)`).
    public var periodNanoseconds: Int64 { EngineTime.nanosecondsPerSecond / Int64(framesPerSecond) }

    /// The due time of frame `index`, in monotonic nanoseconds. Negative indices lie before the origin.
    public func timestamp(ofFrame index: Int64) -> Int64 {
        // index · 10⁹ may exceed Int64 after ~292 years of frames; use the full-width product.
        let product = index.multipliedFullWidth(by: EngineTime.nanosecondsPerSecond)
        let quotient = Int64(framesPerSecond).dividingFullWidth(product).quotient
        // dividingFullWidth truncates toward zero; floor for negative indices keeps the grid monotonic.
        let remainder = Int64(framesPerSecond).dividingFullWidth(product).remainder
        return origin + (remainder < 0 ? quotient - 1 : quotient)
    }

    /// The index of the last frame due at or before `time` (floor), so `timestamp(ofFrame:)` of the result
    /// is ≤ `time` < the timestamp of the next frame.
    public func frameIndex(atOrBefore time: Int64) -> Int64 {
        let elapsed = time - origin
        let product = elapsed.multipliedFullWidth(by: Int64(framesPerSecond))
        let division = EngineTime.nanosecondsPerSecond.dividingFullWidth(product)
        var index = division.remainder < 0 ? division.quotient - 1 : division.quotient
        // Integer rounding of the timestamps can put a boundary one nanosecond off; settle it exactly.
        while timestamp(ofFrame: index + 1) <= time { index += 1 }
        while timestamp(ofFrame: index) > time { index -= 1 }
        return index
    }
}
