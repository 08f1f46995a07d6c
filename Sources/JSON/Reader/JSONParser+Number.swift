extension JSONParser {
    /// The most significant digits collected into a `UInt64` (10^19 - 1 < 2^64).
    private static let maximumCollectedDigits = 19

    /// Exponent magnitudes beyond this saturate; any such exponent over- or underflows `Double` anyway.
    private static let exponentSaturation = 1_000_000

    /// Reads a number at the cursor (RFC 8259 §6), rounded correctly to the nearest `Double`.
    ///
    /// The first 19 significant digits and the decimal exponent go to ``DecimalConversion``. Only when
    /// more digits were dropped and they could change the rounding does the text go to the standard
    /// library's conversion, which rounds correctly and is independent of the C locale.
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
            significand = UInt64(first &- UInt8(ascii: "0"))
            collectedDigits = 1
            cursor += 1
            collectEightDigitGroups(into: &significand, collectedDigits: &collectedDigits)
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
            if collectedDigits > 0 {
                decimalExponent -= collectEightDigitGroups(into: &significand, collectedDigits: &collectedDigits)
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
        var magnitude = DecimalConversion.double(significand: significand, exponent: decimalExponent)
        if isTruncated {
            // Digits beyond the 19th were dropped: the value lies in [significand, significand + 1) ×
            // 10^exponent. When both ends round alike, so does the value; otherwise ask the slow path.
            let upper = DecimalConversion.double(significand: significand + 1, exponent: decimalExponent)
            if upper != magnitude { return try convertWithStandardLibrary(from: numberStart) }
        }
        guard magnitude.isFinite else { throw overflowError(from: numberStart) }
        if isNegative { magnitude.negate() }
        return magnitude
    }

    /// Converts the number text from `numberStart` to the cursor with `Double(_: String)`, for the rare
    /// numbers with more than 19 significant digits whose truncation leaves the rounding open.
    private func convertWithStandardLibrary(from numberStart: UnsafePointer<UInt8>) throws(JSONError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: numberStart, count: cursor - numberStart), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw overflowError(from: numberStart) }
        return value
    }

    private func overflowError(from numberStart: UnsafePointer<UInt8>) -> JSONError {
        let text = String(decoding: UnsafeBufferPointer(start: numberStart, count: cursor - numberStart), as: UTF8.self)
        var failure = error(
            .nonFiniteNumber,
            "The number \(text.prefix(40)) is too large for a 64-bit floating-point value (at most about "
                + "1.8e308); send a smaller number."
        )
        failure.offset = numberStart - start
        return failure
    }

    /// Appends groups of eight digits at the cursor to `significand` while they fit in 19 digits.
    ///
    /// - Returns: The number of digits consumed.
    @discardableResult
    @inline(__always)
    private mutating func collectEightDigitGroups(into significand: inout UInt64, collectedDigits: inout Int) -> Int {
        var consumed = 0
        while collectedDigits + 8 <= Self.maximumCollectedDigits, end - cursor >= 8 {
            let word = UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)
            guard Self.isEightDigits(word) else { break }
            significand = significand &* 100_000_000 &+ Self.eightDigitsValue(word)
            collectedDigits += 8
            consumed += 8
            cursor += 8
        }
        return consumed
    }

    /// Whether the eight bytes of `word` are all ASCII digits.
    ///
    /// From D. Lemire, "Number Parsing at a Gigabyte per Second" (2021), §7: a digit has high nibble 3,
    /// and adding 6 to a digit leaves the high nibble 3.
    @inline(__always)
    static func isEightDigits(_ word: UInt64) -> Bool {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        return (word & highNibbles) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) >> 4)
            == 0x3333_3333_3333_3333
    }

    /// The value of eight ASCII digits loaded little-endian (first digit in the lowest byte).
    ///
    /// Pairs, then quadruples, then the whole group are combined with multiplications (Lemire 2021, §7).
    @inline(__always)
    static func eightDigitsValue(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value >> 8)  // each 16-bit lane now holds a two-digit number
        let lanes: UInt64 = 0x0000_00FF_0000_00FF
        let pairHigh: UInt64 = 100 &+ (1_000_000 << 32)
        let pairLow: UInt64 = 1 &+ (10_000 << 32)
        return ((value & lanes) &* pairHigh &+ ((value >> 16) & lanes) &* pairLow) >> 32
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
