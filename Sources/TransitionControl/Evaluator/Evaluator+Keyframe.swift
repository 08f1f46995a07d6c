import JSON
import TransitionCore

extension Evaluator {
    /// The keyframe calculation modes, as the `mode` field names them (`CAKeyframeAnimation`'s
    /// `calculationMode` values without the `kCAAnimation` prefix, lower camel case).
    public static let keyframeModes = KeyframeCalculationMode.allCases.map(\.rawValue)

    /// `{"kind":"keyframe","mode":…,"values":[[…],…],"keyTimes":[…]|null,"t":T,
    /// "timingFunctions":[[x1,y1,x2,y2]|null,…]}` → `[components]`.
    func keyframe(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        let fields = try RequestFields(
            request,
            allowed: [
                "kind", "mode", "values", "keyTimes", "t", "timingFunctions", "tensionValues", "continuityValues",
                "biasValues",
            ],
            describing: "kind keyframe")
        let modeName = try fields.string("mode")
        guard let mode = KeyframeCalculationMode(rawValue: modeName) else {
            throw EvaluationError(
                .unknownKind, parameter: "mode",
                "unknown mode \"\(modeName)\"; use one of \(Self.keyframeModes.joined(separator: ", "))")
        }
        var values: [ComponentVector] = []
        for (index, element) in try fields.array("values").enumerated() {
            values.append(ComponentVector(try RequestFields.numbers(element, path: "values[\(index)]", count: nil)))
        }
        let keyTimes = try fields.optionalNumbers("keyTimes")
        var timingFunctions: [CubicBezier?]?
        if let list = fields.optional("timingFunctions") {
            var curves: [CubicBezier?] = []
            for (index, element) in try RequestFields.array(list, path: "timingFunctions").enumerated() {
                curves.append(element.isNull ? nil : try Self.curve(element, path: "timingFunctions[\(index)]"))
            }
            timingFunctions = curves
        }
        let time = try fields.number("t")
        let tension = try fields.optionalNumbers("tensionValues")
        let continuity = try fields.optionalNumbers("continuityValues")
        let bias = try fields.optionalNumbers("biasValues")
        let keyframes: Keyframes<ComponentVector>
        do {
            keyframes = try Keyframes(
                values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode,
                tensionValues: tension, continuityValues: continuity, biasValues: bias)
        } catch {
            let parameter = error.parameter == "calculationMode" ? "mode" : error.parameter
            throw EvaluationError(.invalidValue, parameter: parameter, error.message)
        }
        return Self.array(keyframes.value(at: time).components)
    }
}
