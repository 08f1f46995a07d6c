/// An error from the transition model: a screen, animator or request that cannot be used.
///
/// `parameter` names the field at fault as a path (`root.children[2].frame`, `variants.push.phases[0].duration`)
/// and `message` says what is wrong and what would be accepted. Equality compares the code and parameter.
public typealias TransitionCoreError = ParameterError<TransitionCoreErrorDomain>

/// The domain of ``TransitionCoreError``.
public enum TransitionCoreErrorDomain: ParameterErrorDomain {}

extension TransitionCoreError.Code {
    /// A number, size or list is out of range, not finite, or of the wrong shape.
    public static var invalidValue: Self { Self(.invalidValue) }
    /// A screen is malformed as a whole (no root, several roots, empty identifier).
    public static var invalidScreen: Self { Self(.invalidScreen) }
    /// Two nodes of one screen share an identifier.
    public static var duplicateNode: Self { Self(.duplicateNode) }
    /// A node identifier names no node of the screen.
    public static var unknownNode: Self { Self(.unknownNode) }
    /// The parent links of a screen's nodes form a cycle.
    public static var nodeCycle: Self { Self(.nodeCycle) }
    /// An animator specification is malformed.
    public static var invalidAnimator: Self { Self(.invalidAnimator) }
    /// An animator track names a role that does not exist.
    public static var unknownRole: Self { Self(.unknownRole) }
    /// The animator has no variant for the requested operation.
    public static var unsupportedOperation: Self { Self(.unsupportedOperation) }
    /// A numeric expression does not parse or names an unknown quantity.
    public static var invalidExpression: Self { Self(.invalidExpression) }
}

extension TransitionCoreError {
    /// Creates an error: the code, the field at fault, then the message.
    public init(_ code: Code, parameter: String, _ message: String) {
        self.init(code: code, message: message, parameter: parameter)
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
