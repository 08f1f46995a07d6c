/// Writes JSON text forward into memory reserved up front, with no capacity check per piece.
///
/// For hot paths that write many small pieces (a frame is about 400 numbers and as many keys): appending
/// each piece to an array checks its uniqueness and capacity and calls `memmove` every time, which costs
/// more than formatting the piece. Reserve room for a whole unit (a node) with
/// ``JSONWriter/append(into:reserving:_:)``, whose bound the caller adds up from
/// ``fixedMaximumBytes(_:decimals:)``, ``stringMaximumBytes(_:)``, ``integerMaximumBytes`` and the
/// lengths of the literal texts.
///
/// Every `write` advances ``position`` past what it wrote. Writing more than was reserved is undefined
/// behaviour, as with any unsafe pointer.
///
/// The writers of literal text, bytes, integers and fixed-point numbers are inlinable: a caller in another module
/// that passes a constant number of decimals gets a copy specialized for it (a frame's writer wraps that
/// copy in one function of its own, so that it is compiled once, not at each call).
public struct JSONTextCursor {
    /// Where the next byte goes.
    public var position: UnsafeMutablePointer<UInt8> { next }

    /// Where the next byte goes: the stored form of ``position``, which the inlinable writers advance.
    @usableFromInline var next: UnsafeMutablePointer<UInt8>

    /// A cursor at `start`.
    @inlinable
    public init(_ start: UnsafeMutablePointer<UInt8>) { next = start }

    /// The most bytes ``writeInteger(_:)`` writes: a sign and 19 digits.
    public static let integerMaximumBytes = 20

    /// The most bytes ``writeFixed(_:decimals:)`` writes for `number`: below 2^64 in magnitude a sign, 20
    /// digits, a point and the decimals (28 with 6 decimals); above, an exact integer part of up to 309
    /// digits; 4 for `null` (non-finite numbers).
    @inlinable @inline(__always)
    public static func fixedMaximumBytes(_ number: Double, decimals: Int) -> Int {
        guard number.isFinite else { return 4 }
        return (number.magnitude < 0x1p64 ? 22 : 311) + decimals
    }

    /// The most bytes ``writeString(_:)`` writes for `string`: two quotes and six bytes (`\u00xx`) per
    /// UTF-8 byte.
    @inlinable @inline(__always)
    public static func stringMaximumBytes(_ string: String) -> Int { 2 + 6 * string.utf8.count }

    /// Writes literal text, such as a key with its quotes and colon.
    @inlinable @inline(__always)
    public mutating func write(_ text: StaticString) {
        next.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        next += text.utf8CodeUnitCount
    }

    /// Writes one byte.
    @inlinable @inline(__always)
    public mutating func write(byte: UInt8) {
        next.pointee = byte
        next += 1
    }

    /// Writes `value`'s decimal digits.
    @inlinable
    public mutating func writeInteger(_ value: Int64) {
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        let end = next + DecimalDigits.count(magnitude)
        _ = DecimalDigits.writeBackward(magnitude, minimumCount: 1, endingAt: end)
        next = end
    }

    /// Writes `number` with exactly `decimals` decimals, as ``JSONWriter/appendFixed(_:decimals:into:)``
    /// describes, or `null` if it is not finite (JSON has no infinity or NaN).
    ///
    /// - Precondition: `decimals` is in `0...JSONWriter.maximumFixedDecimals`.
    @inlinable @inline(__always)
    public mutating func writeFixed(_ number: Double, decimals: Int) {
        guard number.isFinite else {
            write("null")
            return
        }
        precondition(
            decimals >= 0 && decimals <= JSONWriter.maximumFixedDecimals, "decimals must be in 0...17, not \(decimals)")
        let magnitude = number.magnitude
        if let integer = Self.wholeMagnitude(magnitude) {
            // An integer: exact as it is, no scaling or rounding needed.
            writeWhole(integer, negative: number < 0)
            writeZeroDecimals(decimals)
            return
        }
        guard magnitude < 0x1p64 else {
            writeLargeInteger(number, decimals: decimals)
            return
        }
        let power = DecimalDigits.powerOfTen(decimals)
        let scaled = JSONWriter.roundedScaledMagnitude(magnitude, by: power)
        if number < 0 && scaled != 0 { write(byte: UInt8(ascii: "-")) }
        // |number| < 2^64, so the integer part fits in 64 bits; the fraction is below 10^17. Most frame
        // numbers are small enough for the scaled value to fit 64 bits, which spares a 128-bit division.
        let integerPart: UInt64
        let fraction: UInt64
        if scaled >> 64 == 0 {
            (integerPart, fraction) = UInt64(truncatingIfNeeded: scaled).quotientAndRemainder(dividingBy: power)
        } else {
            let (wideInteger, wideFraction) = scaled.quotientAndRemainder(dividingBy: UInt128(power))
            (integerPart, fraction) = (UInt64(wideInteger), UInt64(wideFraction))
        }
        next += DecimalDigits.count(integerPart)
        _ = DecimalDigits.writeBackward(integerPart, minimumCount: 1, endingAt: next)
        guard decimals > 0 else { return }
        write(byte: UInt8(ascii: "."))
        next += decimals
        DecimalDigits.writeBackward(fraction, exactly: decimals, endingAt: next)
    }

    /// Writes `number` as an integer, without a point, when it is a whole number below 2^53 in magnitude
    /// (`-0` as `0`), and otherwise as ``writeFixed(_:decimals:)`` does (`null` if it is not finite). The
    /// frame format writes its numbers so (docs/frames.md): the 0s and 1s of identity transforms, whole
    /// sizes and resting corners were a third of a frame's text as `0.000000`.
    ///
    /// - Precondition: `decimals` is in `0...JSONWriter.maximumFixedDecimals`.
    @inlinable @inline(__always)
    public mutating func writeFixedOrInteger(_ number: Double, decimals: Int) {
        guard let integer = Self.wholeMagnitude(number.magnitude) else {
            writeFixed(number, decimals: decimals)
            return
        }
        writeWhole(integer, negative: number < 0)
    }

    /// `magnitude` as an integer when it is a whole number below 2^53; nil otherwise (NaN included).
    /// Tested by a conversion and back, not by `rounded(.towardZero)`, which is a call into libm on x86-64.
    @inlinable @inline(__always)
    static func wholeMagnitude(_ magnitude: Double) -> UInt64? {
        guard magnitude < 0x1p53, case let integer = UInt64(Int64(magnitude)), Double(integer) == magnitude else {
            return nil
        }
        return integer
    }

    /// Writes `integer`'s digits after a minus sign when `negative` and not zero (`-0` is written `0`).
    @inlinable @inline(__always)
    mutating func writeWhole(_ integer: UInt64, negative: Bool) {
        if negative && integer != 0 { write(byte: UInt8(ascii: "-")) }
        next += DecimalDigits.count(integer)
        _ = DecimalDigits.writeBackward(integer, minimumCount: 1, endingAt: next)
    }

    /// Writes `number`, whose magnitude is at least 2^64 (so an integer), with `decimals` zero decimals.
    @usableFromInline
    mutating func writeLargeInteger(_ number: Double, decimals: Int) {
        if number < 0 { write(byte: UInt8(ascii: "-")) }
        var digits: [UInt8] = []
        JSONWriter.appendLargeInteger(number.magnitude, into: &digits)
        next.update(from: digits, count: digits.count)
        next += digits.count
        writeZeroDecimals(decimals)
    }

    /// Writes `string` quoted and escaped, as ``JSONWriter/appendString(_:into:)`` describes.
    public mutating func writeString(_ string: String) {
        write(byte: UInt8(ascii: "\""))
        var copy = string
        copy.withUTF8 { utf8 in
            if JSONWriter.needsNoEscape(utf8) {
                if let base = utf8.baseAddress { next.update(from: base, count: utf8.count) }
                next += utf8.count
            } else {
                for byte in utf8 { writeEscaped(byte) }
            }
        }
        write(byte: UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ byte: UInt8) {
        guard let escape = JSONWriter.shortEscape(byte) else {
            if byte < 0x20 {
                write("\\u00")
                write(byte: JSONWriter.hexDigit(byte >> 4))
                write(byte: JSONWriter.hexDigit(byte & 0x0F))
            } else {
                write(byte: byte)
            }
            return
        }
        write(byte: UInt8(ascii: "\\"))
        write(byte: escape)
    }

    /// Writes a point and `decimals` zeros (nothing for 0 decimals), copied from a literal: a fill of the
    /// same few bytes is a call to `memset`.
    @inlinable @inline(__always)
    mutating func writeZeroDecimals(_ decimals: Int) {
        guard decimals > 0 else { return }
        let pointAndZeros: StaticString = ".00000000000000000"
        next.update(from: pointAndZeros.utf8Start, count: decimals + 1)
        next += decimals + 1
    }
}

extension JSONWriter {
    /// Appends what `body` writes through a cursor over `bound` bytes reserved for it, in one copy. Up to
    /// 1 KiB is reserved on the stack; more is allocated, so keep each unit under that on hot paths.
    ///
    /// - Precondition: `body` writes at most `bound` bytes.
    @inlinable
    public static func append(
        into bytes: inout [UInt8], reserving bound: Int, _ body: (inout JSONTextCursor) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
            let start = buffer.baseAddress!
            var cursor = JSONTextCursor(start)
            body(&cursor)
            let written = cursor.position - start
            precondition(written <= bound, "wrote \(written) bytes into \(bound) reserved")
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: written))
        }
    }
}
