/// The state of one parse: a cursor over the input and an explicit stack of open containers.
///
/// The parser is a loop rather than recursive descent so that nesting depth costs heap, bounded by
/// ``JSONReader/Limits/maximumDepth``, instead of stack.
struct JSONParser {
    /// An array or object whose closing bracket has not been read yet.
    struct Frame {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members = JSONObject()
        /// The key whose value is being read; meaningful in objects only.
        var key = ""
    }

    let start: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    var cursor: UnsafePointer<UInt8>
    let limits: JSONReader.Limits
    var valueCount = 0
    var frames: [Frame] = []
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []

    /// - Precondition: `buffer` is not empty.
    init(_ buffer: UnsafeBufferPointer<UInt8>, limits: JSONReader.Limits) {
        start = buffer.baseAddress!
        end = start + buffer.count
        cursor = start
        self.limits = limits
    }

    var offset: Int { cursor - start }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        skipWhitespace()
        var value: JSONValue
        readValue: while true {
            guard cursor < end else { throw endError("a value") }
            try countValue()
            switch cursor.pointee {
            case UInt8(ascii: "{"):
                try checkDepth()
                cursor += 1
                skipWhitespace()
                if cursor < end, cursor.pointee == UInt8(ascii: "}") {
                    cursor += 1
                    value = .object(JSONObject())
                } else {
                    frames.append(Frame(isObject: true))
                    try readKeyAndColon()
                    continue readValue
                }
            case UInt8(ascii: "["):
                try checkDepth()
                cursor += 1
                skipWhitespace()
                if cursor < end, cursor.pointee == UInt8(ascii: "]") {
                    cursor += 1
                    value = .array([])
                } else {
                    frames.append(Frame(isObject: false))
                    continue readValue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw unexpectedCharacterError(expecting: "a value")
            }

            // Attach the finished value to its container, closing containers as their brackets arrive.
            while !frames.isEmpty {
                let top = frames.count - 1
                skipWhitespace()
                if frames[top].isObject {
                    frames[top].members.appendUnchecked(key: frames[top].key, value: value)
                    guard cursor < end else { throw endError("',' or '}'") }
                    if cursor.pointee == UInt8(ascii: ",") {
                        cursor += 1
                        skipWhitespace()
                        try readKeyAndColon()
                        continue readValue
                    }
                    guard cursor.pointee == UInt8(ascii: "}") else {
                        throw unexpectedCharacterError(expecting: "',' or '}' after an object member")
                    }
                    cursor += 1
                    value = .object(frames.removeLast().members)
                } else {
                    frames[top].elements.append(value)
                    guard cursor < end else { throw endError("',' or ']'") }
                    if cursor.pointee == UInt8(ascii: ",") {
                        cursor += 1
                        skipWhitespace()
                        continue readValue
                    }
                    guard cursor.pointee == UInt8(ascii: "]") else {
                        throw unexpectedCharacterError(expecting: "',' or ']' after an array element")
                    }
                    cursor += 1
                    value = .array(frames.removeLast().elements)
                }
            }
            break readValue
        }
        skipWhitespace()
        guard cursor == end else {
            throw error(
                .trailingCharacters,
                "Unexpected \(describeByte(cursor.pointee)) after the end of the value; send exactly one JSON "
                    + "value per document."
            )
        }
        return value
    }

    /// Rejects a container at the cursor that would nest deeper than the limit.
    private func checkDepth() throws(JSONError) {
        guard frames.count < limits.maximumDepth else {
            throw error(
                .tooDeep,
                "Arrays and objects are nested more than \(limits.maximumDepth) levels deep; flatten the document."
            )
        }
    }

    private mutating func countValue() throws(JSONError) {
        valueCount += 1
        guard valueCount <= limits.maximumElements else {
            throw error(
                .tooLarge,
                "The document has more than \(limits.maximumElements) values; send a smaller document."
            )
        }
    }

    /// Reads `"key" :` into the top frame, rejecting a key the object already has.
    private mutating func readKeyAndColon() throws(JSONError) {
        guard cursor < end else { throw endError("a key") }
        guard cursor.pointee == UInt8(ascii: "\"") else {
            throw unexpectedCharacterError(expecting: "a string key")
        }
        let keyOffset = offset
        let key = try parseString()
        let top = frames.count - 1
        if frames[top].members.index(forKey: key) != nil {
            frames[top].key = key
            var failure = error(
                .duplicateKey,
                "Duplicate key \"\(key)\" in an object; every key may appear only once."
            )
            failure.offset = keyOffset
            throw failure
        }
        frames[top].key = key
        skipWhitespace()
        guard cursor < end else { throw endError("':'") }
        guard cursor.pointee == UInt8(ascii: ":") else {
            throw unexpectedCharacterError(expecting: "':' after a key")
        }
        cursor += 1
        skipWhitespace()
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let count = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for index in 0..<count {
            guard cursor + index < end else { throw endError("the literal \(literal)") }
            guard cursor[index] == expected[index] else {
                cursor += index
                throw unexpectedCharacterError(expecting: "the literal \(literal)")
            }
        }
        cursor += count
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while cursor < end {
            switch cursor.pointee {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): cursor += 1
            default: return
            }
        }
    }
}
