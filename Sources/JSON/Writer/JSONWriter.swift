/// Writes ``JSONValue``s as compact JSON text (RFC 8259), appending UTF-8 bytes to an array.
///
/// Output has no whitespace; object members appear in ``JSONObject`` order; strings are escaped as
/// ``appendString(_:into:)`` describes and numbers formatted as ``appendNumber(_:into:)`` describes.
/// The `append…` functions let hot paths (frames, replies) write JSON directly without building a
/// ``JSONValue`` first.
///
/// ```swift
/// var bytes: [UInt8] = []
/// try JSONWriter.write(["x": 1.5, "name": "a\"b"], into: &bytes)   // {"x":1.5,"name":"a\"b"}
/// ```
public struct JSONWriter {
    /// The deepest nesting of arrays and objects ``write(_:into:)`` accepts. Writing recurses, so this
    /// bounds its stack use (about 100 KiB); it is far above ``JSONReader/Limits/maximumDepth``'s default.
    public static let maximumDepth = 1024

    /// Appends the compact JSON text of `value` to `bytes`.
    ///
    /// - Throws: ``JSONError/Code/nonFiniteNumber`` for an infinite or NaN number, and
    ///   ``JSONError/Code/tooDeep`` for nesting deeper than ``maximumDepth``; `parameter` names the
    ///   path of the value at fault. On error `bytes` is left as it was.
    public static func write(_ value: JSONValue, into bytes: inout [UInt8]) throws(JSONError) {
        let originalCount = bytes.count
        do {
            try writeValue(value, into: &bytes, depth: 0)
        } catch {
            bytes.removeSubrange(originalCount...)
            throw error
        }
    }

    /// The compact JSON text of `value`.
    ///
    /// - Throws: As ``write(_:into:)``.
    public static func string(_ value: JSONValue) throws(JSONError) -> String {
        var bytes: [UInt8] = []
        try writeValue(value, into: &bytes, depth: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func writeValue(_ value: JSONValue, into bytes: inout [UInt8], depth: Int) throws(JSONError) {
        switch value {
        case .null:
            appendLiteral("null", into: &bytes)
        case .bool(let bool):
            appendLiteral(bool ? "true" : "false", into: &bytes)
        case .number(let number):
            guard number.isFinite else {
                throw JSONError(
                    code: .nonFiniteNumber,
                    message: "JSON cannot represent the number \(number); replace it with a finite value or null."
                )
            }
            appendNumber(number, into: &bytes)
        case .string(let string):
            appendString(string, into: &bytes)
        case .array(let elements):
            try checkDepth(depth)
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                do {
                    try writeValue(element, into: &bytes, depth: depth + 1)
                } catch {
                    throw prefixing(error) { path in JSONPath.appendIndex(index, to: &path) }
                }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            try checkDepth(depth)
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                do {
                    try writeValue(member.value, into: &bytes, depth: depth + 1)
                } catch {
                    throw prefixing(error) { path in JSONPath.appendKey(member.key, to: &path) }
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func checkDepth(_ depth: Int) throws(JSONError) {
        guard depth < maximumDepth else {
            throw JSONError(
                code: .tooDeep,
                message: "Arrays and objects are nested more than \(maximumDepth) levels deep; flatten the value."
            )
        }
    }

    /// `error` with its path placed under the component `appendComponent` writes.
    private static func prefixing(_ error: JSONError, _ appendComponent: (inout String) -> Void) -> JSONError {
        var path = ""
        appendComponent(&path)
        var prefixed = error
        if !error.parameter.isEmpty {
            path += error.parameter.hasPrefix("[") ? error.parameter : "." + error.parameter
        }
        prefixed.parameter = path
        return prefixed
    }

    /// Appends `literal`'s bytes as they are: punctuation, keys with their quotes and colon, `true`, `null`.
    /// For writers of a known structure, which write JSON text without building a ``JSONValue``.
    @inlinable
    public static func appendLiteral(_ literal: StaticString, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
