import BenchmarkKit
import BenchmarkSupport
import JSON
import TransitionCore
import TransitionEngine
import TransitionService

/// `core.limits.*`: the work the largest call the default limits allow makes one thread do, against one
/// frame period at 120 Hz (8.3 ms), the most any call may hold the event loop or a stack's actor
/// (docs/protocol.md, "Limits"). The event loop parses every call (`parse`); a stack's actor reads and
/// validates a pushed screen and compiles the transition (`screen`); the tick samples the plan of the
/// animator with the most keyframes (`keyframes`).
enum LargestCallBenchmarks {
    /// One frame period at 120 Hz, in nanoseconds.
    static let framePeriod = 1e9 / 120
    /// What a call may hold: the daemon's reader limits for a call (1 MiB, 65,536 values, 256 levels).
    static let callLimits = JSONReader.Limits(
        maximumDepth: TransitionService.maximumCallDepth, maximumElements: TransitionService.maximumCallValues)
    /// The most nodes of a screen by default.
    static let screenNodes = TransitionEngine.Limits().nodesPerScreen

    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(
                key: "core.limits.parse", figure: "the largest call parsed: 65,536 values",
                targets: [.valueBelow(framePeriod)]
            ) { context, benchmark in measureParse(benchmark: benchmark, context: context) },
            Benchmark(
                key: "core.limits.screen", figure: "a screen of 1,024 nodes read, validated and pushed with slide",
                targets: [.valueBelow(framePeriod)]
            ) { context, benchmark in measureScreen(benchmark: benchmark, context: context) },
            Benchmark(
                key: "core.limits.keyframes", figure: "a frame sampled from an animator of 4,096 keyframes",
                targets: [.valueBelow(framePeriod)]
            ) { context, benchmark in measureKeyframes(benchmark: benchmark, context: context) },
        ]
    }

    /// The costliest call the reader takes: as many values as it allows (numbers, the smallest), in a
    /// push's style, 1 MiB at most.
    static func largestCall() -> [UInt8] {
        let values = callLimits.maximumElements - 16
        var text = #"{"method":"io.transitiond.Push","parameters":{"stack":"main","screen":{"id":"s","root":"#
        text += #"{"id":"v","frame":[0,0,375,667],"style":{"v":["#
        text += Array(repeating: "0", count: values).joined(separator: ",")
        text += "]}}}}}"
        return Array(text.utf8)
    }

    static func measureParse(benchmark: Benchmark, context: BenchmarkContext) -> BenchmarkResult {
        let call = largestCall()
        guard call.count <= callLimits.maximumBytes, (try? JSONReader.parse(call, limits: callLimits)) != nil else {
            return BenchmarkResult(skipping: benchmark, reason: "the largest call is not one the reader takes")
        }
        let ours = Workload(name: "JSONReader", operationsPerRepetition: 1) { repetitions in
            var members = 0.0
            for _ in 0..<repetitions {
                members += Double((try? JSONReader.parse(call, limits: callLimits))?.objectValue?.count ?? 0)
            }
            return members
        }
        return context.measure(
            benchmark, ours: ours, notes: ["\(call.count) bytes, \(callLimits.maximumElements - 16) numbers"])
    }

    /// A screen of `screenNodes` nodes in the nested form: a root and its children.
    static func largestScreen(_ id: String) -> JSONValue {
        var children: [JSONValue] = []
        for index in 1..<screenNodes {
            children.append(["id": .string("n\(index)"), "frame": [0, 0, 10, 10]])
        }
        return [
            "id": .string(id),
            "root": ["id": "root", "frame": [0, 0, 375, 667], "children": .array(children)],
        ]
    }

    static func measureScreen(benchmark: Benchmark, context: BenchmarkContext) -> BenchmarkResult {
        let from = largestScreen("from")
        let to = largestScreen("to")
        guard let fromScreen = Screen(readingJSON: from), (try? fromScreen.validate()) != nil,
            let slide = BuiltinAnimators.named("slide")
        else {
            return BenchmarkResult(skipping: benchmark, reason: "the largest screen does not read")
        }
        let ours = Workload(name: "TransitionCore", operationsPerRepetition: 1) { repetitions in
            var nodes = 0.0
            for _ in 0..<repetitions {
                guard let screen = Screen(readingJSON: to), (try? screen.validate()) != nil else { continue }
                let request = TransitionRequest(
                    animator: slide, operation: .push, from: fromScreen, to: screen,
                    containerSize: Size(width: 375, height: 667))
                nodes += Double((try? TransitionPlan(compiling: request))?.nodeCount ?? 0)
            }
            return nodes
        }
        return context.measure(benchmark, ours: ours, notes: ["two screens of \(screenNodes) nodes"])
    }

    /// An animator whose one track has 4,096 keyframe values (the default `MaxKeyframesPerAnimator=`).
    static func keyframeAnimator() throws -> AnimatorSpecification {
        let values = (0..<4_096).map { index in String(Double(index % 2)) }.joined(separator: ",")
        let text = """
            {"name":"keyframed","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":[\
            {"target":"to","property":"alpha","keyframes":{"values":[\(values)]}}]}]}}}
            """
        return try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(Array(text.utf8)))
    }

    static func measureKeyframes(benchmark: Benchmark, context: BenchmarkContext) -> BenchmarkResult {
        let plan: TransitionPlan
        do {
            let request = BenchmarkScreens.request(try keyframeAnimator(), .push)
            plan = try TransitionPlan(compiling: request)
        } catch {
            return BenchmarkResult(skipping: benchmark, reason: "the keyframed animator does not compile: \(error)")
        }
        let times = Sweep.midpoints(count: 240, from: 0, to: plan.duration)
        let buffer = PlanSamplingBenchmarks.NodeBuffer()
        let ours = Workload(name: "TransitionCore", operationsPerRepetition: times.count) { repetitions in
            times.withUnsafeBufferPointer {
                PlanSamplingBenchmarks.sweep(plan, $0, into: &buffer.nodes, repetitions: repetitions)
            }
        }
        return context.measure(benchmark, ours: ours, notes: ["one track of 4,096 keyframe values, 240 samples"])
    }
}
