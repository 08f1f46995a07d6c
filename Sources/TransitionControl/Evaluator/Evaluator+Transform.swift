import JSON
import TransitionCore

extension Evaluator {
    /// The transform operations, as the `op` field names them.
    public static let transformOperations = ["build", "project", "build_project", "interpolate", "interpolate_project"]

    /// The fields that describe a projection: `bounds`, `anchorPoint`, `position`, `points`.
    static let projectionFields = ["bounds", "anchorPoint", "position", "points"]

    /// `{"kind":"transform","op":…}`; see docs/evaluator.md.
    func transform(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        let operation = try RequestFields.selector(request, field: "op", choices: Self.transformOperations)
        let describing = "op \(operation)"
        switch operation {
        case "build":
            let fields = try RequestFields(request, allowed: ["kind", "op", "steps"], describing: describing)
            return Self.array(try Self.build(fields).rowMajorEntries)
        case "project":
            let fields = try RequestFields(
                request, allowed: ["kind", "op", "matrix"] + Self.projectionFields, describing: describing)
            return try Self.project(try Self.matrix(fields, "matrix"), fields)
        case "build_project":
            let fields = try RequestFields(
                request, allowed: ["kind", "op", "steps"] + Self.projectionFields, describing: describing)
            return try Self.project(try Self.build(fields), fields)
        case "interpolate":
            let fields = try RequestFields(
                request, allowed: ["kind", "op", "from", "to", "p", "method"], describing: describing)
            return Self.array(try Self.interpolate(fields).rowMajorEntries)
        case "interpolate_project":
            let fields = try RequestFields(
                request, allowed: ["kind", "op", "from", "to", "p", "method"] + Self.projectionFields,
                describing: describing)
            return try Self.project(try Self.interpolate(fields), fields)
        default:
            throw EvaluationError(
                .unknownKind, parameter: "op",
                "unknown op \"\(operation)\"; use one of \(Self.transformOperations.joined(separator: ", "))")
        }
    }

    /// A 4x4 matrix from 16 numbers `m11 … m44`.
    static func matrix(_ fields: RequestFields, _ field: String) throws(EvaluationError) -> Transform3D {
        let entries = try fields.numbers(field, count: 16)
        do {
            return try Transform3D(rowMajor: entries)
        } catch {
            // Unreachable: JSON numbers are finite and the count is checked.
            throw EvaluationError(.invalidValue, parameter: fields.name(field), error.message)
        }
    }

    /// The CSS matrix interpolation of `from` and `to` at `p`.
    static func interpolate(_ fields: RequestFields) throws(EvaluationError) -> Transform3D {
        let from = try matrix(fields, "from")
        let to = try matrix(fields, "to")
        let fraction = try fields.number("p")
        if let method = fields.optional("method") {
            guard method.stringValue == "decomposed" else {
                throw EvaluationError(
                    .unknownKind, parameter: "method",
                    "unknown method \(method); the only method is \"decomposed\" (CSS Transforms 2 matrix interpolation)"
                )
            }
        }
        return from.interpolated(to: to, fraction: fraction)
    }

    /// The projection of `points` through `matrix` as a layer with `bounds`, `anchorPoint` (default
    /// `[0.5, 0.5]`) and `position` (default `[0, 0]`).
    static func project(_ matrix: Transform3D, _ fields: RequestFields) throws(EvaluationError) -> JSONValue {
        let boundsValues = try fields.numbers("bounds", count: 2)
        let anchorValues = try fields.numbers("anchorPoint", count: 2, default: [0.5, 0.5])
        let positionValues = try fields.numbers("position", count: 2, default: [0, 0])
        let bounds = Size(width: boundsValues[0], height: boundsValues[1])
        let anchorPoint = Point(x: anchorValues[0], y: anchorValues[1])
        let position = Point(x: positionValues[0], y: positionValues[1])
        var projected: [JSONValue] = []
        for (index, element) in try fields.array("points").enumerated() {
            let path = "points[\(index)]"
            let coordinates = try RequestFields.numbers(element, path: path, count: 2)
            let point = Point(x: coordinates[0], y: coordinates[1])
            let w = matrix.projectedW(point, bounds: bounds, anchorPoint: anchorPoint)
            guard w > Transform3D.minimumProjectionW else {
                throw EvaluationError(
                    .invalidValue, parameter: path,
                    "the point lies at or behind the eye (w = \(w)), where Core Animation clips; it has no projection")
            }
            let result = matrix.projectedPoint(point, bounds: bounds, anchorPoint: anchorPoint, position: position)
            let pair = array([result.x, result.y])
            try checkFinite(pair, path: path)
            projected.append(pair)
        }
        return .array(projected)
    }
}
