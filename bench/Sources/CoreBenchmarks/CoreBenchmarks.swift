import BenchmarkKit

/// The `core` group: TransitionCore's math and plan sampling, against the targets of the animation model
/// (cubic-bezier within 1.5× of C, a 6-node frame sampled in under 2 µs, no allocation per sample).
public enum CoreBenchmarks {
    /// The group, in the order it runs: bezier, springs, transforms, frame sampling, frame encoding, screen
    /// reading, and the largest calls the limits allow.
    public static func group() -> BenchmarkGroup {
        BenchmarkGroup(
            name: "core",
            summary: "TransitionCore: timing curves and springs against C -O2, transform interpolation, frame sampling",
            benchmarks: CubicBezierBenchmarks.benchmarks() + SpringBenchmarks.benchmarks()
                + TransformBenchmarks.benchmarks() + PlanSamplingBenchmarks.benchmarks()
                + AppearanceSamplingBenchmarks.benchmarks()
                + FrameEncodingBenchmarks.benchmarks() + ScreenReadingBenchmarks.benchmarks()
                + LargestCallBenchmarks.benchmarks()
        )
    }
}

/// Evenly spread inputs for sweeps: `count` midpoints of equal steps across `range`, so neither end (where
/// solvers return early) is included.
enum Sweep {
    /// `count` values `lower + (k + 0.5) · (upper − lower) / count`.
    static func midpoints(count: Int, from lower: Double, to upper: Double) -> [Double] {
        (0..<count).map { lower + (Double($0) + 0.5) * (upper - lower) / Double(count) }
    }

    /// A note saying whether ours and the floor computed the same results, which shows they did the same
    /// work: "results bit-identical to C on 1024 inputs", or how many differ and by how much.
    static func agreementNote(ours: [Double], floor: [Double]) -> String {
        var differing = 0
        var largest = 0.0
        for (a, b) in zip(ours, floor) where a.bitPattern != b.bitPattern {
            differing += 1
            largest = max(largest, abs(a - b))
        }
        if differing == 0 { return "results bit-identical to the C floor on \(ours.count) inputs" }
        return "results differ from the C floor on \(differing) of \(ours.count) inputs, by at most \(largest)"
    }
}
