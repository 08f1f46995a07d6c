extension JSONWriter {
    /// 2^53: below it every integer is exactly a `Double`, so integral numbers are written as integers.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// 2^52: below it, scaling by a power of ten stays accurate enough to find the nearest short decimal
    /// (the rounding error of the scaled value is at most 1/4).
    private static let shortDecimalScaleLimit = 4_503_599_627_370_496.0

    /// The smallest magnitude written in plain notation, as Swift's `description` does; smaller numbers
    /// use an exponent.
    private static let smallestPlainMagnitude = 1e-4

    /// Appends `number` in the shortest form that reads back as the same `Double`.
    ///
    /// - Integral values with magnitude below 2^53 are written as integers: `3`, `-42`,
    ///   `9007199254740991`.
    /// - `-0.0` is written as `0` (as ECMAScript's `JSON.stringify` does); it reads back as `+0.0`, which
    ///   compares equal to `-0.0`. Every other finite `Double` reads back with the same bit pattern.
    /// - Other values with magnitude from 10^-4 to 2^53 are written in plain notation with the fewest
    ///   digits that round-trip: `0.1`, `123.25`, `0.30000000000000004`.
    /// - The rest use the shortest round-trip digits of Swift's `description` as `d.ddde±x`, without a `+`
    ///   sign or leading zeros in the exponent: `1e-7`, `5e-324`, `1.7976931348623157e308`, `1e16`.
    ///
    /// - Precondition: `number` is finite (JSON has no infinity or NaN); check with `isFinite` first, or
    ///   use ``write(_:into:)``, which throws instead.
    public static func appendNumber(_ number: Double, into bytes: inout [UInt8]) {
        precondition(number.isFinite, "JSON cannot represent the non-finite number \(number)")
        let magnitude = number.magnitude
        if magnitude < exactIntegerLimit, number == number.rounded(.towardZero) {
            appendInteger(Int64(number), into: &bytes)
            return
        }
        if magnitude >= smallestPlainMagnitude, let (digits, decimals) = shortestDecimal(magnitude) {
            appendDecimal(digits, decimals: decimals, isNegative: number < 0, into: &bytes)
            return
        }
        var text = number.description
        text.withUTF8 { utf8 in appendNormalized(utf8, into: &bytes) }
    }

    /// The fewest decimals `k` and the integer `digits` with `digits / 10^k` reading back as `magnitude`,
    /// or `nil` when that needs more precision than the scaled value can hold exactly.
    ///
    /// Going up from one decimal, the first `k` whose nearest `k`-decimal reads back gives the shortest
    /// plain form. "Reads back" is decided exactly: `digits` and `10^k` are exact doubles, so their
    /// quotient is correctly rounded, which is what the reader computes for that text (Clinger's fast path).
    private static func shortestDecimal(_ magnitude: Double) -> (digits: UInt64, decimals: Int)? {
        var scale = 1.0
        for decimals in 1...22 {
            scale *= 10
            let scaled = magnitude * scale
            guard scaled < shortDecimalScaleLimit else { return nil }
            let digits = scaled.rounded()
            if digits / scale == magnitude { return (UInt64(digits), decimals) }
        }
        return nil
    }

    /// Appends `digits / 10^decimals` in plain notation: `0.05`, `12.5`.
    private static func appendDecimal(_ digits: UInt64, decimals: Int, isNegative: Bool, into bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            let end = buffer.baseAddress! + buffer.count
            let power = DecimalDigits.powerOfTen(decimals)
            var start = DecimalDigits.writeBackward(digits % power, minimumCount: decimals, endingAt: end)
            start -= 1
            start.pointee = UInt8(ascii: ".")
            start = DecimalDigits.writeBackward(digits / power, minimumCount: 1, endingAt: start)
            if isNegative {
                start -= 1
                start.pointee = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    /// Copies Swift's `description` of a finite number, dropping a trailing `.0`, a `+` after `e` and
    /// leading zeros of the exponent.
    private static func appendNormalized(_ text: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "e") {
                bytes.append(byte)
                index += 1
                if text[index] == UInt8(ascii: "+") {
                    index += 1
                } else if text[index] == UInt8(ascii: "-") {
                    bytes.append(UInt8(ascii: "-"))
                    index += 1
                }
                while index < text.count - 1, text[index] == UInt8(ascii: "0") { index += 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[index...]))
                return
            }
            // ".0" at the very end marks an integral value: drop it.
            if byte == UInt8(ascii: "."), index + 2 == text.count, text[index + 1] == UInt8(ascii: "0") { return }
            bytes.append(byte)
            index += 1
        }
    }

    /// Appends `number` as ``appendNumber(_:into:)`` does, or throws where ``write(_:into:)`` would.
    ///
    /// - Parameter parameter: the path of the number, reported in the error.
    /// - Throws: ``JSONError/Code/nonFiniteNumber`` for infinity or NaN; nothing is appended then.
    public static func appendFiniteNumber(
        _ number: Double, parameter: @autoclosure () -> String, into bytes: inout [UInt8]
    ) throws(JSONError) {
        guard number.isFinite else {
            throw JSONError(
                code: .nonFiniteNumber,
                message: "JSON cannot represent the number \(number); replace it with a finite value or null.",
                parameter: parameter())
        }
        appendNumber(number, into: &bytes)
    }

    /// Appends the decimal digits of a signed integer.
    static func appendInteger(_ value: Int64, into bytes: inout [UInt8]) {
        append(into: &bytes, reserving: JSONTextCursor.integerMaximumBytes) { $0.writeInteger(value) }
    }
}
