/// An error building a geometric value from client input, such as a matrix with the wrong number
/// of entries or a non-finite number. `parameter` names the entry at fault, such as `entries[3]`.
public typealias GeometryError = ParameterError<GeometryErrorDomain>

/// The domain of ``GeometryError``.
public enum GeometryErrorDomain: ParameterErrorDomain {}

extension GeometryError.Code {
    /// A list of numbers has the wrong number of entries.
    public static var wrongCount: Self { Self(.wrongCount) }
    /// A number is NaN or infinite.
    public static var notFinite: Self { Self(.notFinite) }
    /// A number lies outside its valid range.
    public static var outOfRange: Self { Self(.outOfRange) }
}
