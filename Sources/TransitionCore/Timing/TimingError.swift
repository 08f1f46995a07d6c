/// An invalid timing parameter: a cubic-bezier control point out of range, a non-positive
/// spring constant, a step count below its minimum.
public struct TimingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the parameter has. An open set: switch over it with a `default` case.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case notFinite
            case outOfRange
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// A number is NaN or infinite.
        public static let notFinite = Code(.notFinite)
        /// A number or count lies outside its valid range.
        public static let outOfRange = Code(.outOfRange)

        /// The code's name, such as `outOfRange`.
        public var description: String { kind.rawValue }
    }

    /// What kind of problem the parameter has.
    public var code: Code
    /// What is wrong and what to do about it.
    public var message: String
    /// The name of the parameter at fault, such as `x1` or `dampingRatio`.
    public var parameter: String

    /// Creates an error.
    public init(code: Code, message: String, parameter: String) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    /// `parameter: message`.
    public var description: String { "\(parameter): \(message)" }

    /// Checks that `value` is finite.
    static func requireFinite(_ value: Double, _ parameter: String) throws(TimingError) {
        guard value.isFinite else {
            throw TimingError(
                code: .notFinite,
                message: "\(parameter) must be a finite number, got \(value)",
                parameter: parameter
            )
        }
    }

    /// Checks that `value` is finite and greater than zero.
    static func requirePositive(_ value: Double, _ parameter: String, unit: String = "") throws(TimingError) {
        try requireFinite(value, parameter)
        guard value > 0 else {
            throw TimingError(
                code: .outOfRange,
                message: "\(parameter) must be greater than 0\(unit), got \(value)",
                parameter: parameter
            )
        }
    }
}
