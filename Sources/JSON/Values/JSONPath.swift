/// Renders paths into a document for messages: `nodes[2].frame`, with unusual keys quoted as
/// `["a key"]`.
enum JSONPath {
    /// Appends `.key`, or `key` at the start, or `["key"]` when the key is not a plain name.
    static func appendKey(_ key: String, to path: inout String) {
        if isPlainName(key) {
            if !path.isEmpty { path += "." }
            path += key
        } else {
            var quoted: [UInt8] = []
            JSONWriter.appendString(key, into: &quoted)
            path += "[" + String(decoding: quoted, as: UTF8.self) + "]"
        }
    }

    /// Appends `[index]`.
    static func appendIndex(_ index: Int, to path: inout String) {
        path += "[\(index)]"
    }

    /// Whether `key` is non-empty and made of ASCII letters, digits, `_` and `-` only.
    static func isPlainName(_ key: String) -> Bool {
        guard !key.isEmpty else { return false }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }
}
