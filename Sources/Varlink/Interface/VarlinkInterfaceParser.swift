/// A recursive-descent parser for the Varlink interface definition language.
///
/// Grammar (varlink.org, "Interface Definition"; whitespace, newlines and `#` comments may appear
/// between any two tokens):
///
///     interface  = "interface" interface-name member*
///     member     = "type" member-name structure-or-enum
///                | "method" member-name structure "->" structure
///                | "error" member-name structure
///     type       = "?" non-optional | non-optional
///     non-optional = "bool" | "int" | "float" | "string" | "object" | member-name
///                | "[]" type | "[string]" type | structure-or-enum
///     structure  = "(" [ field-name ":" type ("," field-name ":" type)* ] ")"
///     enum       = "(" field-name ("," field-name)* ")"
struct VarlinkInterfaceParser {
    private var scanner: VarlinkInterfaceScanner
    /// Named type references with their positions, checked once every member is known.
    private var references: [(name: String, line: Int, column: Int)] = []

    init(_ text: String) {
        scanner = VarlinkInterfaceScanner(text)
    }

    mutating func parseInterface() throws(VarlinkInterfaceError) -> VarlinkInterface {
        scanner.skipTrivia()
        guard scanner.readWord() == "interface" else {
            throw scanner.error(.syntax, "Start the definition with the keyword 'interface'.")
        }
        let comment = scanner.takeComment()
        scanner.skipTrivia()
        let name = scanner.readWord(allowingDots: true)
        guard VarlinkName.isValidInterfaceName(name) else {
            throw scanner.error(
                .invalidInterfaceName,
                "'\(name)' is not a valid interface name; use reverse-domain notation such as 'org.example.service'.",
                parameter: name
            )
        }
        var members: [VarlinkMember] = []
        var names: Set<String> = []
        while true {
            scanner.skipTrivia()
            if scanner.isAtEnd { break }
            let member = try parseMember()
            guard names.insert(member.name).inserted else {
                throw scanner.error(
                    .duplicateMember,
                    "'\(member.name)' is defined twice; types, methods and errors share one namespace.",
                    parameter: member.name
                )
            }
            members.append(member)
        }
        let interface = VarlinkInterface(name: name, comment: comment, members: members)
        for reference in references where interface.typeDefinition(named: reference.name) == nil {
            throw VarlinkInterfaceError(
                code: .unknownType,
                message: "The type '\(reference.name)' is not defined in this interface; define it with 'type'.",
                parameter: reference.name,
                line: reference.line,
                column: reference.column
            )
        }
        return interface
    }

    private mutating func parseMember() throws(VarlinkInterfaceError) -> VarlinkMember {
        let keyword = scanner.readWord()
        let comment = scanner.takeComment()
        guard keyword == "type" || keyword == "method" || keyword == "error" else {
            throw scanner.error(.syntax, "Expected 'type', 'method' or 'error', found '\(keyword)'.")
        }
        scanner.skipTrivia()
        let name = scanner.readWord()
        guard VarlinkName.isValidMemberName(name) else {
            throw scanner.error(
                .invalidMemberName,
                "'\(name)' is not a valid \(keyword) name; start with an upper-case letter, then letters and digits.",
                parameter: name
            )
        }
        scanner.skipTrivia()
        switch keyword {
        case "type":
            guard scanner.peek == UInt8(ascii: "(") else {
                throw scanner.error(
                    .invalidTypeDefinition,
                    "The type '\(name)' must be a structure '(field: type, …)' or an enumeration '(a, b, …)'.",
                    parameter: name
                )
            }
            return .type(VarlinkTypeDefinition(name: name, type: try parseParenthesized(depth: 1), comment: comment))
        case "method":
            let input = try parseStructure(of: name)
            scanner.skipTrivia()
            guard scanner.consume("->") else {
                throw scanner.error(.syntax, "Expected '->' between the input and output of '\(name)'.")
            }
            scanner.skipTrivia()
            let output = try parseStructure(of: name)
            return .method(VarlinkMethod(name: name, input: input, output: output, comment: comment))
        default:
            return .error(
                VarlinkErrorDefinition(name: name, parameters: try parseStructure(of: name), comment: comment))
        }
    }

    /// A structure literal, as the input or output of a method or the parameters of an error.
    private mutating func parseStructure(of owner: String) throws(VarlinkInterfaceError) -> [VarlinkField] {
        guard scanner.peek == UInt8(ascii: "(") else {
            throw scanner.error(
                .invalidTypeDefinition,
                "'\(owner)' needs a structure '(field: type, …)' here; use '()' for none.",
                parameter: owner
            )
        }
        guard case .structure(let fields) = try parseParenthesized(depth: 1) else {
            throw scanner.error(
                .invalidTypeDefinition,
                "'\(owner)' needs a structure '(field: type, …)' here, not an enumeration.",
                parameter: owner
            )
        }
        return fields
    }

    private mutating func parseType(depth: Int) throws(VarlinkInterfaceError) -> VarlinkType {
        guard depth <= VarlinkInterface.maximumTypeNesting else {
            throw scanner.error(
                .nestingTooDeep,
                "Types nest deeper than \(VarlinkInterface.maximumTypeNesting) levels; define named types instead."
            )
        }
        scanner.skipTrivia()
        if scanner.consume("?") {
            scanner.skipTrivia()
            if scanner.peek == UInt8(ascii: "?") {
                throw scanner.error(.syntax, "'??' is not a type; a type is optional once at most.")
            }
            return .optional(try parseType(depth: depth + 1))
        }
        if scanner.consume("[") {
            scanner.skipTrivia()
            if scanner.consume("]") {
                return .array(try parseType(depth: depth + 1))
            }
            guard scanner.readWord() == "string" else {
                throw scanner.error(.syntax, "Expected '[]' or '[string]'; map keys are always strings.")
            }
            scanner.skipTrivia()
            guard scanner.consume("]") else {
                throw scanner.error(.syntax, "Expected ']' after '[string'.")
            }
            return .map(try parseType(depth: depth + 1))
        }
        if scanner.peek == UInt8(ascii: "(") {
            return try parseParenthesized(depth: depth + 1)
        }
        let (line, column) = scanner.position
        let word = scanner.readWord()
        switch word {
        case "bool": return .bool
        case "int": return .int
        case "float": return .float
        case "string": return .string
        case "object": return .object
        default:
            guard VarlinkName.isValidMemberName(word) else {
                throw scanner.error(
                    .syntax,
                    "Expected a type (bool, int, float, string, object, a type name, '[]', '[string]', '?' or"
                        + " '('), found '\(word)'."
                )
            }
            references.append((word, line, column))
            return .named(word)
        }
    }

    /// `( … )`: a structure when the first element is followed by `:`, else an enumeration.
    private mutating func parseParenthesized(depth: Int) throws(VarlinkInterfaceError) -> VarlinkType {
        guard scanner.consume("(") else { throw scanner.error(.syntax, "Expected '('.") }
        scanner.skipTrivia()
        if scanner.consume(")") {
            scanner.discardComment()
            return .structure([])
        }
        var fields: [VarlinkField] = []
        var values: [VarlinkEnumValue] = []
        var isEnumeration: Bool?
        var names: Set<String> = []
        while true {
            scanner.skipTrivia()
            let comment = scanner.takeComment()
            let name = scanner.readWord()
            guard VarlinkName.isValidFieldName(name) else {
                throw scanner.error(
                    .invalidFieldName,
                    "'\(name)' is not a valid field name; start with a letter, then letters, digits and single '_'.",
                    parameter: name
                )
            }
            guard names.insert(name).inserted else {
                throw scanner.error(.duplicateField, "'\(name)' appears twice in one structure.", parameter: name)
            }
            scanner.skipTrivia()
            let hasType = scanner.peek == UInt8(ascii: ":")
            if isEnumeration == nil { isEnumeration = !hasType }
            if isEnumeration == true {
                guard !hasType else {
                    throw scanner.error(.syntax, "An enumeration value cannot have a type ('\(name)').")
                }
                values.append(VarlinkEnumValue(name: name, comment: comment))
            } else {
                guard scanner.consume(":") else {
                    throw scanner.error(.syntax, "Expected ':' and a type after the field '\(name)'.")
                }
                fields.append(VarlinkField(name: name, type: try parseType(depth: depth), comment: comment))
            }
            scanner.skipTrivia()
            if scanner.consume(",") { continue }
            if scanner.consume(")") { break }
            throw scanner.error(.syntax, "Expected ',' or ')' after '\(name)'.")
        }
        scanner.discardComment()
        return isEnumeration == true ? .enumeration(values) : .structure(fields)
    }
}
