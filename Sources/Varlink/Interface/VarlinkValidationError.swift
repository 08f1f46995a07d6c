/// Parameters that do not match their declared structure.
///
/// `parameter` is the path of the first value at fault: a field name (`count`), nested fields joined
/// with dots (`target.longitude`), array elements with their index (`items[2]`) and map values with
/// their key (`labels.left`). On the wire it becomes `org.varlink.service.InvalidParameter` with that
/// path (`varlinkError`).
public struct VarlinkValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of mismatch. Open for new kinds: switch with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case missingField, unknownField, wrongType, notAnInteger, unknownEnumValue, unknownType
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A field that is not optional is absent.
        public static let missingField = Code(.missingField)
        /// A field that the structure does not declare is present.
        public static let unknownField = Code(.unknownField)
        /// A value has the wrong JSON kind (including `null` for a field that is not optional).
        public static let wrongType = Code(.wrongType)
        /// An `int` has a fractional part or lies outside the 64-bit range.
        public static let notAnInteger = Code(.notAnInteger)
        /// A string is not one of its enumeration's values.
        public static let unknownEnumValue = Code(.unknownEnumValue)
        /// The interface refers to a type it does not define (only for interfaces built from parts).
        public static let unknownType = Code(.unknownType)

        /// The code's name, e.g. `missingField`.
        public var description: String { value.rawValue }
    }

    /// The kind of mismatch.
    public var code: Code
    /// What is wrong and what is expected.
    public var message: String
    /// The path of the value at fault, e.g. `items[2].name`.
    public var parameter: String

    /// Creates an error.
    public init(code: Code, message: String, parameter: String) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    /// `org.varlink.service.InvalidParameter` naming `parameter`.
    public var varlinkError: VarlinkError { .invalidParameter(parameter) }

    /// `"<parameter>: <message>"`.
    public var description: String { "\(parameter): \(message)" }
}
