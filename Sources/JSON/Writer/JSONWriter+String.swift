extension JSONWriter {
    /// Appends `string` as a quoted JSON string.
    ///
    /// Escapes `"` and `\`, writes the control characters U+0008, U+0009, U+000A, U+000C and U+000D as
    /// `\b \t \n \f \r` and the other control characters below U+0020 as `\u00xx` with lowercase hex
    /// (RFC 8259 §7). Everything else, non-ASCII included, is written as its UTF-8 bytes; `/` is not
    /// escaped.
    public static func appendString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let appended: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            if needsNoEscape(utf8) {
                bytes.append(contentsOf: utf8)
            } else {
                appendEscaped(utf8, into: &bytes)
            }
        }
        if appended == nil {
            var copy = string
            copy.withUTF8 { utf8 in appendEscaped(utf8, into: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether no byte of `utf8` is `"`, `\` or below 0x20, checked eight bytes at a time.
    @inline(__always)
    static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var cursor = utf8.baseAddress else { return true }
        let end = cursor + utf8.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while end - cursor >= 8 {
            // Bit tricks from Sean Eron Anderson's "Bit Twiddling Hacks": a zero byte after XOR marks a
            // match, a borrow out of a byte marks one below 0x20. Non-ASCII bytes (high bit set) are
            // masked out by `~word`.
            let word = UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let found =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word)
            if found & highBits != 0 { return false }
            cursor += 8
        }
        while cursor < end {
            let byte = cursor.pointee
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            cursor += 1
        }
        return true
    }

    /// Appends `utf8` escaped, copying runs of bytes that need no escape in one step.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        var runStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            if let escape = shortEscape(byte) {
                bytes.append(escape)
            } else {
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// The letter after the backslash of a two-byte escape (`\"`, `\\`, `\b`, `\t`, `\n`, `\f`, `\r`), or nil
    /// for a byte written as `\u00xx` or as itself.
    static func shortEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case 0x08: UInt8(ascii: "b")
        case 0x09: UInt8(ascii: "t")
        case 0x0A: UInt8(ascii: "n")
        case 0x0C: UInt8(ascii: "f")
        case 0x0D: UInt8(ascii: "r")
        default: nil
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
