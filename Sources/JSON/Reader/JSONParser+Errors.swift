extension JSONParser {
    /// An error at the cursor, with the path of the value being read.
    func error(_ code: JSONError.Code, _ message: String) -> JSONError {
        JSONError(code: code, message: message, offset: offset, parameter: path)
    }

    /// The input ended while `expected` was still to come.
    func endError(_ expected: String) -> JSONError {
        JSONError(
            code: .unexpectedEnd,
            message: "The document ends where \(expected) should follow; send the complete document.",
            offset: end - start,
            parameter: path
        )
    }

    /// The byte at the cursor cannot appear here.
    func unexpectedCharacterError(expecting expected: String) -> JSONError {
        if offset == 0, end - start >= 3, start[0] == 0xEF, start[1] == 0xBB, start[2] == 0xBF {
            // RFC 8259 §8.1: implementations must not add a byte order mark; we do not skip one either.
            return error(
                .unexpectedCharacter,
                "The document starts with a UTF-8 byte order mark, which JSON text must not have (RFC 8259 "
                    + "§8.1); send the text without it."
            )
        }
        return error(
            .unexpectedCharacter,
            "Expected \(expected) but found \(describeByte(cursor.pointee)); check the JSON syntax at this point."
        )
    }

    /// A byte shown for a message: `'x'` when printable ASCII, `byte 0xNN` otherwise.
    func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let digits = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (digits.count == 1 ? "0" + digits : digits)
    }

    /// The path of the value being read, such as `parameters.nodes[2]`; empty at the top level.
    var path: String { path(includingInnermostEntry: true) }

    /// The path of the value being read, or of its container when `includingInnermostEntry` is false.
    func path(includingInnermostEntry: Bool) -> String {
        var text = ""
        let depthCount = includingInnermostEntry ? frames.count : frames.count - 1
        for depth in 0..<max(depthCount, 0) {
            let frame = frames[depth]
            // The container's current entry is the last one it pushed: the top of its own stack, or just
            // below where the next container of the same kind starts.
            var entryEnd = frame.isObject ? members.count : elements.count
            for inner in (depth + 1)..<frames.count where frames[inner].isObject == frame.isObject {
                entryEnd = frames[inner].start
                break
            }
            if frame.isObject {
                if entryEnd > frame.start { JSONPath.appendKey(members[entryEnd - 1].key, to: &text) }
            } else {
                JSONPath.appendIndex(entryEnd - frame.start, to: &text)
            }
        }
        return text
    }
}
