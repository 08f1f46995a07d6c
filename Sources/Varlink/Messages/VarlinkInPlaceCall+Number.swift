import JSON

extension InPlaceCallScanner {
    /// The most digits a number may have for the exact short conversion: below 10^15 < 2^53, every
    /// such significand is a `Double` exactly.
    static let maximumExactDigits = 15

    /// Exact powers of ten, 10^0 … 10^15 (every power up to 10^22 is exact in binary64).
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// A number token of RFC 8259 §6, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// A token without exponent and with at most 15 digits is `significand ÷ 10^fractionDigits`, both
    /// exact, so one correctly rounded division gives the correctly rounded value (Clinger, "How to read
    /// floating point numbers accurately", PLDI 1990, the fast path) — what ``JSONReader`` returns too.
    /// Any other token is converted by ``JSONReader`` itself, so it rounds (and refuses overflow) exactly
    /// as the full decoder does.
    mutating func number() -> Double? {
        let start = position
        let negative = take(UInt8(ascii: "-"))
        var significand: UInt64 = 0
        var digitCount = 0
        if take(UInt8(ascii: "0")) {
            digitCount = 1
        } else {
            let integerDigits = digits(into: &significand)
            guard integerDigits > 0 else { return nil }
            digitCount = integerDigits
        }
        var fractionDigits = 0
        if take(UInt8(ascii: ".")) {
            fractionDigits = digits(into: &significand)
            guard fractionDigits > 0 else { return nil }
            digitCount += fractionDigits
        }
        var hasExponent = false
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            hasExponent = true
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            var ignored: UInt64 = 0
            guard digits(into: &ignored) > 0 else { return nil }
        }
        if !hasExponent, digitCount <= Self.maximumExactDigits {
            let magnitude = Double(significand) / Self.exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        let token = UnsafeRawBufferPointer(start: base + start, count: position - start)
        return (try? JSONReader.parse(token))?.doubleValue
    }

    /// Skips decimal digits, accumulating them into `value` (wrapping, read only when few); returns how
    /// many.
    private mutating func digits(into value: inout UInt64) -> Int {
        let start = position
        while position < count {
            let digit = base[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            position += 1
        }
        return position - start
    }
}
