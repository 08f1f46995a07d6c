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
            throw badValueError("expected a time span from \(range.lowerBound) to \(range.upperBound) µs, got \(quoted)")
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
            guard let component = number.scaled(by: unit?.microseconds ?? defaultUnit.microseconds) else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(component)
            guard !overflow else { return nil }
            total = sum
            hasComponent = true
        }
    }
}

/// A number written as `digits[.digits]`, `.digits` or `+digits…`, split into the whole
/// part and the fraction's digits, so that scaling by a unit stays in integers.
struct DecimalComponent {
    var whole: UInt64
    var fractionDigits: [UInt8]

    /// Reads a component from the front of `text`, or returns nil (leaving `text` in an
    /// unspecified state) when none is there. A `.` must be followed by a digit when
    /// `fractionRequiresDigit` (time spans: `1.s` is invalid); sizes accept `10.M`.
    static func parse(_ text: inout Substring, fractionRequiresDigit: Bool = true) -> DecimalComponent? {
        if text.first == "+" { text = text.dropFirst() }
        let wholeDigits = text.prefix { $0.isASCII && $0.isNumber }
        text = text.dropFirst(wholeDigits.count)
        var fraction: [UInt8] = []
        if text.first == "." {
            text = text.dropFirst()
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            if digits.isEmpty && fractionRequiresDigit { return nil }
            text = text.dropFirst(digits.count)
            fraction = digits.utf8.map { $0 - UInt8(ascii: "0") }
        } else if wholeDigits.isEmpty {
            return nil
        }
        guard let whole = wholeDigits.isEmpty ? 0 : UInt64(wholeDigits) else { return nil }
        return DecimalComponent(whole: whole, fractionDigits: fraction)
    }

    /// `whole × factor` plus the fraction, each digit weighted by the factor divided by 10
    /// once more per digit, truncating (systemd's `parse_time()` arithmetic); nil on overflow.
    func scaled(by factor: UInt64) -> UInt64? {
        let (product, overflow) = whole.multipliedReportingOverflow(by: factor)
        guard !overflow else { return nil }
        var result = product
        var weight = factor
        for digit in fractionDigits {
            weight /= 10
            if weight == 0 { break }
            let (sum, overflowed) = result.addingReportingOverflow(UInt64(digit) * weight)
            guard !overflowed else { return nil }
            result = sum
        }
        return result
    }
}
