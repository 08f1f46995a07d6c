/// A number in an animator specification: a literal, or a small arithmetic expression over the
/// transition's quantities, so one animator fits every container size.
///
/// JSON: a number (`0.3`) or a string (`"containerHeight"`, `"-pi/2"`, `"2/3*duration"`,
/// `"containerWidth/2 - 25"`). The grammar, with the usual precedence and left associativity:
///
///     expression = term (("+" | "-") term)*
///     term       = factor (("*" | "/") factor)*
///     factor     = ("-" | "+") factor | number | name | "(" expression ")"
///
/// Names: `containerWidth`, `containerHeight` (points), `duration` (the script's duration in seconds,
/// UIKit's `transitionDuration:`), `pi`. A factor may also measure a role's frame in the container, as the
/// model has it when the value is resolved (`{"frameOf": …}`'s rectangle): `width(sharedFrom)`,
/// `midX(source)`, `maxY(to/title)`, with the measures of `CGRect` (`x` and `y` are `minX` and `minY`):
///
///     factor = … | measure "(" role ")"
///     measure = "x" | "y" | "width" | "height" | "midX" | "midY" | "maxX" | "maxY"
///
/// Evaluation uses IEEE double arithmetic in the order written, so `"2/3*duration"` with a duration of 1
/// is exactly `2.0 / 3.0`.
public indirect enum NumberExpression: Sendable, Equatable, Codable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// A literal number.
    case literal(Double)
    /// A named quantity resolved at compile time.
    case quantity(Quantity)
    /// Negation.
    case negated(NumberExpression)
    /// A binary operation.
    case binary(BinaryOperator, NumberExpression, NumberExpression)
    /// A measure of a role's frame in the container.
    case geometry(GeometryMeasure, AnimatorRole)

    /// The quantities an expression may name.
    public enum Quantity: String, Sendable, CaseIterable {
        case containerWidth, containerHeight, duration, pi
    }

    /// What a `geometry` factor measures of a role's frame (`CGRect`'s `minX`, `minY`, `width`, `height`,
    /// `midX`, `midY`, `maxX`, `maxY`), in container points.
    public enum GeometryMeasure: String, Sendable, CaseIterable {
        case x, y, width, height, midX, midY, maxX, maxY

        /// The measure of `rect`.
        public func of(_ rect: Rect) -> Double {
            switch self {
            case .x: rect.origin.x
            case .y: rect.origin.y
            case .width: rect.size.width
            case .height: rect.size.height
            case .midX: rect.origin.x + rect.size.width / 2
            case .midY: rect.origin.y + rect.size.height / 2
            case .maxX: rect.origin.x + rect.size.width
            case .maxY: rect.origin.y + rect.size.height
            }
        }
    }

    /// The four arithmetic operators.
    public enum BinaryOperator: String, Sendable {
        case add = "+", subtract = "-", multiply = "*", divide = "/"
    }

    /// The values of the named quantities for one transition.
    public struct Environment: Sendable, Equatable {
        /// The container's width in points.
        public var containerWidth: Double
        /// The container's height in points.
        public var containerHeight: Double
        /// The script's duration in seconds.
        public var duration: Double

        /// Creates an environment.
        public init(containerWidth: Double, containerHeight: Double, duration: Double) {
            self.containerWidth = containerWidth
            self.containerHeight = containerHeight
            self.duration = duration
        }
    }

    public init(floatLiteral value: Double) { self = .literal(value) }
    public init(integerLiteral value: Int) { self = .literal(Double(value)) }

    /// The value in `environment`, with no role to measure (a `geometry` factor is NaN). The result may be
    /// non-finite (division by zero); callers validate.
    public func evaluate(in environment: Environment) -> Double {
        evaluate(in: environment) { _ in nil }
    }

    /// The value in `environment`, measuring roles with `frame` (a role's frame in the container, or nil
    /// when the transition has no such role: the factor is then NaN). The result may be non-finite;
    /// callers validate.
    public func evaluate(in environment: Environment, frame: (AnimatorRole) -> Rect?) -> Double {
        switch self {
        case .literal(let value): return value
        case .quantity(.containerWidth): return environment.containerWidth
        case .quantity(.containerHeight): return environment.containerHeight
        case .quantity(.duration): return environment.duration
        case .quantity(.pi): return Double.pi
        case .negated(let operand): return -operand.evaluate(in: environment, frame: frame)
        case .geometry(let measure, let role): return frame(role).map(measure.of) ?? .nan
        case .binary(let operation, let left, let right):
            let a = left.evaluate(in: environment, frame: frame)
            let b = right.evaluate(in: environment, frame: frame)
            switch operation {
            case .add: return a + b
            case .subtract: return a - b
            case .multiply: return a * b
            case .divide: return a / b
            }
        }
    }

    /// Whether the expression names `duration` (a script's own duration may not depend on itself).
    public var mentionsDuration: Bool {
        switch self {
        case .literal, .geometry: return false
        case .quantity(let quantity): return quantity == .duration
        case .negated(let operand): return operand.mentionsDuration
        case .binary(_, let left, let right): return left.mentionsDuration || right.mentionsDuration
        }
    }

    /// The expression as it would be written; literals print in Swift's shortest round-trip form.
    public var description: String {
        switch self {
        case .literal(let value):
            // Integral literals print without a fraction ("2", not "2.0"); others in shortest round-trip form.
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        case .quantity(let quantity): return quantity.rawValue
        case .geometry(let measure, let role): return "\(measure.rawValue)(\(role))"
        case .negated(let operand): return "-" + operand.parenthesized
        case .binary(let operation, let left, let right):
            return "\(left.parenthesized) \(operation.rawValue) \(right.parenthesized)"
        }
    }

    private var parenthesized: String {
        if case .binary = self { return "(\(description))" }
        return description
    }

    /// Parses the string form.
    ///
    /// - Throws: ``TransitionCoreError`` with code `invalidExpression` saying where the text went wrong.
    public static func parse(_ text: String) throws(TransitionCoreError) -> NumberExpression {
        var parser = NumberExpressionParser(text)
        return try parser.parseWhole()
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a finite number")
            }
            self = .literal(number)
            return
        }
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a number or an expression string such as \"containerWidth/2\"")
        }
        do {
            self = try Self.parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if case .literal(let value) = self {
            try container.encode(value)
        } else {
            try container.encode(description)
        }
    }
}
