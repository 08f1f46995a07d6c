extension JSONWriter {
    /// The most decimals ``appendFixed(_:decimals:into:)`` writes: 10^17 still fits the exact 128-bit
    /// arithmetic it uses.
    @inlinable public static var maximumFixedDecimals: Int { 17 }

    /// Appends `number` with exactly `decimals` digits after the decimal point, rounded half to even from
    /// the exact binary value (as C's `printf("%.*f")` in the C locale does), without a locale.
    ///
    /// A result that rounds to zero is written without a minus sign: `-0.0000001` with 6 decimals gives
    /// `0.000000`. `decimals` 0 writes no decimal point. Frames write their numbers with 6 decimals
    /// unless whole (``appendFixedOrInteger(_:decimals:into:)``).
    ///
    /// - Precondition: `number` is finite and `decimals` is in `0...maximumFixedDecimals`.
    public static func appendFixed(_ number: Double, decimals: Int, into bytes: inout [UInt8]) {
        precondition(number.isFinite, "JSON cannot represent the non-finite number \(number)")
        append(into: &bytes, reserving: JSONTextCursor.fixedMaximumBytes(number, decimals: decimals)) { cursor in
            cursor.writeFixed(number, decimals: decimals)
        }
    }

    /// Appends `number` as ``JSONTextCursor/writeFixedOrInteger(_:decimals:)`` writes it: a whole number
    /// below 2^53 in magnitude as an integer (`-0` as `0`), any other as ``appendFixed(_:decimals:into:)``
    /// does. The frame format's numbers (docs/frames.md).
    ///
    /// - Precondition: `number` is finite and `decimals` is in `0...maximumFixedDecimals`.
    public static func appendFixedOrInteger(_ number: Double, decimals: Int, into bytes: inout [UInt8]) {
        precondition(number.isFinite, "JSON cannot represent the non-finite number \(number)")
        append(into: &bytes, reserving: JSONTextCursor.fixedMaximumBytes(number, decimals: decimals)) { cursor in
            cursor.writeFixedOrInteger(number, decimals: decimals)
        }
    }

    /// `magnitude × powerOfTen` rounded half to even to an integer, computed exactly.
    ///
    /// - Precondition: `0 ≤ magnitude < 2^64` and `powerOfTen ≤ 10^17`, so the product fits in 128 bits.
    @inlinable @inline(__always)
    static func roundedScaledMagnitude(_ magnitude: Double, by powerOfTen: UInt64) -> UInt128 {
        // magnitude = significand × 2^exponent exactly, with an integer significand below 2^53
        // (IEEE 754 binary64: 52 stored bits, biased exponent 1023, subnormals at the smallest exponent).
        let bits = magnitude.bitPattern
        let biasedExponent = Int(bits >> 52)
        guard bits != 0 else { return 0 }
        let significand = biasedExponent == 0 ? bits : bits & (1 << 52 - 1) | 1 << 52
        let exponent = (biasedExponent == 0 ? 1 : biasedExponent) - 1075
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

    /// Appends the exact decimal digits of an integral `magnitude` of at least 2^64.
    @usableFromInline
    static func appendLargeInteger(_ magnitude: Double, into bytes: inout [UInt8]) {
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
        // Nine digits per group, the first without padding.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { buffer in
            let end = buffer.baseAddress! + buffer.count
            for (index, group) in groups.reversed().enumerated() {
                let start = DecimalDigits.writeBackward(UInt64(group), minimumCount: index == 0 ? 1 : 9, endingAt: end)
                bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
            }
        }
    }
}
