/// The state of one parse: a cursor over the input and explicit stacks of open containers.
///
/// The parser is a loop rather than recursive descent, so nesting never deepens the call stack: open
/// containers live on ``ScratchStack``s, which start in a small buffer on the thread's stack and move to
/// the heap when they outgrow it, bounded by ``JSONReader/Limits/maximumDepth``. Finished values wait on
/// `elements` (inside arrays) or `members` (inside objects) until their container closes.
struct JSONParser: ~Copyable {
    /// An array or object whose closing bracket has not been read yet.
    struct Frame {
        var isObject: Bool
        /// Where the container's first element or member sits on `elements` or `members`.
        var start: Int
    }

    /// Initial capacities of the stacks, held on the thread's stack (about 1.2 KiB); enough for typical
    /// Varlink messages, which then need no scratch allocation at all.
    private static let initialFrames = 8
    private static let initialElements = 16
    private static let initialMembers = 16

    let start: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    var cursor: UnsafePointer<UInt8>
    let limits: JSONReader.Limits
    var valueCount = 0
    var frames: ScratchStack<Frame>
    var elements: ScratchStack<JSONValue>
    /// Members of open objects; the last member of each open object holds `.null` until its value is read.
    var members: ScratchStack<JSONObject.Member>
    /// A fingerprint of each key on `members` (see ``keyFingerprint(_:_:)``); 0 for keys that must be
    /// compared as strings.
    var keyFingerprints: ScratchStack<UInt32>
    /// Keys of open objects with at least `JSONObject.indexThreshold` members, by depth, so that
    /// duplicate detection stays linear in large objects.
    var largeObjectKeys: [Int: Set<String>] = [:]
    /// Whether the last string read was ASCII without escapes, so its bytes in the input are its UTF-8.
    var lastStringWasPlainASCII = false
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []

    /// Parses `buffer` as one document, with the parser's stacks starting on the thread's stack.
    ///
    /// - Precondition: `buffer` is not empty.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: JSONReader.Limits) throws(JSONError)
        -> JSONValue
    {
        try withUnsafeTemporaryAllocation(of: Frame.self, capacity: initialFrames) { (frames) throws(JSONError) in
            try withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: initialElements) {
                (elements) throws(JSONError) in
                try withUnsafeTemporaryAllocation(of: JSONObject.Member.self, capacity: initialMembers) {
                    (members) throws(JSONError) in
                    try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: initialMembers) {
                        (fingerprints) throws(JSONError) in
                        var parser = JSONParser(
                            buffer,
                            limits: limits,
                            frames: ScratchStack(lending: frames),
                            elements: ScratchStack(lending: elements),
                            members: ScratchStack(lending: members),
                            keyFingerprints: ScratchStack(lending: fingerprints)
                        )
                        return try parser.parseDocument()
                    }
                }
            }
        }
    }

    private init(
        _ buffer: UnsafeBufferPointer<UInt8>,
        limits: JSONReader.Limits,
        frames: consuming ScratchStack<Frame>,
        elements: consuming ScratchStack<JSONValue>,
        members: consuming ScratchStack<JSONObject.Member>,
        keyFingerprints: consuming ScratchStack<UInt32>
    ) {
        start = buffer.baseAddress!
        end = start + buffer.count
        cursor = start
        self.limits = limits
        self.frames = frames
        self.elements = elements
        self.members = members
        self.keyFingerprints = keyFingerprints
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
                    keyFingerprints.drop(toCount: frame.start)
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
        let fingerprint =
            lastStringWasPlainASCII ? Self.keyFingerprint(start + keyOffset + 1, cursor - 1) : 0
        guard isNewKey(key, fingerprint: fingerprint) else {
            var parameter = path(includingInnermostEntry: false)
            JSONPath.appendKey(key, to: &parameter)
            throw JSONError(
                code: .duplicateKey,
                message: "Duplicate key \"\(key)\" in an object; every key may appear only once.",
                offset: keyOffset,
                parameter: parameter
            )
        }
        members.push(JSONObject.Member(key: key, value: .null))
        keyFingerprints.push(fingerprint)
        skipWhitespace()
        guard cursor < end else { throw endError("':'") }
        guard cursor.pointee == UInt8(ascii: ":") else {
            throw unexpectedCharacterError(expecting: "':' after a key")
        }
        cursor += 1
        skipWhitespace()
    }

    /// Whether the innermost open object lacks `key`; records it for large objects.
    private mutating func isNewKey(_ key: String, fingerprint: UInt32) -> Bool {
        let objectStart = frames[frames.count - 1].start
        let memberCount = members.count - objectStart
        if memberCount < JSONObject.indexThreshold {
            for index in objectStart..<members.count {
                let other = keyFingerprints[index]
                // Different fingerprints of two plain ASCII keys prove the keys differ; otherwise compare
                // as Swift strings (canonical equivalence, which can equate ASCII with non-ASCII text).
                if fingerprint != 0, other != 0, fingerprint != other { continue }
                if members[index].key == key { return false }
            }
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

    /// A nonzero 32-bit fingerprint of the ASCII key in `first..<end`: equal keys have equal
    /// fingerprints. It packs the length (up to 127) with the first, middle and last bytes, which tells
    /// apart nearly all keys of one object in constant time.
    @inline(__always)
    static func keyFingerprint(_ first: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt32 {
        let length = end - first
        guard length > 0 else { return 0x8000_0000 }
        let ends = UInt32(first.pointee) << 16 | UInt32(first[length >> 1]) << 8 | UInt32(end[-1])
        return 0x8000_0000 | UInt32(truncatingIfNeeded: min(length, 0x7F)) << 24 | ends
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
