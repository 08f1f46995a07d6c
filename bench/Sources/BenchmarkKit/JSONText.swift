/// A JSON value with ordered object keys, rendered with two-space indentation: the results files' stable
/// shape, readable in a diff. Numbers use Swift's shortest round-trip form; non-finite numbers become
/// null.
public indirect enum JSONText {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; NaN and infinities render as null.
    case number(Double)
    /// A string, escaped as RFC 8259 §7 requires.
    case string(String)
    /// An array.
    case array([JSONText])
    /// An object whose members keep their order.
    case object([(String, JSONText)])

    /// A number, or null when nil.
    public static func optional(_ value: Double?) -> JSONText {
        value.map(JSONText.number) ?? .null
    }

    /// The document, ending with a newline.
    public func rendered() -> String {
        var text = ""
        render(into: &text, indent: "")
        return text + "\n"
    }

    private func render(into text: inout String, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += value.isFinite ? Self.number(value) : "null"
        case .string(let value): Self.quote(value, into: &text)
        case .array(let values):
            // Arrays of numbers stay on one line; others take a line per element.
            if values.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
                text += "["
                for (index, value) in values.enumerated() {
                    if index > 0 { text += ", " }
                    value.render(into: &text, indent: indent)
                }
                text += "]"
                return
            }
            renderList(values.map { (nil, $0) }, open: "[", close: "]", into: &text, indent: indent)
        case .object(let members):
            renderList(members.map { ($0.0, $0.1) }, open: "{", close: "}", into: &text, indent: indent)
        }
    }

    private func renderList(
        _ items: [(String?, JSONText)], open: String, close: String, into text: inout String, indent: String
    ) {
        guard !items.isEmpty else {
            text += open + close
            return
        }
        let inner = indent + "  "
        text += open + "\n"
        for (index, (key, value)) in items.enumerated() {
            text += inner
            if let key {
                Self.quote(key, into: &text)
                text += ": "
            }
            value.render(into: &text, indent: inner)
            text += index + 1 < items.count ? ",\n" : "\n"
        }
        text += indent + close
    }

    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
