extension JSONWriter {
    /// Appends `string` as a quoted JSON string.
    ///
    /// Escapes `"` and `\`, writes the control characters U+0008, U+0009, U+000A, U+000C and U+000D as
    /// `\b \t \n \f \r` and the other control characters below U+0020 as `\u00xx` with lowercase hex
    /// (RFC 8259 §7). Everything else, non-ASCII included, is written as its UTF-8 bytes; `/` is not
    /// escaped.
    public static func appendString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in appendEscaped(utf8, into: &bytes) }
        bytes.append(UInt8(ascii: "\""))
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
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            default:
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
