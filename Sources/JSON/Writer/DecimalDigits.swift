/// Writing unsigned integers as decimal digits, two at a time.
///
/// Inlinable, with ``JSONTextCursor``'s writers: a writer in another module (a frame's JSON) then runs
/// specialized for its constant number of decimals, where every division by a power of ten becomes a
/// multiplication.
@usableFromInline
enum DecimalDigits {
    /// "00", "01", …, "99" back to back: the two digits of n start at offset 2n. A literal, not a stored
    /// `static let`, whose every read would go through a lazy-initialization check.
    @inlinable
    static var pairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }

    /// The most digits a `UInt64` has.
    static let maximumDigits = 20

    /// Writes the digits of `value`, zero-padded to at least `minimumCount`, so that they end just before
    /// `end`, and returns where they start.
    ///
    /// - Precondition: There is room for `max(digit count, minimumCount)` bytes before `end`.
    @inlinable @inline(__always)
    static func writeBackward(_ value: UInt64, minimumCount: Int, endingAt end: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        let table = pairs.utf8Start
        var position = end
        var remaining = value
        while remaining >= 100 {
            let pair = Int(remaining % 100) &* 2
            remaining /= 100
            position -= 2
            position[0] = table[pair]
            position[1] = table[pair &+ 1]
        }
        if remaining >= 10 {
            let pair = Int(remaining) &* 2
            position -= 2
            position[0] = table[pair]
            position[1] = table[pair &+ 1]
        } else if remaining > 0 || position == end {
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
        while end - position < minimumCount {
            position -= 1
            position.pointee = UInt8(ascii: "0")
        }
        return position
    }

    /// Writes exactly `count` digits of `value`, zero-padded, so that they end just before `end`: the
    /// decimals of a fixed-point number. A constant `count` unrolls into that many digits' stores, with no
    /// loop that depends on the value.
    ///
    /// - Precondition: `value` < 10^`count`, and there is room for `count` bytes before `end`.
    @inlinable @inline(__always)
    static func writeBackward(_ value: UInt64, exactly count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let table = pairs.utf8Start
        var position = end
        var remaining = value
        for _ in 0..<(count / 2) {
            let pair = Int(remaining % 100) &* 2
            remaining /= 100
            position -= 2
            position[0] = table[pair]
            position[1] = table[pair &+ 1]
        }
        if count % 2 == 1 { (position - 1).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining) }
    }

    /// How many digits `value` has (1 for 0).
    @inlinable @inline(__always)
    static func count(_ value: UInt64) -> Int {
        var digits = 1
        var remaining = value
        while remaining >= 10_000 {
            remaining /= 10_000
            digits += 4
        }
        if remaining >= 100 { digits += remaining >= 1_000 ? 3 : 2 } else if remaining >= 10 { digits += 1 }
        return digits
    }

    /// 10^exponent for exponent in 0...19.
    @inlinable @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }
}
