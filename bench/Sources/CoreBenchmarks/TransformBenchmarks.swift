import BenchmarkKit
import TransitionCore

/// Transform interpolation: `TransformInterpolator.matrix(at:)` (pairing and decomposition done once) for
/// each kind of step it plans, and `Transform3D.interpolated(to:fraction:)` (decomposes both matrices on
/// every call).
enum TransformBenchmarks {
    /// The fractions each repetition interpolates at (0 and 1 are shortcuts, so they are left out).
    static let fractions = Sweep.midpoints(count: 256, from: 0, to: 1)

    /// (key, description, from, to) for the interpolator.
    static let interpolations: [(key: String, name: String, from: [TransformFunction], to: [TransformFunction])] = [
        (
            "list-wise-scale", "scale → scale (list-wise, component by component)",
            [.scale(x: 1, y: 1, z: 1)], [.scale(x: 2, y: 3, z: 1)]
        ),
        (
            "rotate-two-axes", "rotate about z → rotate about y (quaternion slerp)",
            [.rotate(angle: 0.3, x: 0, y: 0, z: 1)], [.rotate(angle: 1.2, x: 0, y: 1, z: 0)]
        ),
        (
            "decomposed", "translate rotate → scale rotate (matrix decomposition)",
            [.translate(x: 10, y: 20, z: 0), .rotate(angle: 0.5, x: 0, y: 0, z: 1)],
            [.scale(x: 2, y: 2, z: 1), .rotate(angle: 1, x: 0, y: 0, z: 1)]
        ),
    ]

    static func benchmarks() -> [Benchmark] {
        let interpolators = interpolations.map { interpolation in
            Benchmark(
                key: "core.transform.\(interpolation.key)", figure: "transform \(interpolation.name)",
                targets: [.noAllocations]
            ) { context, benchmark in
                let interpolator = TransformInterpolator(
                    from: TransformList(interpolation.from), to: TransformList(interpolation.to))
                let ours = Workload(name: "TransitionCore", operationsPerRepetition: fractions.count) { repetitions in
                    fractions.withUnsafeBufferPointer { sweep(interpolator, $0, repetitions: repetitions) }
                }
                return context.measure(benchmark, ours: ours)
            }
        }
        let matrixBlend = Benchmark(
            key: "core.transform.matrix-interpolated",
            figure: "Transform3D.interpolated (decompose both, blend, recompose)", targets: [.noAllocations]
        ) { context, benchmark in
            let from = TransformList([
                .translate(x: 10, y: 20, z: 30), .rotate(angle: 0.5, x: 1, y: 1, z: 0), .scale(x: 1.5, y: 0.8, z: 1),
            ]).matrix
            let to = TransformList([
                .translate(x: -5, y: 0, z: 0), .rotate(angle: 1.5, x: 0, y: 1, z: 1), .scale(x: 0.5, y: 1, z: 2),
                .perspective(distance: 500),
            ]).matrix
            let ours = Workload(name: "TransitionCore", operationsPerRepetition: fractions.count) { repetitions in
                fractions.withUnsafeBufferPointer { sweep(from: from, to: to, $0, repetitions: repetitions) }
            }
            return context.measure(benchmark, ours: ours)
        }
        return interpolators + [matrixBlend]
    }

    @inline(never)
    static func sweep(_ interpolator: TransformInterpolator, _ fractions: UnsafeBufferPointer<Double>, repetitions: Int)
        -> Double
    {
        var sum = SIMD4<Double>()
        for _ in 0..<repetitions {
            for fraction in fractions { sum += fold(interpolator.matrix(at: fraction)) }
        }
        return sum.sum()
    }

    @inline(never)
    static func sweep(
        from: Transform3D, to: Transform3D, _ fractions: UnsafeBufferPointer<Double>, repetitions: Int
    ) -> Double {
        var sum = SIMD4<Double>()
        for _ in 0..<repetitions {
            for fraction in fractions { sum += fold(from.interpolated(to: to, fraction: fraction)) }
        }
        return sum.sum()
    }

    /// Every entry of `matrix` in four independent additions, so all sixteen must be computed while the
    /// loop-carried dependency stays one vector addition per operation.
    @inline(__always)
    static func fold(_ matrix: Transform3D) -> SIMD4<Double> {
        SIMD4(matrix.m11, matrix.m12, matrix.m13, matrix.m14) + SIMD4(matrix.m21, matrix.m22, matrix.m23, matrix.m24)
            + SIMD4(matrix.m31, matrix.m32, matrix.m33, matrix.m34)
            + SIMD4(matrix.m41, matrix.m42, matrix.m43, matrix.m44)
    }
}
