import JSON

/// Writes a ``JSONValue`` indented over several lines: two spaces per level, one member or element
/// per line, `"key": value`, empty arrays and objects as `[]` and `{}`. Scalars are written exactly as
/// ``JSONWriter`` writes them (shortest round-trip numbers, the same escapes).
public enum JSONPrettyWriter {
    /// Spaces per nesting level.
    public static let indentWidth = 2

    /// The indented text, without a trailing newline.
    ///
    /// - Throws: ``JSONError`` `nonFiniteNumber` for an infinite or NaN number.
    public static func string(_ value: JSONValue) throws(JSONError) -> String {
        var bytes: [UInt8] = []
        try append(value, depth: 0, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ value: JSONValue, depth: Int, into bytes: inout [UInt8]) throws(JSONError) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                bytes.append(contentsOf: index == 0 ? [UInt8(ascii: "\n")] : Array(",\n".utf8))
                indent(depth + 1, into: &bytes)
                try append(element, depth: depth + 1, into: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
            indent(depth, into: &bytes)
            bytes.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.enumerated() {
                bytes.append(contentsOf: index == 0 ? [UInt8(ascii: "\n")] : Array(",\n".utf8))
                indent(depth + 1, into: &bytes)
                JSONWriter.appendString(member.key, into: &bytes)
                bytes.append(contentsOf: ": ".utf8)
                try append(member.value, depth: depth + 1, into: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
            indent(depth, into: &bytes)
            bytes.append(UInt8(ascii: "}"))
        default:
            try JSONWriter.write(value, into: &bytes)
        }
    }

    private static func indent(_ depth: Int, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indentWidth))
    }
}
