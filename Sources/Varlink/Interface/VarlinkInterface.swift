/// A parsed Varlink interface definition: its name, its comment and its members in order.
///
/// Create one by parsing IDL text (`init(parsing:)`), which checks names, duplicates and type
/// references, or from parts (`init(name:comment:members:)`, unchecked, for formatting). Print it back
/// with `formatted()`; check message parameters against it with `validate(parameters:of:)`.
///
/// ```swift
/// let interface = try VarlinkInterface(parsing: """
///     interface io.example
///     method Ping(text: string) -> (text: string)
///     """)
/// interface.method(named: "Ping")?.input  // [text: string]
/// ```
public struct VarlinkInterface: Sendable, Hashable {
    /// The deepest nesting of types accepted by the parser (`[][][]…` or `(a: (b: (…)))`), so a
    /// hostile definition cannot exhaust the stack. Real interfaces nest fewer than 5 levels.
    public static let maximumTypeNesting = 64

    /// The interface name in reverse-domain notation, e.g. `io.transitiond`.
    public let name: String
    /// The comment lines before the `interface` keyword.
    public let comment: [String]
    /// The types, methods and errors, in definition order.
    public let members: [VarlinkMember]
    /// Member name to index in `members`.
    private let memberIndex: [String: Int]

    /// Creates an interface from parts, without checking them; `formatted()` prints them as given.
    ///
    /// When two members share a name, lookups find the first.
    public init(name: String, comment: [String] = [], members: [VarlinkMember]) {
        self.name = name
        self.comment = comment
        self.members = members
        var index: [String: Int] = [:]
        for (position, member) in members.enumerated() where index[member.name] == nil {
            index[member.name] = position
        }
        self.memberIndex = index
    }

    /// Parses and checks an interface definition.
    ///
    /// Comments (`# …` to the end of the line) are kept and attached to what follows them: the
    /// interface, a member, a field or an enumeration value. Comments after the last field of a
    /// structure, or at the end of the text, are dropped.
    ///
    /// - Throws: `VarlinkInterfaceError` at the first fault, with its line and column.
    public init(parsing description: String) throws(VarlinkInterfaceError) {
        var parser = VarlinkInterfaceParser(description)
        self = try parser.parseInterface()
    }

    /// The member named `name` (a type, method or error), if any.
    public func member(named name: String) -> VarlinkMember? {
        memberIndex[name].map { members[$0] }
    }

    /// The method named `name` (unqualified, e.g. `Push`), if any.
    public func method(named name: String) -> VarlinkMethod? {
        if case .method(let method)? = member(named: name) { return method }
        return nil
    }

    /// The type definition named `name`, if any.
    public func typeDefinition(named name: String) -> VarlinkTypeDefinition? {
        if case .type(let definition)? = member(named: name) { return definition }
        return nil
    }

    /// The error definition named `name` (unqualified, e.g. `NoSuchStack`), if any.
    public func error(named name: String) -> VarlinkErrorDefinition? {
        if case .error(let error)? = member(named: name) { return error }
        return nil
    }

    /// The methods, in definition order.
    public var methods: [VarlinkMethod] {
        members.compactMap { if case .method(let method) = $0 { method } else { nil } }
    }
}
