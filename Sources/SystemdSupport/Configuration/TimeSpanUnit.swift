/// A unit of a systemd time span (systemd.time(7), "Parsing Time Spans"), as a number of
/// microseconds. Used as the unit of numbers written without one.
public struct TimeSpanUnit: Sendable, Hashable {
    /// Microseconds per unit.
    public let microseconds: UInt64

    /// A unit of this many microseconds (at least one).
    public init?(microseconds: UInt64) {
        guard microseconds > 0 else { return nil }
        self.microseconds = microseconds
    }

    private init(uncheckedMicroseconds: UInt64) { microseconds = uncheckedMicroseconds }

    /// 1 µs (`usec`, `us`, `µs`).
    public static let microsecond = TimeSpanUnit(uncheckedMicroseconds: 1)
    /// 1 ms (`msec`, `ms`).
    public static let millisecond = TimeSpanUnit(uncheckedMicroseconds: 1_000)
    /// 1 s (`seconds`, `second`, `sec`, `s`), the default of most systemd settings.
    public static let second = TimeSpanUnit(uncheckedMicroseconds: 1_000_000)
    /// 1 min (`minutes`, `minute`, `min`, `m`).
    public static let minute = TimeSpanUnit(uncheckedMicroseconds: 60_000_000)

    /// The unit names systemd understands, with their lengths in microseconds
    /// (systemd.time(7); a month is 30.44 days and a year 365.25 days). Sorted longest name
    /// first, so that the longest matching name wins (`ms` before `m`, `min` before `m`).
    static let names: [(name: String, microseconds: UInt64)] = {
        let second: UInt64 = 1_000_000
        let day = 86_400 * second
        let table: [(String, UInt64)] = [
            ("usec", 1), ("us", 1), ("µs", 1), ("μs", 1),
            ("msec", 1_000), ("ms", 1_000),
            ("seconds", second), ("second", second), ("sec", second), ("s", second),
            ("minutes", 60 * second), ("minute", 60 * second), ("min", 60 * second), ("m", 60 * second),
            ("hours", 3_600 * second), ("hour", 3_600 * second), ("hr", 3_600 * second), ("h", 3_600 * second),
            ("days", day), ("day", day), ("d", day),
            ("weeks", 7 * day), ("week", 7 * day), ("w", 7 * day),
            ("months", 2_629_800 * second), ("month", 2_629_800 * second), ("M", 2_629_800 * second),
            ("years", 31_557_600 * second), ("year", 31_557_600 * second), ("y", 31_557_600 * second),
        ]
        return table.sorted { $0.0.unicodeScalars.count > $1.0.unicodeScalars.count }
    }()
}
