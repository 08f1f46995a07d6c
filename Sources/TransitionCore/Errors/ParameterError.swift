/// An error in client input that names the parameter at fault: a code for the kind of problem, a message
/// saying what is wrong and what would be accepted, and the parameter's name or path.
///
/// TransitionCore's errors are this one type over a domain each: ``GeometryError``, ``KeyframeError``,
/// ``TimingError`` and ``TransitionCoreError``. The domains keep them apart: a function that
/// `throws(TimingError)` throws no other, and each domain's ``Code`` offers only that domain's codes,
/// declared beside its typealias (`GeometryError.Code.wrongCount`).
///
/// Two errors are equal when their codes and parameters are; the message, written for people, is not
/// compared.
public struct ParameterError<Domain: ParameterErrorDomain>: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the input has. An open set: new codes may be added, so compare with the static
    /// members or switch with a `default` case.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The names of the codes of every domain; each domain's `Code` offers its own as static members.
        enum Name: String, Sendable {
            // Numbers and lists (geometry, timing, keyframes).
            case wrongCount, notFinite, outOfRange
            // Keyframes.
            case unsupportedMode, incompatibleValues
            // Screens, animators and plans.
            case invalidValue, invalidScreen, duplicateNode, unknownNode, nodeCycle, invalidAnimator
            case unknownRole, unsupportedOperation, invalidExpression
        }

        private let name: Name

        /// The code named `name`; the domain's file declares which names its codes use.
        init(_ name: Name) {
            self.name = name
        }

        /// The code's name, such as `wrongCount`.
        public var description: String { name.rawValue }
    }

    /// What kind of problem the input has.
    public var code: Code
    /// What is wrong and what to do about it.
    public var message: String
    /// The name or path of the parameter at fault, such as `x1`, `keyTimes[3]` or `root.children[2].frame`.
    public var parameter: String

    /// Creates an error.
    public init(code: Code, message: String, parameter: String) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    /// `parameter: message`.
    public var description: String { "\(parameter): \(message)" }

    /// Whether the two errors have the same code and parameter (their messages may differ).
    public static func == (left: ParameterError, right: ParameterError) -> Bool {
        left.code == right.code && left.parameter == right.parameter
    }

    /// Hashes the code and the parameter, the parts that equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(parameter)
    }
}

/// A part of TransitionCore with errors of its own: a type with no values that tells one
/// ``ParameterError`` from another (``GeometryErrorDomain`` for ``GeometryError``) and owns its codes.
public protocol ParameterErrorDomain {}
