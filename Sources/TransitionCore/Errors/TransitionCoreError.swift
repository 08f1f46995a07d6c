/// An error from the transition model: a screen, animator or request that cannot be used.
///
/// `parameter` names the field at fault as a path (`root.children[2].frame`, `variants.push.phases[0].duration`)
/// and `message` says what is wrong and what would be accepted. Equality compares the code and parameter.
public struct TransitionCoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is. An open set: new codes may be added; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case invalidValue, invalidScreen, duplicateNode, unknownNode, nodeCycle, invalidAnimator,
                unknownRole, unsupportedOperation, invalidExpression
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A number, size or list is out of range, not finite, or of the wrong shape.
        public static let invalidValue = Code(.invalidValue)
        /// A screen is malformed as a whole (no root, several roots, empty identifier).
        public static let invalidScreen = Code(.invalidScreen)
        /// Two nodes of one screen share an identifier.
        public static let duplicateNode = Code(.duplicateNode)
        /// A node identifier names no node of the screen.
        public static let unknownNode = Code(.unknownNode)
        /// The parent links of a screen's nodes form a cycle.
        public static let nodeCycle = Code(.nodeCycle)
        /// An animator specification is malformed.
        public static let invalidAnimator = Code(.invalidAnimator)
        /// An animator track names a role that does not exist.
        public static let unknownRole = Code(.unknownRole)
        /// The animator has no variant for the requested operation.
        public static let unsupportedOperation = Code(.unsupportedOperation)
        /// A numeric expression does not parse or names an unknown quantity.
        public static let invalidExpression = Code(.invalidExpression)

        public var description: String { value.rawValue }
    }

    /// The kind of problem.
    public var code: Code
    /// What is wrong and what would be accepted, for people.
    public var message: String
    /// The field at fault, as a path from the top of the document or request.
    public var parameter: String

    /// Creates an error.
    public init(_ code: Code, parameter: String, _ message: String) {
        self.code = code
        self.parameter = parameter
        self.message = message
    }

    public var description: String { "\(parameter): \(message)" }

    public static func == (left: TransitionCoreError, right: TransitionCoreError) -> Bool {
        left.code == right.code && left.parameter == right.parameter
    }

    /// Prefixes the parameter path with `outer` (`outer.parameter`, or `outer[...]` for index paths).
    func nested(in outer: String) -> TransitionCoreError {
        var copy = self
        if parameter.isEmpty {
            copy.parameter = outer
        } else if parameter.hasPrefix("[") {
            copy.parameter = outer + parameter
        } else {
            copy.parameter = outer + "." + parameter
        }
        return copy
    }
}
