extension JSONWriter {
    /// The most decimals ``appendFixed(_:decimals:into:)`` writes: 10^17 still fits the exact 128-bit
    /// arithmetic it uses.
    public static let maximumFixedDecimals = 17

    /// 2^53: below it every integer is exactly a `Double`, so integral numbers are written as integers.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Appends `number` in the shortest form that reads back as the same `Double`.
    ///
    /// - Integral values with magnitude below 2^53 are written as integers: `3`, `-42`,
    ///   `9007199254740991`.
    /// - `-0.0` is written as `0` (as ECMAScript's `JSON.stringify` does); it reads back as `+0.0`, which
    ///   compares equal to `-0.0`. Every other finite `Double` reads back with the same bit pattern.
    /// - Other values use the shortest digit string that round-trips (the digits of Swift's
    ///   `description`), in plain notation when Swift chooses it (`0.1`, `123.25`) and otherwise as
    ///   `d.ddde±x` without a `+` sign or leading zeros in the exponent: `1e-7`, `5e-324`,
    ///   `1.7976931348623157e308`, `1e16`.
    ///
    /// - Precondition: `number` is finite (JSON has no infinity or NaN); check with `isFinite` first, or
    ///   use ``write(_:into:)``, which throws instead.
    public static func appendNumber(_ number: Double, into bytes: inout [UInt8]) {
        precondition(number.isFinite, "JSON cannot represent the non-finite number \(number)")
        if number.magnitude < exactIntegerLimit, number == number.rounded(.towardZero) {
            appendInteger(Int64(number), into: &bytes)
            return
        }
        var text = number.description
        text.withUTF8 { utf8 in appendNormalized(utf8, into: &bytes) }
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

    /// Appends `number` with exactly `decimals` digits after the decimal point, rounded half to even from
    /// the exact binary value (as C's `printf("%.*f")` in the C locale does), without a locale.
    ///
    /// A result that rounds to zero is written without a minus sign: `-0.0000001` with 6 decimals gives
    /// `0.000000`. `decimals` 0 writes no decimal point. Used for frames, whose golden files fix 6
    /// decimals.
    ///
    /// - Precondition: `number` is finite and `decimals` is in `0...maximumFixedDecimals`.
    public static func appendFixed(_ number: Double, decimals: Int, into bytes: inout [UInt8]) {
        precondition(number.isFinite, "JSON cannot represent the non-finite number \(number)")
        precondition(decimals >= 0 && decimals <= maximumFixedDecimals, "decimals must be in 0...17, not \(decimals)")
        let magnitude = number.magnitude
        guard magnitude < 0x1p64 else {
            // Every Double this large is an integer: write its exact digits, then zero decimals.
            if number < 0 { bytes.append(UInt8(ascii: "-")) }
            appendLargeInteger(magnitude, into: &bytes)
            appendZeros(decimals, afterPoint: true, into: &bytes)
            return
        }
        let powerOfTen = UInt64.power10(decimals)
        let scaled = roundedScaledMagnitude(magnitude, by: powerOfTen)
        let isNegative = number < 0 && scaled != 0
        if scaled <= UInt128(UInt64.max) {
            appendScaled(UInt64(scaled), decimals: decimals, isNegative: isNegative, into: &bytes)
            return
        }
        // Rare: |number| × 10^decimals ≥ 2^64. The integer part still fits in 64 bits (|number| < 2^64).
        if isNegative { bytes.append(UInt8(ascii: "-")) }
        let (integerPart, fraction) = scaled.quotientAndRemainder(dividingBy: UInt128(powerOfTen))
        appendUnsigned(UInt64(integerPart), into: &bytes)
        if decimals > 0 {
            bytes.append(UInt8(ascii: "."))
            let fractionDigits = String(UInt64(fraction))
            appendZeros(decimals - fractionDigits.utf8.count, afterPoint: false, into: &bytes)
            bytes.append(contentsOf: fractionDigits.utf8)
        }
    }

    /// Appends `scaled / 10^decimals` with exactly `decimals` digits after the point.
    private static func appendScaled(_ scaled: UInt64, decimals: Int, isNegative: Bool, into bytes: inout [UInt8]) {
        // Sign, 20 integer digits, point and 17 decimals fit in 40 bytes; fill from the end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var position = buffer.count
            var remaining = scaled
            var written = 0
            while remaining > 0 || written <= decimals {
                if written == decimals, decimals > 0 {
                    position -= 1
                    buffer[position] = UInt8(ascii: ".")
                }
                position -= 1
                buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
                written += 1
            }
            if isNegative {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position...]))
        }
    }

    /// `magnitude × powerOfTen` rounded half to even to an integer, computed exactly.
    ///
    /// - Precondition: `0 ≤ magnitude < 2^64` and `powerOfTen ≤ 10^17`, so the product fits in 128 bits.
    private static func roundedScaledMagnitude(_ magnitude: Double, by powerOfTen: UInt64) -> UInt128 {
        guard magnitude != 0 else { return 0 }
        // magnitude = significand × 2^exponent exactly, with an integer significand below 2^53.
        let significand: UInt64
        let exponent: Int
        if magnitude.isNormal {
            significand = magnitude.significandBitPattern | (1 << 52)
            exponent = Int(magnitude.exponent) - 52
        } else {
            significand = magnitude.significandBitPattern
            exponent = -1074
        }
        let product = UInt128(significand) * UInt128(powerOfTen)
        if exponent >= 0 { return product << exponent }
        let shift = -exponent
        guard shift < 127 else { return 0 }  // product < 2^110, so the quotient is below 1/2
        let quotient = product >> shift
        let remainder = product & ((1 << shift) - 1)
        let half: UInt128 = 1 << (shift - 1)
        if remainder > half || (remainder == half && quotient & 1 == 1) { return quotient + 1 }
        return quotient
    }

    private static func appendZeros(_ count: Int, afterPoint: Bool, into bytes: inout [UInt8]) {
        guard count > 0 else { return }
        if afterPoint { bytes.append(UInt8(ascii: ".")) }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
    }

    /// Appends the decimal digits of a signed integer.
    static func appendInteger(_ value: Int64, into bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendUnsigned(value.magnitude, into: &bytes)
    }

    /// Appends the decimal digits of an unsigned integer.
    static func appendUnsigned(_ value: UInt64, into bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // At most 20 digits; fill from the end, then copy.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var position = buffer.count
            var remaining = value
            while remaining > 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position...]))
        }
    }

    /// Appends the exact decimal digits of an integral `magnitude` of at least 2^64.
    private static func appendLargeInteger(_ magnitude: Double, into bytes: inout [UInt8]) {
        // magnitude = significand × 2^shift; hold it in 32-bit limbs, least significant first, and
        // divide by 10^9 repeatedly to peel off groups of nine digits.
        let significand = magnitude.significandBitPattern | (1 << 52)
        let shift = Int(magnitude.exponent) - 52
        var limbs = [UInt32](repeating: 0, count: (shift + 53) / 32 + 2)
        let wordShift = shift / 32
        let bitShift = shift % 32
        let wide = UInt128(significand) << bitShift
        for index in 0..<3 { limbs[wordShift + index] = UInt32(truncatingIfNeeded: wide >> (32 * index)) }
        var groups: [UInt32] = []
        let billion: UInt64 = 1_000_000_000
        while limbs.contains(where: { $0 != 0 }) {
            var remainder: UInt64 = 0
            for index in limbs.indices.reversed() {
                let current = remainder << 32 | UInt64(limbs[index])
                limbs[index] = UInt32(current / billion)
                remainder = current % billion
            }
            groups.append(UInt32(remainder))
        }
        appendUnsigned(UInt64(groups.removeLast()), into: &bytes)
        for group in groups.reversed() {
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 9)
            var remaining = group
            var position = 8
            while remaining > 0 {
                digits[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                position -= 1
            }
            bytes.append(contentsOf: digits)
        }
    }
}

extension UInt64 {
    /// 10^exponent for exponent in 0...19.
    fileprivate static func power10(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
