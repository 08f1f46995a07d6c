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
    func scaledDigitByDigit(by factor: UInt64) -> UInt64? {
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

    /// Most fraction digits used by `scaledExactly`: 10^19 still fits in 64 bits, and later
    /// digits add less than one unit for any factor up to 2^60.
    private static let maximumExactFractionDigits = 19

    /// `(whole + fraction) × factor`, truncated to an integer, computed exactly (as
    /// systemd's `parse_size()` does in floating point, which is exact for its power-of-two
    /// factors and short fractions); nil on overflow.
    func scaledExactly(by factor: UInt64) -> UInt64? {
        let (product, overflow) = whole.multipliedReportingOverflow(by: factor)
        guard !overflow else { return nil }
        let digits = fractionDigits.prefix(Self.maximumExactFractionDigits)
        guard !digits.isEmpty else { return product }
        var numerator: UInt64 = 0
        var denominator: UInt64 = 1
        for digit in digits {
            numerator = numerator * 10 + UInt64(digit)
            denominator *= 10
        }
        // numerator < denominator, so the quotient is below factor and fits in 64 bits.
        let fraction = denominator.dividingFullWidth(numerator.multipliedFullWidth(by: factor)).quotient
        let (sum, overflowed) = product.addingReportingOverflow(fraction)
        return overflowed ? nil : sum
    }
}
