/// Values written back the way a configuration file would give them, for messages about the accepted
/// range: `1min`, not 60000000 µs; `256M`, not 268435456 bytes.
enum ConfigurationValueFormatting {
    /// The units a time span is written in, largest first, as systemd's `format_timespan()` names them.
    private static let timeSpanUnits: [(name: String, microseconds: UInt64)] = [
        ("y", 31_557_600_000_000), ("month", 2_629_800_000_000), ("w", 604_800_000_000), ("d", 86_400_000_000),
        ("h", 3_600_000_000), ("min", 60_000_000), ("s", 1_000_000), ("ms", 1_000), ("us", 1),
    ]

    /// `microseconds` as an exact time span: the largest units first, each used as often as it fits,
    /// joined by spaces (`1min 30s`, `10ms`, `1h 500us`); `0` for zero.
    static func timeSpan(_ microseconds: UInt64) -> String {
        guard microseconds > 0 else { return "0" }
        var rest = microseconds
        var parts: [String] = []
        for unit in timeSpanUnits where rest >= unit.microseconds {
            parts.append("\(rest / unit.microseconds)\(unit.name)")
            rest %= unit.microseconds
        }
        return parts.joined(separator: " ")
    }

    /// The suffixes a size is written with, largest first: those `sizeBytes(in:)` reads, bytes aside.
    private static let sizeSuffixes = ConfigurationAssignment.sizeSuffixes.filter { $0.factor > 1 }

    /// `bytes` with the largest suffix that divides it exactly (`4K`, `256M`), or as a plain number of
    /// bytes (`1000`, `0`).
    static func size(_ bytes: UInt64) -> String {
        guard bytes > 0, let suffix = sizeSuffixes.first(where: { bytes % $0.factor == 0 }) else { return "\(bytes)" }
        return "\(bytes / suffix.factor)\(suffix.suffix)"
    }
}
