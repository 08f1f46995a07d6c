/// The state of one parse: a cursor over the input and explicit stacks of open containers.
///
/// The parser is a loop rather than recursive descent so that nesting depth costs heap, bounded by
/// ``JSONReader/Limits/maximumDepth``, instead of stack. Finished values wait on `elements` (inside
/// arrays) or `members` (inside objects) until their container closes.
struct JSONParser: ~Copyable {
    /// An array or object whose closing bracket has not been read yet.
    struct Frame {
        var isObject: Bool
        /// Where the container's first element or member sits on `elements` or `members`.
        var start: Int
    }

    let start: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    var cursor: UnsafePointer<UInt8>
    let limits: JSONReader.Limits
    var valueCount = 0
    var frames = ScratchStack<Frame>(initialCapacity: 8)
    var elements = ScratchStack<JSONValue>(initialCapacity: 16)
    /// Members of open objects; the last member of each open object holds `.null` until its value is read.
    var members = ScratchStack<JSONObject.Element>(initialCapacity: 16)
    /// Keys of open objects with at least `JSONObject.indexThreshold` members, by depth, so that
    /// duplicate detection stays linear in large objects.
    var largeObjectKeys: [Int: Set<String>] = [:]
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
                    frames.push(Frame(isObject: true, start: members.count))
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
                    frames.push(Frame(isObject: false, start: elements.count))
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
            while frames.count > 0 {
                let frame = frames[frames.count - 1]
                skipWhitespace()
                if frame.isObject {
                    members[members.count - 1].value = value
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
                    if members.count - frame.start >= JSONObject.indexThreshold {
                        largeObjectKeys[frames.count] = nil
                    }
                    _ = frames.pop()
                    value = .object(JSONObject(uniqueMembers: members.popArray(from: frame.start)))
                } else {
                    elements.push(value)
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
                    _ = frames.pop()
                    value = .array(elements.popArray(from: frame.start))
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

    /// Reads `"key" :` and pushes the member with a `.null` placeholder, rejecting a key the innermost
    /// object already has.
    private mutating func readKeyAndColon() throws(JSONError) {
        guard cursor < end else { throw endError("a key") }
        guard cursor.pointee == UInt8(ascii: "\"") else {
            throw unexpectedCharacterError(expecting: "a string key")
        }
        let keyOffset = offset
        let key = try parseString()
        guard isNewKey(key) else {
            var parameter = path(includingInnermostEntry: false)
            JSONPath.appendKey(key, to: &parameter)
            throw JSONError(
                code: .duplicateKey,
                message: "Duplicate key \"\(key)\" in an object; every key may appear only once.",
                offset: keyOffset,
                parameter: parameter
            )
        }
        members.push((key, .null))
        skipWhitespace()
        guard cursor < end else { throw endError("':'") }
        guard cursor.pointee == UInt8(ascii: ":") else {
            throw unexpectedCharacterError(expecting: "':' after a key")
        }
        cursor += 1
        skipWhitespace()
    }

    /// Whether the innermost open object lacks `key`; records it for large objects.
    private mutating func isNewKey(_ key: String) -> Bool {
        let objectStart = frames[frames.count - 1].start
        let memberCount = members.count - objectStart
        if memberCount < JSONObject.indexThreshold {
            for index in objectStart..<members.count where members[index].key == key { return false }
            return true
        }
        let depth = frames.count
        if memberCount == JSONObject.indexThreshold {
            var keys = Set<String>(minimumCapacity: memberCount * 2)
            for index in objectStart..<members.count { keys.insert(members[index].key) }
            largeObjectKeys[depth] = keys
        }
        return largeObjectKeys[depth, default: []].insert(key).inserted
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
