/// An interface definition that cannot be parsed or is inconsistent.
///
/// Carries the position of the fault (1-based line and column, in UTF-8 bytes) and the name at fault.
public struct VarlinkInterfaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of fault. Open for new kinds: switch with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case syntax, invalidInterfaceName, invalidMemberName, invalidFieldName, duplicateMember
            case duplicateField, unknownType, invalidTypeDefinition, nestingTooDeep
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// Something other than what the grammar allows at this point.
        public static let syntax = Code(.syntax)
        /// The interface name is not reverse-domain notation (see `VarlinkName`).
        public static let invalidInterfaceName = Code(.invalidInterfaceName)
        /// A type, method or error name is not PascalCase ASCII.
        public static let invalidMemberName = Code(.invalidMemberName)
        /// A field or enumeration value name is invalid.
        public static let invalidFieldName = Code(.invalidFieldName)
        /// Two members share a name (types, methods and errors share one namespace).
        public static let duplicateMember = Code(.duplicateMember)
        /// A structure repeats a field name, or an enumeration a value.
        public static let duplicateField = Code(.duplicateField)
        /// A type name is used but not defined in the interface.
        public static let unknownType = Code(.unknownType)
        /// A `type` that is not a structure or enumeration, or a method whose input or output is not a
        /// structure.
        public static let invalidTypeDefinition = Code(.invalidTypeDefinition)
        /// Types nested deeper than `VarlinkInterface.maximumTypeNesting`.
        public static let nestingTooDeep = Code(.nestingTooDeep)

        /// The code's name, e.g. `unknownType`.
        public var description: String { value.rawValue }
    }

    /// The kind of fault.
    public var code: Code
    /// What is wrong and how to fix it.
    public var message: String
    /// The name at fault (a member, field or type name), when there is one.
    public var parameter: String?
    /// The 1-based line of the fault.
    public var line: Int
    /// The 1-based column of the fault, in UTF-8 bytes.
    public var column: Int

    /// Creates an error.
    public init(code: Code, message: String, parameter: String? = nil, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.line = line
        self.column = column
    }

    /// `"<line>:<column>: <code>: <message>"`.
    public var description: String { "\(line):\(column): \(code): \(message)" }
}
