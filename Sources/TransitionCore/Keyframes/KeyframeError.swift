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
/// cubic mode for values without vector arithmetic.
public struct KeyframeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the description has. An open set: switch with a `default` case.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case wrongCount
            case outOfRange
            case notFinite
            case unsupportedMode
            case incompatibleValues
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// An array has the wrong number of entries.
        public static let wrongCount = Code(.wrongCount)
        /// A number lies outside its range or breaks an ordering.
        public static let outOfRange = Code(.outOfRange)
        /// A number is NaN or infinite.
        public static let notFinite = Code(.notFinite)
        /// The calculation mode cannot be used with this value type.
        public static let unsupportedMode = Code(.unsupportedMode)
        /// Two values cannot be interpolated (for instance vectors of different dimensions).
        public static let incompatibleValues = Code(.incompatibleValues)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// What kind of problem the description has.
    public var code: Code
    /// What is wrong and what to do about it.
    public var message: String
    /// The parameter at fault, such as `keyTimes[3]` or `timingFunctions`.
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
