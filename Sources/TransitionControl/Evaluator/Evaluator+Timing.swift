import JSON
import TransitionCore

extension Evaluator {
    /// `{"kind":"bezier","p":[x1,y1,x2,y2],"x":X,"extrapolate":false}` → y.
    func bezier(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        let fields = try RequestFields(request, allowed: ["kind", "p", "x", "extrapolate"], describing: "kind bezier")
        let curve = try Self.curve(try fields.required("p"), path: "p")
        let x = try fields.number("x")
        let extrapolate = try fields.bool("extrapolate", default: false)
        return .number(curve.solve(x, extrapolating: extrapolate))
    }

    /// A cubic Bézier from `[x1, y1, x2, y2]` at `path`.
    static func curve(_ value: JSONValue, path: String) throws(EvaluationError) -> CubicBezier {
        let p = try RequestFields.numbers(value, path: path, count: 4)
        do {
            return try CubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        } catch {
            let names = ["x1": path + "[0]", "y1": path + "[1]", "x2": path + "[2]", "y2": path + "[3]"]
            throw Self.error(error, renaming: names)
        }
    }
}
