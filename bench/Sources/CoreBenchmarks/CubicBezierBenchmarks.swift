import BenchmarkKit
import CFloor
import TransitionCore

/// `CubicBezier.solve(_:)` over a sweep of x, against CFloor's C version of the same solver.
enum CubicBezierBenchmarks {
    /// The x values each repetition solves for.
    static let inputs = Sweep.midpoints(count: 1_024, from: 0, to: 1)

    /// (key, description, control points): the CSS presets and a near-degenerate curve whose x(t) is almost
    /// flat in the middle (at (1, 0, 0, 1) dx/dt is 0 at t = 0.5), where Newton steps overshoot and the
    /// solver falls back to bisection.
    static let curves: [(key: String, name: String, points: SIMD4<Double>)] = [
        ("ease", "ease", SIMD4(0.25, 0.1, 0.25, 1)),
        ("ease-in", "ease-in", SIMD4(0.42, 0, 1, 1)),
        ("ease-out", "ease-out", SIMD4(0, 0, 0.58, 1)),
        ("ease-in-out", "ease-in-out", SIMD4(0.42, 0, 0.58, 1)),
        ("near-degenerate", "(0.999, 0, 0.001, 1)", SIMD4(0.999, 0, 0.001, 1)),
    ]

    static func benchmarks() -> [Benchmark] {
        curves.map { curve in
            Benchmark(
                key: "core.bezier.\(curve.key)", figure: "cubic-bezier \(curve.name), one solve",
                targets: [.ratioAtMost(1.5), .noAllocations]
            ) { context, benchmark in
                measure(curve.points, benchmark: benchmark, context: context)
            }
        }
    }

    static func measure(_ points: SIMD4<Double>, benchmark: Benchmark, context: BenchmarkContext) -> BenchmarkResult {
        let curve: CubicBezier
        do {
            curve = try CubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        } catch {
            preconditionFailure("benchmark curve rejected: \(error)")
        }
        let floorCurve = floor_cubic_bezier_make(points[0], points[1], points[2], points[3])
        let inputs = inputs
        let floorResults = withUnsafePointer(to: floorCurve) { pointer in
            inputs.map { floor_cubic_bezier_solve(pointer, $0) }
        }
        let ours = Workload(name: "TransitionCore", operationsPerRepetition: inputs.count) { repetitions in
            inputs.withUnsafeBufferPointer { sweep(curve, $0, repetitions: repetitions) }
        }
        let floor = Workload(name: "C -O2", operationsPerRepetition: inputs.count) { repetitions in
            withUnsafePointer(to: floorCurve) { pointer in
                inputs.withUnsafeBufferPointer {
                    floor_cubic_bezier_sweep(pointer, $0.baseAddress, Int64($0.count), Int64(repetitions))
                }
            }
        }
        let note = Sweep.agreementNote(ours: inputs.map(curve.solve), floor: floorResults)
        return context.measure(benchmark, ours: ours, peer: floor, notes: [note])
    }

    /// The sum of `curve.solve(x)` over `inputs`, `repetitions` times: the same loop as
    /// `floor_cubic_bezier_sweep`.
    @inline(never)
    static func sweep(_ curve: CubicBezier, _ inputs: UnsafeBufferPointer<Double>, repetitions: Int) -> Double {
        var sum = 0.0
        for _ in 0..<repetitions {
            for x in inputs { sum += curve.solve(x) }
        }
        return sum
    }
}
