import JSON
import TransitionCore

extension Evaluator {
    /// The step names of `transform` `build`, each an object with one of these fields, or
    /// `{"set": "m34", "value": v}`.
    public static let transformStepNames = ["translate", "scale", "rotate", "concat", "set"]

    /// Builds a matrix from `steps`, starting at the identity, with Core Animation's semantics:
    ///
    /// - `{"translate": [tx, ty, tz]}`: `CATransform3DTranslate(t, tx, ty, tz)` = `translation · t`
    ///   (the new operation applies to points first);
    /// - `{"scale": [sx, sy, sz]}`: `CATransform3DScale` = `scale · t`;
    /// - `{"rotate": [angle, x, y, z]}`: `CATransform3DRotate` = `rotation · t`, radians, any axis
    ///   (a zero axis rotates nothing);
    /// - `{"concat": [16 numbers]}`: `CATransform3DConcat(t, M)` = `t · M` (M applies after t);
    /// - `{"set": "m34", "value": v}`: sets one entry (any of `m11` … `m44`).
    static func build(_ fields: RequestFields) throws(EvaluationError) -> Transform3D {
        var matrix = Transform3D.identity
        for (index, step) in try fields.array("steps").enumerated() {
            let path = "steps[\(index)]"
            matrix = try apply(step, to: matrix, path: path)
            guard matrix.rowMajorEntries.allSatisfy(\.isFinite) else {
                throw EvaluationError(
                    .nonFiniteResult, parameter: path,
                    "the matrix is no longer finite after this step; the inputs overflow double precision")
            }
        }
        return matrix
    }

    private static func apply(_ step: JSONValue, to matrix: Transform3D, path: String) throws(EvaluationError)
        -> Transform3D
    {
        guard let object = step.objectValue else {
            throw EvaluationError(.wrongType, parameter: path, "expected a step object, got \(step.kindDescription)")
        }
        if object["set"] != nil {
            let fields = try RequestFields(step, path: path, allowed: ["set", "value"], describing: "a set step")
            let entry = try fields.string("set")
            guard let index = entryIndex(entry) else {
                throw EvaluationError(
                    .invalidValue, parameter: fields.name("set"),
                    "unknown entry \"\(entry)\"; use m11 … m44, usually m34")
            }
            var entries = matrix.rowMajorEntries
            entries[index] = try fields.number("value")
            return try makeMatrix(entries, path: path)
        }
        guard object.count == 1, let name = object.keys.first, transformStepNames.contains(name) else {
            throw EvaluationError(
                .invalidValue, parameter: path,
                "a step has exactly one of translate, scale, rotate, concat, or set with value; got fields \(object.keys.joined(separator: ", "))"
            )
        }
        let fields = try RequestFields(step, path: path, allowed: [name], describing: "a \(name) step")
        switch name {
        case "translate":
            let v = try fields.numbers(name, count: 3)
            return matrix.translated(x: v[0], y: v[1], z: v[2])
        case "scale":
            let v = try fields.numbers(name, count: 3)
            return matrix.scaled(x: v[0], y: v[1], z: v[2])
        case "rotate":
            let v = try fields.numbers(name, count: 4)
            return matrix.rotated(angle: v[0], x: v[1], y: v[2], z: v[3])
        default:
            let other = try makeMatrix(try fields.numbers(name, count: 16), path: fields.name(name))
            return matrix.concatenating(other)
        }
    }

    /// The row-major index of `m<row><column>`, both 1…4.
    static func entryIndex(_ name: String) -> Int? {
        let characters = Array(name)
        guard characters.count == 3, characters[0] == "m", let row = characters[1].wholeNumberValue,
            let column = characters[2].wholeNumberValue, (1...4).contains(row), (1...4).contains(column)
        else { return nil }
        return (row - 1) * 4 + (column - 1)
    }

    private static func makeMatrix(_ entries: [Double], path: String) throws(EvaluationError) -> Transform3D {
        do {
            return try Transform3D(rowMajor: entries)
        } catch {
            throw EvaluationError(.nonFiniteResult, parameter: path, error.message)
        }
    }
}
