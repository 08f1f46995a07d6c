import BenchmarkKit
import BenchmarkSupport
import TransitionCore

/// `engine.plan.*`: the per-transition and per-frame costs the engine pays outside the tick walk,
/// measured like the `core` figures (thread CPU time, interleaved batches, allocations counted):
/// - every transition a stack runs compiles its plan when it begins (`TransitionPlan(compiling:)`: both
///   screens validated, the scene built, the script compiled);
/// - every frame a subscriber reads is sampled with `TransitionPlan.sample(at:)`, into a new array
///   (StackStateMachine's running frame), where the `core` figures sample into a reused buffer.
enum PlanCostBenchmarks {
    /// Samples per repetition of the sampling figures.
    static let samplesPerSweep = 240

    static func benchmarks() -> [Benchmark] {
        let request = BenchmarkScreens.request(BuiltinAnimators.slide, .push)
        return [
            Benchmark(key: "engine.plan.compile.slide.push", figure: "compile a transition plan, slide push, 6+6 nodes")
            {
                context, benchmark in
                let ours = Workload(name: "TransitionCore", operationsPerRepetition: 1) { repetitions in
                    compile(request, repetitions: repetitions)
                }
                return context.measure(
                    benchmark, ours: ours,
                    notes: ["TransitionPlan(compiling:), as a stack does when each transition begins"])
            },
            Benchmark(
                key: "engine.plan.sample.fresh.slide.push",
                figure: "frame sample into a new array, slide push (a read frame)"
            ) { context, benchmark in
                guard let plan = try? TransitionPlan(compiling: request) else {
                    return BenchmarkResult(skipping: benchmark, reason: "the slide push plan does not compile")
                }
                let times = (0..<samplesPerSweep).map { (Double($0) + 0.5) * plan.duration / Double(samplesPerSweep) }
                let ours = Workload(name: "TransitionCore", operationsPerRepetition: times.count) { repetitions in
                    sampleFresh(plan, times, repetitions: repetitions)
                }
                let buffer = Buffer()
                let reused = Workload(name: "reused buffer", operationsPerRepetition: times.count) { repetitions in
                    sampleReused(plan, times, into: &buffer.nodes, repetitions: repetitions)
                }
                return context.measure(
                    benchmark, ours: ours, peer: reused,
                    notes: [
                        "TransitionPlan.sample(at:) as the engine's lazy frame calls it (StackStateMachine, running "
                            + "frame); the peer is sample(at:into:) into one reused buffer (the core figure)"
                    ])
            },
        ]
    }

    final class Buffer {
        var nodes: [NodeState] = []
    }

    @inline(never)
    static func compile(_ request: TransitionRequest, repetitions: Int) -> Double {
        var sum = 0.0
        for _ in 0..<repetitions {
            if let plan = try? TransitionPlan(compiling: request) { sum += plan.duration }
        }
        return sum
    }

    @inline(never)
    static func sampleFresh(_ plan: TransitionPlan, _ times: [Double], repetitions: Int) -> Double {
        var sum = 0.0
        for _ in 0..<repetitions {
            for time in times {
                let nodes = plan.sample(at: time)
                sum += nodes[nodes.count - 1].alpha + nodes[0].quad.topLeft.x
            }
        }
        return sum
    }

    @inline(never)
    static func sampleReused(_ plan: TransitionPlan, _ times: [Double], into nodes: inout [NodeState], repetitions: Int)
        -> Double
    {
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
