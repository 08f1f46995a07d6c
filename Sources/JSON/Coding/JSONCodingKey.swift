/// A coding key for arbitrary object keys and array positions.
struct JSONCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key of the element at `index` of an array; rendered as `[index]` in paths.
    static func index(_ index: Int) -> JSONCodingKey { JSONCodingKey(intValue: index) }

    /// The key `superDecoder()` and `superEncoder()` use.
    static let superKey = JSONCodingKey(stringValue: "super")
}

extension JSONPath {
    /// Renders a coding path as `nodes[2].frame`: array positions (keys whose `stringValue` is
    /// `Index <n>`, the convention of Swift's coders) as `[n]`, other keys by name.
    static func render(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                appendIndex(index, to: &text)
            } else {
                appendKey(key.stringValue, to: &text)
            }
        }
        return text
    }
}
