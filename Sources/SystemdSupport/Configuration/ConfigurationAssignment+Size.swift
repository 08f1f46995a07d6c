extension ConfigurationAssignment {
    /// The value as a size in bytes with systemd's base-1024 suffixes, as `parse_size(…,
    /// 1024, …)` reads it: `K`, `M`, `G`, `T`, `P`, `E` (powers of 1024) or `B`/none for bytes,
    /// for example `512`, `4K`, `1M`, `1.5G`. Several components may follow each other with
    /// strictly decreasing suffixes (`1G 512M`). Fractions are truncated to whole bytes.
    ///
    /// - Parameter range: the accepted sizes in bytes; nil accepts any.
    /// - Throws: `.badValue` for a malformed or negative size, an overflow, or a value
    ///   outside `range`.
    public func sizeBytes(in range: ClosedRange<UInt64>? = nil) throws -> UInt64 {
        guard let bytes = Self.parseSize(value) else {
            throw badValueError("expected a size such as 4096, 64K or 1.5M (base 1024), got \(quoted)")
        }
        if let range, !range.contains(bytes) {
            throw badValueError(
                "expected a size from \(ConfigurationValueFormatting.size(range.lowerBound)) to "
                    + "\(ConfigurationValueFormatting.size(range.upperBound)) (base 1024), got \(quoted)")
        }
        return bytes
    }

    /// Suffixes in the order they must appear, with their factors (systemd's IEC table).
    static let sizeSuffixes: [(suffix: String, factor: UInt64)] = [
        ("E", 1 << 60), ("P", 1 << 50), ("T", 1 << 40), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10), ("B", 1),
        ("", 1),
    ]

    /// The size in bytes, or nil when `text` is not valid.
    static func parseSize(_ text: String) -> UInt64? {
        var rest = Substring(text)
        var total: UInt64 = 0
        var firstAllowedSuffix = 0
        repeat {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard let number = DecimalComponent.parse(&rest, fractionRequiresDigit: false) else { return nil }
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard firstAllowedSuffix < sizeSuffixes.count,
                let index = sizeSuffixes[firstAllowedSuffix...].firstIndex(where: { rest.hasPrefix($0.suffix) })
            else { return nil }
            rest = rest.dropFirst(sizeSuffixes[index].suffix.count)
            firstAllowedSuffix = index + 1
            guard let component = number.scaledExactly(by: sizeSuffixes[index].factor) else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(component)
            guard !overflow else { return nil }
            total = sum
        } while !rest.isEmpty
        return total
    }
}
