/// A `type` definition: a named structure or enumeration.
public struct VarlinkTypeDefinition: Sendable, Hashable {
    /// The type name, valid per `VarlinkName.isValidMemberName`.
    public var name: String
    /// The defined type: always `.structure` or `.enumeration`.
    public var type: VarlinkType
    /// The comment lines before the definition.
    public var comment: [String]

    /// Creates a type definition.
    public init(name: String, type: VarlinkType, comment: [String] = []) {
        self.name = name
        self.type = type
        self.comment = comment
    }
}

/// A `method Name(input) -> (output)` definition.
public struct VarlinkMethod: Sendable, Hashable {
    /// The method name, valid per `VarlinkName.isValidMemberName` (e.g. `PopToRoot`).
    public var name: String
    /// The fields of the call's `parameters`.
    public var input: [VarlinkField]
    /// The fields of each reply's `parameters`.
    public var output: [VarlinkField]
    /// The comment lines before the definition.
    public var comment: [String]

    /// Creates a method definition.
    public init(name: String, input: [VarlinkField], output: [VarlinkField], comment: [String] = []) {
        self.name = name
        self.input = input
        self.output = output
        self.comment = comment
    }
}

/// An `error Name (fields)` definition.
public struct VarlinkErrorDefinition: Sendable, Hashable {
    /// The error name, valid per `VarlinkName.isValidMemberName` (e.g. `NoSuchStack`).
    public var name: String
    /// The fields of the error reply's `parameters`.
    public var parameters: [VarlinkField]
    /// The comment lines before the definition.
    public var comment: [String]

    /// Creates an error definition.
    public init(name: String, parameters: [VarlinkField], comment: [String] = []) {
        self.name = name
        self.parameters = parameters
        self.comment = comment
    }
}

/// One member of an interface. Types, methods and errors share one namespace.
public enum VarlinkMember: Sendable, Hashable {
    /// A `type` definition.
    case type(VarlinkTypeDefinition)
    /// A `method` definition.
    case method(VarlinkMethod)
    /// An `error` definition.
    case error(VarlinkErrorDefinition)

    /// The member's name.
    public var name: String {
        switch self {
        case .type(let definition): definition.name
        case .method(let method): method.name
        case .error(let error): error.name
        }
    }

    /// The comment lines before the member.
    public var comment: [String] {
        switch self {
        case .type(let definition): definition.comment
        case .method(let method): method.comment
        case .error(let error): error.comment
        }
    }
}
