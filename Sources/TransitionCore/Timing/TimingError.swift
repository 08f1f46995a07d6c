/// An invalid timing parameter: a cubic-bezier control point out of range, a non-positive
/// spring constant, a step count below its minimum. `parameter` names it, such as `x1` or
/// `dampingRatio`.
public typealias TimingError = ParameterError<TimingErrorDomain>

/// The domain of ``TimingError``.
public enum TimingErrorDomain: ParameterErrorDomain {}

extension TimingError.Code {
    /// A number is NaN or infinite.
    public static var notFinite: Self { Self(.notFinite) }
    /// A number or count lies outside its valid range.
    public static var outOfRange: Self { Self(.outOfRange) }
}

extension TimingError {
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

    /// Checks that `value` is finite and at least zero; `unit` follows the 0 in the message (" seconds").
    static func requireNonNegative(_ value: Double, _ parameter: String, unit: String = "") throws(TimingError) {
        try requireFinite(value, parameter)
        try require(value >= 0, value, parameter, "must be at least 0\(unit)")
    }

    /// Checks that `value` is finite and greater than zero; `unit` follows the 0 in the message (" seconds").
    static func requirePositive(_ value: Double, _ parameter: String, unit: String = "") throws(TimingError) {
        try requireFinite(value, parameter)
        try require(value > 0, value, parameter, "must be greater than 0\(unit)")
    }

    /// Throws `outOfRange` ("<parameter> <requirement>, got <value>") unless `condition` holds.
    private static func require(
        _ condition: Bool, _ value: Double, _ parameter: String, _ requirement: @autoclosure () -> String
    ) throws(TimingError) {
        guard condition else {
            throw TimingError(
                code: .outOfRange, message: "\(parameter) \(requirement()), got \(value)", parameter: parameter)
        }
    }
}
