import BenchmarkKit
import BenchmarkSupport
import TransitionCore

/// `TransitionPlan.sample(at:into:)` for every variant of every built-in animator on 6-node screens, with a
/// reused buffer, at times spread over the whole duration.
enum PlanSamplingBenchmarks {
    /// Samples per repetition, at the midpoints of equal steps across the plan's duration.
    static let samplesPerSweep = 240
    /// The bound on one frame, nanoseconds (2 µs: a 120 Hz frame lasts 8.3 ms and must leave room for
    /// thousands of stacks).
    static let frameTarget = 2_000.0

    static func benchmarks() -> [Benchmark] {
        BuiltinAnimators.all.flatMap { animator in
            animator.operations.map { operation in
                Benchmark(
                    key: "core.sample.\(animator.name).\(operation.rawValue)",
                    figure: "frame sample, \(animator.name) \(operation.rawValue)",
                    targets: [.valueBelow(frameTarget), .noAllocations]
                ) { context, benchmark in
                    measure(BenchmarkScreens.request(animator, operation), benchmark: benchmark, context: context)
                }
            }
        }
    }

    /// Samples the plan of `request` across its duration.
    static func measure(_ request: TransitionRequest, benchmark: Benchmark, context: BenchmarkContext)
        -> BenchmarkResult
    {
        let plan: TransitionPlan
        do {
            plan = try TransitionPlan(compiling: request)
        } catch {
            return BenchmarkResult(skipping: benchmark, reason: "the plan does not compile: \(error)")
        }
        let times = Sweep.midpoints(count: samplesPerSweep, from: 0, to: plan.duration)
        let buffer = NodeBuffer()
        let ours = Workload(name: "TransitionCore", operationsPerRepetition: times.count) { repetitions in
            times.withUnsafeBufferPointer { sweep(plan, $0, into: &buffer.nodes, repetitions: repetitions) }
        }
        let seconds = DecimalFormatting.fixed(plan.duration, decimals: 2)
        let note =
            "\(plan.nodeCount) nodes per frame (6 per screen plus snapshots and overlays), \(seconds) s, "
            + "\(samplesPerSweep) samples across it"
        return context.measure(benchmark, ours: ours, notes: [note])
    }

    /// The frame buffer reused across batches, as the engine reuses one per stack.
    final class NodeBuffer {
        var nodes: [NodeState] = []
    }

    @inline(never)
    static func sweep(
        _ plan: TransitionPlan, _ times: UnsafeBufferPointer<Double>, into nodes: inout [NodeState], repetitions: Int
    ) -> Double {
        var sum = 0.0
        for _ in 0..<repetitions {
            for time in times {
                plan.sample(at: time, into: &nodes)
                sum += nodes[nodes.count - 1].alpha + nodes[0].quad.topLeft.x
            }
        }
        return sum
    }
}
