extension JSONParser {
    /// Reads a string whose opening quote is at the cursor, leaving the cursor after the closing quote.
    ///
    /// ASCII without escapes (the usual case for keys and names) is scanned eight bytes at a time and
    /// converted in one step; anything else goes through ``parseStringSlowly(contentStart:quoteOffset:)``.
    mutating func parseString() throws(JSONError) -> String {
        let quoteOffset = offset
        cursor += 1
        let contentStart = cursor
        while end - cursor >= 8 {
            let mask = Self.specialBytes(in: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            if mask != 0 {
                cursor += mask.trailingZeroBitCount >> 3
                break
            }
            cursor += 8
        }
        while cursor < end {
            let byte = cursor.pointee
            if byte == UInt8(ascii: "\"") {
                let length = cursor - contentStart
                guard length <= limits.maximumStringBytes else { throw stringTooLongError(quoteOffset) }
                let string = Self.makeString(UnsafeBufferPointer(start: contentStart, count: length))
                cursor += 1
                lastStringWasPlainASCII = true
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            cursor += 1
        }
        lastStringWasPlainASCII = false
        return try parseStringSlowly(contentStart: contentStart, quoteOffset: quoteOffset)
    }

    /// A mask with the high bit set in the lowest byte of `word` (little-endian) that is `"`, `\`, below
    /// 0x20 or above 0x7F, if any. Bytes above the lowest flagged one may be flagged falsely.
    @inline(__always)
    static func specialBytes(in word: UInt64) -> UInt64 {
        // Bytes from 0x80 have the high bit set already.
        StringWordScan.quotesBackslashesAndControls(in: word) | (word & 0x8080_8080_8080_8080)
    }

    /// A string from valid UTF-8; small strings (up to 15 bytes, stored inline) are built directly,
    /// which measured cheaper than `String(decoding:as:)` for them.
    @inline(__always)
    static func makeString(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        guard utf8.count <= 15 else { return String(decoding: utf8, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            _ = buffer.initialize(from: utf8)
            return utf8.count
        }
    }

    /// Continues a string at the cursor after an escape, a control character, a non-ASCII byte or the end.
    ///
    /// Bytes are copied to `scratch` only once an escape appears; until then the result is made from the
    /// input directly.
    private mutating func parseStringSlowly(contentStart: UnsafePointer<UInt8>, quoteOffset: Int) throws(JSONError)
        -> String
    {
        var hasEscapes = false
        var runStart = contentStart
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard cursor < end else { throw endError("the closing '\"' of a string") }
            let byte = cursor.pointee
            switch byte {
            case UInt8(ascii: "\""):
                let string: String
                if hasEscapes {
                    scratch.append(contentsOf: UnsafeBufferPointer(start: runStart, count: cursor - runStart))
                    guard scratch.count <= limits.maximumStringBytes else { throw stringTooLongError(quoteOffset) }
                    string = scratch.withUnsafeBufferPointer { Self.makeString($0) }
                } else {
                    let length = cursor - contentStart
                    guard length <= limits.maximumStringBytes else { throw stringTooLongError(quoteOffset) }
                    string = Self.makeString(UnsafeBufferPointer(start: contentStart, count: length))
                }
                cursor += 1
                return string
            case UInt8(ascii: "\\"):
                hasEscapes = true
                scratch.append(contentsOf: UnsafeBufferPointer(start: runStart, count: cursor - runStart))
                try parseEscape()
                runStart = cursor
            case 0..<0x20:
                throw error(
                    .invalidString,
                    "Unescaped control character \(describeByte(byte)) in a string; write it as \\u00XX "
                        + "(RFC 8259 §7)."
                )
            case 0x80...:
                try skipUTF8Sequence()
            default:
                cursor += 1
            }
        }
    }

    private func stringTooLongError(_ quoteOffset: Int) -> JSONError {
        var failure = error(
            .invalidString,
            "A string is longer than the limit of \(limits.maximumStringBytes) bytes; send a shorter string."
        )
        failure.offset = quoteOffset
        return failure
    }

    /// Decodes the escape at the cursor (RFC 8259 §7) into `scratch`.
    private mutating func parseEscape() throws(JSONError) {
        guard cursor + 1 < end else { throw endError("an escape sequence") }
        let escapeStart = cursor
        let replacement: UInt8
        switch cursor[1] {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            cursor += 2
            let unit = try parseHexQuad()
            var scalarValue = UInt32(unit)
            if unit >= 0xD800, unit < 0xDC00 {
                // A high surrogate must be followed by an escaped low surrogate (RFC 8259 §7, UTF-16).
                guard cursor < end else { throw endError("the low surrogate after \\u\(hex(unit))") }
                guard cursor[0] == UInt8(ascii: "\\") else {
                    cursor = escapeStart
                    throw loneSurrogateError(unit)
                }
                guard cursor + 1 < end else { throw endError("the low surrogate after \\u\(hex(unit))") }
                guard cursor[1] == UInt8(ascii: "u") else {
                    cursor = escapeStart
                    throw loneSurrogateError(unit)
                }
                cursor += 2
                let low = try parseHexQuad()
                guard low >= 0xDC00, low < 0xE000 else {
                    cursor = escapeStart
                    throw loneSurrogateError(unit)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if unit >= 0xDC00, unit < 0xE000 {
                cursor = escapeStart
                throw loneSurrogateError(unit)
            }
            appendUTF8(scalarValue)
            return
        default:
            cursor += 1
            throw error(
                .invalidEscape,
                "Unknown escape \\\(describeByte(cursor.pointee)); JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
                    + "and \\uXXXX."
            )
        }
        scratch.append(replacement)
        cursor += 2
    }

    private func loneSurrogateError(_ unit: UInt16) -> JSONError {
        error(
            .invalidEscape,
            "The escape \\u\(hex(unit)) is half of a UTF-16 surrogate pair "
                + "without its other half; escape characters above U+FFFF as a high and a low surrogate."
        )
    }

    private func hex(_ unit: UInt16) -> String { String(unit, radix: 16, uppercase: true) }

    /// Reads four hexadecimal digits at the cursor.
    private mutating func parseHexQuad() throws(JSONError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard cursor < end else { throw endError("four hexadecimal digits after \\u") }
            let byte = cursor.pointee
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default:
                throw error(
                    .invalidEscape,
                    "Expected a hexadecimal digit in a \\u escape but found \(describeByte(byte)); write "
                        + "exactly four digits."
                )
            }
            unit = unit << 4 | UInt16(digit)
            cursor += 1
        }
        return unit
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 sequence at the cursor against RFC 3629 §4 and moves past it.
    ///
    /// Rejects continuation bytes without a lead, overlong forms (C0, C1, E0 80–9F, F0 80–8F), encoded
    /// surrogates (ED A0–BF) and values above U+10FFFF (F4 90–BF, F5–FF).
    private mutating func skipUTF8Sequence() throws(JSONError) {
        let lead = cursor.pointee
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default:
            throw error(.invalidUTF8, "Byte \(describeByte(lead)) cannot start a UTF-8 character; send UTF-8 text.")
        }
        for index in 1..<length {
            guard cursor + index < end else { throw endError("the rest of a UTF-8 character") }
            let byte = cursor[index]
            let range = index == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else {
                throw error(
                    .invalidUTF8,
                    "Malformed UTF-8 sequence starting with \(describeByte(lead)) (overlong, a surrogate, "
                        + "beyond U+10FFFF, or cut short); send well-formed UTF-8 text."
                )
            }
        }
        cursor += length
    }
}
