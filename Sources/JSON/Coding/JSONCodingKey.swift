/// A coding key for arbitrary object keys and array positions.
struct JSONCodingKey: CodingKey, Sendable {
    private let name: String?
    let intValue: Int?

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        name = nil
        self.intValue = intValue
    }

    /// The name, or `Index <n>` for an array position (the convention of Swift's coders), made only when
    /// asked for.
    var stringValue: String { name ?? "Index \(intValue ?? 0)" }

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
