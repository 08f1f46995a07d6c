/// A transform function whose arguments are ``NumberExpression``s, resolved to a ``TransformFunction``
/// when a plan is compiled. JSON forms are those of ``TransformFunction`` with expressions allowed for
/// numbers: `{"translate": [x, y]}` or `[x, y, z]`, `{"scale": s}` or `[x, y]` or `[x, y, z]`,
/// `{"rotate": angle}` (about z) or `[angle, x, y, z]`, `{"perspective": distance}`, `{"matrix": [16 numbers]}`.
/// Angles are radians (`"-pi/2"`), distances points.
public enum TransformFunctionTemplate: Sendable, Equatable, Codable {
    case translate(NumberExpression, NumberExpression, NumberExpression)
    case scale(NumberExpression, NumberExpression, NumberExpression)
    case rotate(NumberExpression, NumberExpression, NumberExpression, NumberExpression)
    case perspective(NumberExpression)
    case matrix([NumberExpression])

    private enum CodingKeys: String, CodingKey { case translate, scale, rotate, perspective, matrix }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a transform function is an object with exactly one of the keys translate, "
                        + "scale, rotate, perspective, matrix"))
        }
        func numbers(_ allowed: Set<Int>) throws -> [NumberExpression] {
            if let single = try? container.decode(NumberExpression.self, forKey: key), allowed.contains(1) {
                return [single]
            }
            let list = try container.decode([NumberExpression].self, forKey: key)
            guard allowed.contains(list.count) else {
                let counts = allowed.sorted().map(String.init).joined(separator: " or ")
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "expected \(counts) numbers, found \(list.count)")
            }
            return list
        }
        switch key {
        case .translate:
            let values = try numbers([2, 3])
            self = .translate(values[0], values[1], values.count == 3 ? values[2] : 0)
        case .scale:
            let values = try numbers([1, 2, 3])
            switch values.count {
            case 1: self = .scale(values[0], values[0], 1)
            case 2: self = .scale(values[0], values[1], 1)
            default: self = .scale(values[0], values[1], values[2])
            }
        case .rotate:
            let values = try numbers([1, 4])
            self = values.count == 1 ? .rotate(values[0], 0, 0, 1) : .rotate(values[0], values[1], values[2], values[3])
        case .perspective:
            self = .perspective(try container.decode(NumberExpression.self, forKey: key))
        case .matrix:
            self = .matrix(try numbers([16]))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .translate(let x, let y, let z):
            try container.encode(z == .literal(0) ? [x, y] : [x, y, z], forKey: .translate)
        case .scale(let x, let y, let z):
            if z == .literal(1) {
                if x == y {
                    try container.encode(x, forKey: .scale)
                } else {
                    try container.encode([x, y], forKey: .scale)
                }
            } else {
                try container.encode([x, y, z], forKey: .scale)
            }
        case .rotate(let angle, let x, let y, let z):
            if x == .literal(0), y == .literal(0), z == .literal(1) {
                try container.encode(angle, forKey: .rotate)
            } else {
                try container.encode([angle, x, y, z], forKey: .rotate)
            }
        case .perspective(let distance):
            try container.encode(distance, forKey: .perspective)
        case .matrix(let entries):
            try container.encode(entries, forKey: .matrix)
        }
    }

    /// The concrete function in `environment`, measuring roles with `frame` (see `NumberExpression`).
    ///
    /// - Throws: ``TransitionCoreError`` (`invalidValue`) for a non-finite argument, a non-positive
    ///   perspective distance or a zero rotation axis with a non-zero angle.
    func resolve(
        in environment: NumberExpression.Environment, frame: (AnimatorRole) -> Rect? = { _ in nil }
    ) throws(TransitionCoreError) -> TransformFunction {
        func value(_ expression: NumberExpression, _ name: String) throws(TransitionCoreError) -> Double {
            let result = expression.evaluate(in: environment, frame: frame)
            guard result.isFinite else {
                throw TransitionCoreError(.invalidValue, parameter: "", "\(name) \(expression) is not a finite number")
            }
            return result
        }
        switch self {
        case .translate(let x, let y, let z):
            return .translate(
                x: try value(x, "translate x"), y: try value(y, "translate y"), z: try value(z, "translate z"))
        case .scale(let x, let y, let z):
            return .scale(x: try value(x, "scale x"), y: try value(y, "scale y"), z: try value(z, "scale z"))
        case .rotate(let angle, let x, let y, let z):
            return .rotate(
                angle: try value(angle, "rotation angle"), x: try value(x, "rotation axis x"),
                y: try value(y, "rotation axis y"), z: try value(z, "rotation axis z"))
        case .perspective(let distance):
            let resolved = try value(distance, "perspective distance")
            guard resolved > 0 else {
                throw TransitionCoreError(
                    .invalidValue, parameter: "", "perspective distance must be positive (m34 = -1/distance)")
            }
            return .perspective(distance: resolved)
        case .matrix(let entries):
            var numbers: [Double] = []
            for entry in entries { numbers.append(try value(entry, "matrix entry")) }
            do {
                return .matrix(try Transform3D(rowMajor: numbers))
            } catch {
                throw TransitionCoreError(.invalidValue, parameter: "", "matrix needs 16 finite numbers")
            }
        }
    }
}
