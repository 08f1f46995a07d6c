extension ConfigurationAssignment {
    /// The value as a systemd time span in microseconds (systemd.time(7), "Parsing Time
    /// Spans"), as systemd's `parse_time()` reads it.
    ///
    /// A span is one or more components, each a number with an optional fraction and an
    /// optional unit, with or without spaces between them: `500ms`, `2s`, `1min 30s`,
    /// `1h30` (a number without unit uses `defaultUnit`), `1.5s`, `.5min`. Units are
    /// case-sensitive (`m` is a minute, `M` a month); fractions are truncated to whole
    /// microseconds digit by digit, as systemd does. `infinity` is accepted only when
    /// `allowsInfinity` is true and is returned as `UInt64.max`.
    ///
    /// - Parameters:
    ///   - defaultUnit: the unit of numbers written without one (seconds for most settings).
    ///   - range: the accepted finite values in microseconds; nil accepts any.
    ///   - allowsInfinity: whether `infinity` is accepted.
    /// - Throws: `.badValue` for a malformed span, a negative number, a number too large
    ///   for systemd (each number at most `Int64.max`, the total below `UInt64.max`), or a
    ///   value outside `range`.
    public func timeSpanMicroseconds(
        defaultUnit: TimeSpanUnit = .second,
        in range: ClosedRange<UInt64>? = nil,
        allowsInfinity: Bool = false
    ) throws -> UInt64 {
        if value == "infinity" {
            guard allowsInfinity else { throw badValueError("expected a finite time span such as 500ms, got infinity") }
            return .max
        }
        guard let microseconds = Self.parseTimeSpan(value, defaultUnit: defaultUnit) else {
            throw badValueError("expected a time span such as 500ms, 2s or 1min 30s, got \(quoted)")
        }
        if let range, !range.contains(microseconds) {
            throw badValueError(
                "expected a time span from \(ConfigurationValueFormatting.timeSpan(range.lowerBound)) to "
                    + "\(ConfigurationValueFormatting.timeSpan(range.upperBound)), got \(quoted)")
        }
        return microseconds
    }

    /// The sum of the components, or nil when `text` is not a valid finite span.
    static func parseTimeSpan(_ text: String, defaultUnit: TimeSpanUnit) -> UInt64? {
        var rest = Substring(text)
        var total: UInt64 = 0
        var hasComponent = false
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if rest.isEmpty { return hasComponent && total < .max ? total : nil }
            guard let number = DecimalComponent.parse(&rest), number.whole <= UInt64(Int64.max) else { return nil }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let unit = TimeSpanUnit.names.first { rest.hasPrefix($0.name) }
            if let unit { rest = rest.dropFirst(unit.name.count) }
            guard let component = number.scaledDigitByDigit(by: unit?.microseconds ?? defaultUnit.microseconds) else {
                return nil
            }
            let (sum, overflow) = total.addingReportingOverflow(component)
            guard !overflow else { return nil }
            total = sum
            hasComponent = true
        }
    }
}
