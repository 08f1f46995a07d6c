extension JSONParser {
    /// The largest power of ten binary64 holds exactly: 10^22 (5^22 < 2^53).
    private static let largestExactPowerOfTen = 22

    /// 10^exponent for exponent in 0...22, each exactly representable.
    @inline(__always)
    private static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The most significant digits collected into a `UInt64` (10^19 - 1 < 2^64).
    private static let maximumCollectedDigits = 19

    /// The largest integer below which every integer is exactly a `Double`: 2^53.
    private static let exactIntegerLimit: UInt64 = 1 << 53

    /// Exponent magnitudes beyond this saturate; any such exponent over- or underflows `Double` anyway.
    private static let exponentSaturation = 1_000_000

    /// Reads a number at the cursor (RFC 8259 §6), rounded correctly to the nearest `Double`.
    ///
    /// Decimal significands of at most 2^53 with a power of ten up to 10^22 are converted exactly with
    /// one correctly rounded multiplication or division (W. D. Clinger, "How to Read Floating Point
    /// Numbers Accurately", PLDI 1990); everything else goes to the standard library's conversion, which
    /// rounds correctly and is independent of the C locale.
    mutating func parseNumber() throws(JSONError) -> Double {
        let numberStart = cursor
        let isNegative = cursor.pointee == UInt8(ascii: "-")
        if isNegative { cursor += 1 }
        guard cursor < end else { throw endError("the digits of a number") }

        var significand: UInt64 = 0
        var collectedDigits = 0
        var isTruncated = false
        var decimalExponent = 0

        let first = cursor.pointee
        if first == UInt8(ascii: "0") {
            cursor += 1
            if cursor < end, isDigit(cursor.pointee) {
                throw error(.invalidNumber, "Leading zeros are not allowed in a number; write 5 or 0.5, not 05.")
            }
        } else if isDigit(first) {
            while cursor < end, isDigit(cursor.pointee) {
                if collectedDigits < Self.maximumCollectedDigits {
                    significand = significand * 10 + UInt64(cursor.pointee &- UInt8(ascii: "0"))
                    collectedDigits += 1
                } else {
                    if cursor.pointee != UInt8(ascii: "0") { isTruncated = true }
                    decimalExponent += 1
                }
                cursor += 1
            }
        } else {
            throw error(.invalidNumber, "Expected a digit after '-' but found \(describeByte(first)).")
        }

        if cursor < end, cursor.pointee == UInt8(ascii: ".") {
            cursor += 1
            guard cursor < end else { throw endError("the digits after a decimal point") }
            guard isDigit(cursor.pointee) else {
                throw error(.invalidNumber, "A decimal point must be followed by digits; write 1.0 or 1, not 1.")
            }
            while cursor < end, isDigit(cursor.pointee) {
                let digit = cursor.pointee &- UInt8(ascii: "0")
                if collectedDigits == 0, digit == 0 {
                    decimalExponent -= 1
                } else if collectedDigits < Self.maximumCollectedDigits {
                    significand = significand * 10 + UInt64(digit)
                    collectedDigits += 1
                    decimalExponent -= 1
                } else if digit != 0 {
                    isTruncated = true
                }
                cursor += 1
            }
        }

        if cursor < end, cursor.pointee | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            guard cursor < end else { throw endError("the digits of an exponent") }
            var exponentIsNegative = false
            if cursor.pointee == UInt8(ascii: "+") || cursor.pointee == UInt8(ascii: "-") {
                exponentIsNegative = cursor.pointee == UInt8(ascii: "-")
                cursor += 1
                guard cursor < end else { throw endError("the digits of an exponent") }
            }
            guard isDigit(cursor.pointee) else {
                throw error(.invalidNumber, "An exponent must have digits; write 1e5, not 1e.")
            }
            var exponent = 0
            while cursor < end, isDigit(cursor.pointee) {
                if exponent < Self.exponentSaturation {
                    exponent = exponent * 10 + Int(cursor.pointee &- UInt8(ascii: "0"))
                }
                cursor += 1
            }
            decimalExponent += exponentIsNegative ? -exponent : exponent
        }

        if significand == 0 { return isNegative ? -0.0 : 0.0 }
        if !isTruncated, significand <= Self.exactIntegerLimit, let value = exactValue(significand, decimalExponent) {
            return isNegative ? -value : value
        }
        return try convertWithStandardLibrary(from: numberStart)
    }

    /// `significand × 10^exponent` when one correctly rounded operation gives it; otherwise `nil`.
    private func exactValue(_ significand: UInt64, _ exponent: Int) -> Double? {
        let limit = Self.largestExactPowerOfTen
        if exponent >= 0, exponent <= limit { return Double(significand) * Self.exactPowerOfTen(exponent) }
        if exponent < 0, -exponent <= limit { return Double(significand) / Self.exactPowerOfTen(-exponent) }
        return nil
    }

    /// Converts the number text from `numberStart` to the cursor with `Double(_: Substring)`.
    private func convertWithStandardLibrary(from numberStart: UnsafePointer<UInt8>) throws(JSONError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: numberStart, count: cursor - numberStart), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            var failure = error(
                .nonFiniteNumber,
                "The number \(text.prefix(40)) is too large for a 64-bit floating-point value (at most about "
                    + "1.8e308); send a smaller number."
            )
            failure.offset = numberStart - start
            throw failure
        }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
