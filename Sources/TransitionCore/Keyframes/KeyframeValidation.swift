/// Validation of key times and spline parameters against a value count and mode.
struct KeyframeValidation {
    let count: Int
    let mode: KeyframeCalculationMode

    /// The key times to use: validated input, or the evenly spaced default.
    func keyTimes(_ given: [Double]?) throws(KeyframeError) -> [Double] {
        let expected = mode == .discrete ? count + 1 : count
        guard let given else {
            if mode == .discrete {
                return (0...count).map { Double($0) / Double(count) }
            }
            if count == 1 { return [0] }
            return (0..<count).map { Double($0) / Double(count - 1) }
        }
        guard given.count == expected else {
            let rule =
                mode == .discrete
                ? "one more key time than values (\(expected) for \(count) values)"
                : "one key time per value (\(expected))"
            throw KeyframeError(
                code: .wrongCount,
                message: "\(mode.rawValue) needs \(rule), got \(given.count)",
                parameter: "keyTimes"
            )
        }
        for (index, time) in given.enumerated() {
            let parameter = "keyTimes[\(index)]"
            guard time.isFinite else {
                throw KeyframeError(
                    code: .notFinite, message: "Key times must be finite, got \(time)", parameter: parameter)
            }
            guard (0...1).contains(time) else {
                throw KeyframeError(
                    code: .outOfRange, message: "Key times must lie in [0, 1], got \(time)", parameter: parameter)
            }
            if index > 0 && time < given[index - 1] {
                throw KeyframeError(
                    code: .outOfRange,
                    message: "Key times must not decrease: \(time) follows \(given[index - 1])",
                    parameter: parameter
                )
            }
        }
        if expected > 1 {
            guard given[0] == 0 else {
                throw KeyframeError(
                    code: .outOfRange, message: "The first key time must be 0, got \(given[0])",
                    parameter: "keyTimes[0]")
            }
            guard given[expected - 1] == 1 else {
                throw KeyframeError(
                    code: .outOfRange,
                    message: "The last key time must be 1, got \(given[expected - 1])",
                    parameter: "keyTimes[\(expected - 1)]"
                )
            }
        }
        return given
    }

    /// Tension, continuity and bias per value, validated (nil = all zero).
    func splineParameters(
        tension: [Double]?,
        continuity: [Double]?,
        bias: [Double]?
    ) throws(KeyframeError) -> SplineParameters {
        SplineParameters(
            tension: try perValue(tension, "tensionValues"),
            continuity: try perValue(continuity, "continuityValues"),
            bias: try perValue(bias, "biasValues")
        )
    }

    private func perValue(_ given: [Double]?, _ name: String) throws(KeyframeError) -> [Double] {
        guard let given else { return Array(repeating: 0, count: count) }
        guard given.count == count else {
            throw KeyframeError(
                code: .wrongCount,
                message: "Give one entry per value (\(count)), got \(given.count)",
                parameter: name
            )
        }
        for (index, value) in given.enumerated() where !value.isFinite {
            throw KeyframeError(
                code: .notFinite, message: "Must be finite, got \(value)", parameter: "\(name)[\(index)]")
        }
        return given
    }
}

/// Kochanek-Bartels parameters, one entry per keyframe value.
struct SplineParameters {
    var tension: [Double]
    var continuity: [Double]
    var bias: [Double]
}
