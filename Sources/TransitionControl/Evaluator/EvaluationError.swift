/// Why one `transitionctl eval` request has no result: its line is not JSON, a field is missing, has
/// the wrong type or an invalid value, or the result would not be finite.
///
/// The reply line is `{"error": "<parameter>: <message>"}` (just the message when no field is at
/// fault).
public struct EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem the request has. An open set: compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case notJSON, notAnObject, unknownKind, unknownField, missingField, wrongType, invalidValue
            case nonFiniteResult
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The line is not one JSON value (or is too long).
        public static let notJSON = Code(.notJSON)
        /// The line is JSON but not an object.
        public static let notAnObject = Code(.notAnObject)
        /// `kind`, `op`, `api`, `mode` or `method` names nothing the evaluator knows.
        public static let unknownKind = Code(.unknownKind)
        /// The request has a field its kind does not use (often a misspelling).
        public static let unknownField = Code(.unknownField)
        /// A required field is absent.
        public static let missingField = Code(.missingField)
        /// A field has the wrong JSON type or array length.
        public static let wrongType = Code(.wrongType)
        /// A field's value is out of its range or otherwise unusable.
        public static let invalidValue = Code(.invalidValue)
        /// The inputs are valid but the result overflows to infinity or NaN.
        public static let nonFiniteResult = Code(.nonFiniteResult)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// The kind of problem.
    public var code: Code
    /// What is wrong and what would be accepted.
    public var message: String
    /// The field at fault as a path in the request (`p[0]`, `steps[2].rotate`), or empty.
    public var parameter: String

    /// Creates an error.
    public init(_ code: Code, parameter: String, _ message: String) {
        self.code = code
        self.parameter = parameter
        self.message = message
    }

    /// The text of the reply's `error` member: `parameter: message`, or the message alone.
    public var description: String { parameter.isEmpty ? message : parameter + ": " + message }
}
