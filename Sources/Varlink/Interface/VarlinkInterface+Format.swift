extension VarlinkInterface {
    /// The widest line `formatted()` writes for a method or error on one line, in columns.
    public static let formattingLineWidth = 100

    /// The indentation of one nesting level in `formatted()`.
    private static let indentUnit = "  "

    /// The definition in canonical IDL text.
    ///
    /// Layout: the interface comment and `interface` line, then each member after a blank line, its
    /// comment lines first. A method or error fits on one line when it has no inner comments and is at
    /// most `formattingLineWidth` columns; otherwise, and for every non-empty `type`, each field goes on
    /// its own line, indented by two spaces per level. Nested structures and enumerations stay inline
    /// unless they contain comments. Parsing the result gives back an equal interface, so formatting is
    /// idempotent: `format(parse(format(x))) == format(x)`.
    public func formatted() -> String {
        var text = ""
        Self.appendComment(comment, level: 0, to: &text)
        text += "interface \(name)\n"
        for member in members {
            text += "\n"
            Self.appendComment(member.comment, level: 0, to: &text)
            switch member {
            case .type(let definition):
                text += "type \(definition.name) \(Self.formatBlock(definition.type, level: 0))\n"
            case .method(let method):
                let inline =
                    "method \(method.name)(\(Self.inlineFields(method.input))) -> (\(Self.inlineFields(method.output)))"
                if Self.fitsInline(inline, method.input + method.output) {
                    text += inline + "\n"
                } else {
                    let input = Self.formatBlock(.structure(method.input), level: 0)
                    let output = Self.formatBlock(.structure(method.output), level: 0)
                    text += "method \(method.name)\(input) -> \(output)\n"
                }
            case .error(let error):
                let inline = "error \(error.name) (\(Self.inlineFields(error.parameters)))"
                if Self.fitsInline(inline, error.parameters) {
                    text += inline + "\n"
                } else {
                    text += "error \(error.name) \(Self.formatBlock(.structure(error.parameters), level: 0))\n"
                }
            }
        }
        return text
    }

    private static func fitsInline(_ line: String, _ fields: [VarlinkField]) -> Bool {
        line.utf8.count <= formattingLineWidth && !fields.contains { hasComments($0) }
    }

    /// A structure or enumeration with one element per line; `()` when empty.
    private static func formatBlock(_ type: VarlinkType, level: Int) -> String {
        let inner = String(repeating: indentUnit, count: level + 1)
        var lines: [String] = []
        switch type {
        case .structure(let fields):
            for field in fields {
                var line = ""
                appendComment(field.comment, level: level + 1, to: &line)
                line += "\(inner)\(field.name): \(format(field.type, level: level + 1))"
                lines.append(line)
            }
        case .enumeration(let values):
            for value in values {
                var line = ""
                appendComment(value.comment, level: level + 1, to: &line)
                line += inner + value.name
                lines.append(line)
            }
        default:
            return format(type, level: level)
        }
        if lines.isEmpty { return "()" }
        return "(\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: indentUnit, count: level) + ")"
    }

    /// A type as it appears after a field name at `level`.
    fileprivate static func format(_ type: VarlinkType, level: Int) -> String {
        switch type {
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .string: "string"
        case .object: "object"
        case .named(let name): name
        case .optional(let wrapped): "?" + format(wrapped, level: level)
        case .array(let element): "[]" + format(element, level: level)
        case .map(let element): "[string]" + format(element, level: level)
        case .structure(let fields):
            fields.contains(where: hasComments)
                ? formatBlock(type, level: level) : "(\(inlineFields(fields)))"
        case .enumeration(let values):
            values.contains { !$0.comment.isEmpty }
                ? formatBlock(type, level: level) : "(\(values.map(\.name).joined(separator: ", ")))"
        }
    }

    private static func inlineFields(_ fields: [VarlinkField]) -> String {
        fields.map { "\($0.name): \(format($0.type, level: 0))" }.joined(separator: ", ")
    }

    private static func hasComments(_ field: VarlinkField) -> Bool {
        !field.comment.isEmpty || hasComments(field.type)
    }

    private static func hasComments(_ type: VarlinkType) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped), .map(let wrapped): hasComments(wrapped)
        case .structure(let fields): fields.contains(where: hasComments)
        case .enumeration(let values): values.contains { !$0.comment.isEmpty }
        default: false
        }
    }

    private static func appendComment(_ lines: [String], level: Int, to text: inout String) {
        let indent = String(repeating: indentUnit, count: level)
        for line in lines {
            text += line.isEmpty ? "\(indent)#\n" : "\(indent)# \(line)\n"
        }
    }
}

extension VarlinkType: CustomStringConvertible {
    /// The type in IDL syntax on one line (comments inside omitted), e.g. `?[](name: string, count: int)`.
    public var description: String {
        VarlinkInterface.format(self.withoutComments, level: 0)
    }

    private var withoutComments: VarlinkType {
        switch self {
        case .optional(let wrapped): .optional(wrapped.withoutComments)
        case .array(let element): .array(element.withoutComments)
        case .map(let element): .map(element.withoutComments)
        case .structure(let fields):
            .structure(fields.map { VarlinkField(name: $0.name, type: $0.type.withoutComments) })
        case .enumeration(let values): .enumeration(values.map { VarlinkEnumValue(name: $0.name) })
        default: self
        }
    }
}
