/// An error building a geometric value from client input, such as a matrix with the wrong number
/// of entries or a non-finite number.
public struct GeometryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the input has. An open set: switch over it with a `default` case.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case wrongCount
            case notFinite
            case outOfRange
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// A list of numbers has the wrong number of entries.
        public static let wrongCount = Code(.wrongCount)
        /// A number is NaN or infinite.
        public static let notFinite = Code(.notFinite)
        /// A number lies outside its valid range.
        public static let outOfRange = Code(.outOfRange)

        /// The code's name, such as `wrongCount`.
        public var description: String { kind.rawValue }
    }

    /// What kind of problem the input has.
    public var code: Code
    /// What is wrong and what to do about it.
    public var message: String
    /// The name or path of the parameter at fault, such as `entries[3]`.
    public var parameter: String

    /// Creates an error.
    public init(code: Code, message: String, parameter: String) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    /// `parameter: message`.
    public var description: String { "\(parameter): \(message)" }
}
