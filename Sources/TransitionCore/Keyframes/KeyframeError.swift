/// How `Keyframes` computes values between keyframes (`CAKeyframeAnimation.calculationMode`).
public enum KeyframeCalculationMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Straight interpolation between consecutive values at their key times.
    case linear
    /// Each value holds, without interpolation, from its key time until the next.
    case discrete
    /// Linear interpolation timed so that the value moves at an even pace; key times and timing
    /// functions are ignored.
    case paced
    /// A smooth Catmull-Rom (Kochanek-Bartels) spline through the values at their key times.
    case cubic
    /// The cubic spline traversed at an even pace; key times and timing functions are ignored.
    case cubicPaced

    /// Decodes a mode from its name; an unknown name fails with the names accepted.
    public init(from decoder: any Decoder) throws {
        self = try Self.decodeNamedCase(from: decoder, kind: "calculationMode")
    }

    /// Whether the mode draws a cubic spline.
    public var isCubic: Bool { self == .cubic || self == .cubicPaced }

    /// Whether the mode ignores key times and timing functions.
    public var isPaced: Bool { self == .paced || self == .cubicPaced }
}

/// An invalid keyframe description: mismatched counts, key times out of order or range, a
/// cubic mode for values without vector arithmetic. `parameter` names the field at fault, such as
/// `keyTimes[3]` or `timingFunctions`.
public typealias KeyframeError = ParameterError<KeyframeErrorDomain>

/// The domain of ``KeyframeError``.
public enum KeyframeErrorDomain: ParameterErrorDomain {}

extension KeyframeError.Code {
    /// An array has the wrong number of entries.
    public static var wrongCount: Self { Self(.wrongCount) }
    /// A number lies outside its range or breaks an ordering.
    public static var outOfRange: Self { Self(.outOfRange) }
    /// A number is NaN or infinite.
    public static var notFinite: Self { Self(.notFinite) }
    /// The calculation mode cannot be used with this value type.
    public static var unsupportedMode: Self { Self(.unsupportedMode) }
    /// Two values cannot be interpolated (for instance vectors of different dimensions).
    public static var incompatibleValues: Self { Self(.incompatibleValues) }
}
