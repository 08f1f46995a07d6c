/// Correctly rounded conversion of `significand × 10^exponent` to the nearest `Double` (ties to even).
///
/// Two published algorithms, reimplemented here:
///
/// - W. D. Clinger, "How to Read Floating Point Numbers Accurately", PLDI 1990: when the significand is
///   at most 2^53 and the power of ten at most 10^22, both are exact doubles and one correctly rounded
///   multiplication or division gives the answer.
/// - The Eisel–Lemire algorithm (D. Lemire, "Number Parsing at a Gigabyte per Second", Software: Practice
///   and Experience 51(8), 2021, with the proof in N. Mushtak and D. Lemire, "Fast Number Parsing Without
///   Fallback", Software: Practice and Experience 53(6), 2023, that 128-bit products always decide the
///   rounding for significands of up to 19 digits): multiply the normalized significand by a 128-bit
///   approximation of 5^exponent and read the binary significand from the product.
enum DecimalConversion {
    /// Below 10^-342 every positive significand of up to 19 digits rounds to zero.
    static let smallestPowerOfTen = -342
    /// Above 10^308 every positive significand overflows.
    static let largestPowerOfTen = 308

    /// The largest power of ten binary64 holds exactly: 10^22 (5^22 < 2^53).
    private static let largestExactPowerOfTen = 22

    /// 2^53: every integer up to it is exactly a `Double`.
    private static let exactIntegerLimit: UInt64 = 1 << 53

    /// The explicit significand bits of binary64.
    private static let significandBits = 52

    /// The biased exponent of infinity in binary64.
    private static let infiniteBiasedExponent = 0x7FF

    /// The nearest `Double` to `significand × 10^exponent`; infinite when it overflows.
    ///
    /// - Precondition: `significand` is not zero.
    static func double(significand: UInt64, exponent: Int) -> Double {
        if significand <= exactIntegerLimit, exponent >= -largestExactPowerOfTen, exponent <= largestExactPowerOfTen {
            return exponent >= 0
                ? Double(significand) * exactPowerOfTen(exponent)
                : Double(significand) / exactPowerOfTen(-exponent)
        }
        return eiselLemire(significand: significand, exponent: exponent)
    }

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

    /// The Eisel–Lemire conversion (Lemire 2021, §5–§6; Mushtak and Lemire 2023, §3).
    private static func eiselLemire(significand: UInt64, exponent: Int) -> Double {
        if exponent < smallestPowerOfTen { return 0 }
        if exponent > largestPowerOfTen { return .infinity }
        let leadingZeros = significand.leadingZeroBitCount
        let normalized = significand << leadingZeros
        let index = 2 * (exponent - smallestPowerOfTen)
        let powers = powersOfFive
        var (high, low) = normalized.multipliedFullWidth(by: powers[index])
        // With fewer than 9 + 1 bits of slack below the 55 bits needed, the truncated low word of the
        // power may matter: refine with it.
        let precisionMask: UInt64 = 0x1FF
        if high & precisionMask == precisionMask {
            let second = normalized.multipliedFullWidth(by: powers[index + 1]).high
            let (sum, overflow) = low.addingReportingOverflow(second)
            low = sum
            if overflow { high &+= 1 }
        }
        let upperBit = Int(high >> 63)
        let shift = upperBit + 64 - significandBits - 3
        var mantissa = high >> UInt64(shift)
        // ⌊exponent × log2(10)⌋ as (217706 × exponent) >> 16, exact over the table's range.
        var biasedExponent = ((217_706 * exponent) >> 16) + 63 + upperBit - leadingZeros + 1023

        if biasedExponent <= 0 {
            // Subnormal: shift to the fixed exponent, then round half to even.
            let subnormalShift = 1 - biasedExponent
            if subnormalShift >= 64 { return 0 }
            mantissa >>= UInt64(subnormalShift)
            mantissa += mantissa & 1
            mantissa >>= 1
            // Rounding up may reach the smallest normal number, whose bit pattern this also yields.
            biasedExponent = mantissa < (1 << significandBits) ? 0 : 1
            return Double(bitPattern: UInt64(biasedExponent) << significandBits | mantissa)
        }

        // An exact tie can only arise for small exponents; then round to even instead of up.
        if low <= 1, exponent >= -4, exponent <= 23, mantissa & 3 == 1, mantissa << UInt64(shift) == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= (2 << significandBits) {
            mantissa = 1 << significandBits
            biasedExponent += 1
        }
        mantissa &= ~(1 << significandBits)
        if biasedExponent >= infiniteBiasedExponent { return .infinity }
        return Double(bitPattern: UInt64(biasedExponent) << significandBits | mantissa)
    }
}
