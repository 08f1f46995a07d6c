/// The engine's one conversion between its own time and the core's.
///
/// The engine keeps time as monotonic `Int64` nanoseconds plus an integer frame index; `TransitionCore`
/// speaks `Double` seconds. Every crossing goes through these two functions so that rounding happens
/// in exactly one place.
public enum EngineTime {
    /// Nanoseconds in one second.
    public static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// Converts a span of engine time to core seconds.
    ///
    /// - Parameter nanoseconds: a span in nanoseconds; any value, negative spans give negative seconds.
    /// - Returns: the span in seconds, correctly rounded to the nearest `Double`.
    @inlinable
    public static func seconds(fromNanoseconds nanoseconds: Int64) -> Double {
        Double(nanoseconds) / Double(nanosecondsPerSecond)
    }

    /// Converts core seconds to engine nanoseconds, rounding to the nearest nanosecond.
    ///
    /// - Parameter seconds: a span in seconds. Non-finite input and spans beyond ±292 years saturate at
    ///   `Int64.max` / `Int64.min` instead of trapping; NaN gives 0.
    @inlinable
    public static func nanoseconds(fromSeconds seconds: Double) -> Int64 {
        let value = (seconds * Double(nanosecondsPerSecond)).rounded()
        if value.isNaN { return 0 }
        if value >= 9.2e18 { return Int64.max }
        if value <= -9.2e18 { return Int64.min }
        return Int64(value)
    }
}
