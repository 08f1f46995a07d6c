/// One segment of a keyframe spline as a cubic Bézier curve `start, control1, control2, end`,
/// evaluated by de Casteljau's algorithm so that only `interpolate` is needed at run time.
@usableFromInline
struct CubicSegment<Value: KeyframeInterpolatable>: Sendable, Equatable {
    @usableFromInline var start: Value
    @usableFromInline var control1: Value
    @usableFromInline var control2: Value
    @usableFromInline var end: Value

    init(start: Value, control1: Value, control2: Value, end: Value) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }

    /// The point at curve parameter `s` in [0, 1] (de Casteljau: six interpolations).
    @inlinable
    func point(at s: Double) -> Value {
        let a = Value.interpolate(start, control1, fraction: s)
        let b = Value.interpolate(control1, control2, fraction: s)
        let c = Value.interpolate(control2, end, fraction: s)
        let d = Value.interpolate(a, b, fraction: s)
        let e = Value.interpolate(b, c, fraction: s)
        return Value.interpolate(d, e, fraction: s)
    }

    /// Builds the segments of a Kochanek-Bartels spline through `values`.
    ///
    /// Tangents (Kochanek & Bartels, "Interpolating Splines with Local Tension, Continuity, and
    /// Bias Control", SIGGRAPH 1984, eq. 8-9), with `t, c, b` the parameters at keyframe i:
    /// outgoing `((1−t)(1+b)(1+c)/2)·(Pᵢ − Pᵢ₋₁) + ((1−t)(1−b)(1−c)/2)·(Pᵢ₊₁ − Pᵢ)`, incoming
    /// `((1−t)(1+b)(1−c)/2)·(Pᵢ − Pᵢ₋₁) + ((1−t)(1−b)(1+c)/2)·(Pᵢ₊₁ − Pᵢ)`. At the ends the
    /// missing neighbour is the end value itself. With key times, tangents are scaled for
    /// uneven segment durations (same paper, eq. 10): outgoing by `2Δᵢ/(Δᵢ₋₁ + Δᵢ)`, incoming
    /// by `2Δᵢ₋₁/(Δᵢ₋₁ + Δᵢ)`. The Hermite segment `Pᵢ, Dᵢ, Pᵢ₊₁, Dᵢ₊₁` is the Bézier curve
    /// `Pᵢ, Pᵢ + Dᵢ/3, Pᵢ₊₁ − Dᵢ₊₁/3, Pᵢ₊₁`.
    static func build(
        _ vectorType: any KeyframeVector.Type,
        values: [Value],
        keyTimes: [Double],
        _ parameters: SplineParameters
    ) -> [CubicSegment<Value>] {
        func typed<Vector: KeyframeVector>(_: Vector.Type) -> [CubicSegment<Value>] {
            // Value is Vector here: the caller found Value.self as that KeyframeVector type.
            let vectors = values as! [Vector]
            let segments = buildVector(vectors, keyTimes: keyTimes, parameters)
            return segments as! [CubicSegment<Value>]
        }
        return typed(vectorType)
    }

    private static func buildVector<Vector: KeyframeVector>(
        _ points: [Vector],
        keyTimes: [Double],
        _ parameters: SplineParameters
    ) -> [CubicSegment<Vector>] {
        let count = points.count
        guard count >= 2 else { return [] }
        func point(_ index: Int) -> Vector { points[min(max(index, 0), count - 1)] }
        func duration(_ segment: Int) -> Double? {
            guard keyTimes.count == count, segment >= 0, segment < count - 1 else { return nil }
            return keyTimes[segment + 1] - keyTimes[segment]
        }
        func outgoing(_ i: Int) -> Vector {
            let (t, c, b) = (parameters.tension[i], parameters.continuity[i], parameters.bias[i])
            let previous = point(i) - point(i - 1)
            let next = point(i + 1) - point(i)
            var tangent = previous * ((1 - t) * (1 + b) * (1 + c) / 2) + next * ((1 - t) * (1 - b) * (1 - c) / 2)
            if let before = duration(i - 1), let after = duration(i), before + after > 0 {
                tangent = tangent * (2 * after / (before + after))
            }
            return tangent
        }
        func incoming(_ i: Int) -> Vector {
            let (t, c, b) = (parameters.tension[i], parameters.continuity[i], parameters.bias[i])
            let previous = point(i) - point(i - 1)
            let next = point(i + 1) - point(i)
            var tangent = previous * ((1 - t) * (1 + b) * (1 - c) / 2) + next * ((1 - t) * (1 - b) * (1 + c) / 2)
            if let before = duration(i - 1), let after = duration(i), before + after > 0 {
                tangent = tangent * (2 * before / (before + after))
            }
            return tangent
        }
        var segments: [CubicSegment<Vector>] = []
        segments.reserveCapacity(count - 1)
        for index in 0..<(count - 1) {
            let start = points[index]
            let end = points[index + 1]
            segments.append(
                CubicSegment<Vector>(
                    start: start,
                    control1: start + outgoing(index) * (1.0 / 3),
                    control2: end - incoming(index + 1) * (1.0 / 3),
                    end: end
                )
            )
        }
        return segments
    }
}
