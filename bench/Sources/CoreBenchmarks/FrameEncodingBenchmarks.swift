import BenchmarkKit
import BenchmarkSupport
import TransitionCore

/// `Frame.appendJSON(into:)`, the text the daemon writes for every frame a subscriber receives, for a
/// `slide` push on 6-node screens at times spread over the whole transition, into a reused buffer. It is
/// the per-frame cost of delivering frames, next to the cost of sampling them (`core.sample.*`).
enum FrameEncodingBenchmarks {
    /// Frames per repetition, sampled at the midpoints of equal steps across the plan's duration.
    static let framesPerSweep = 240

    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(key: "core.frame.json.slide.push", figure: "frame JSON form, slide push") { context, benchmark in
                measure(benchmark: benchmark, context: context)
            }
        ]
    }

    static func measure(benchmark: Benchmark, context: BenchmarkContext) -> BenchmarkResult {
        guard let slide = BuiltinAnimators.all.first(where: { $0.name == "slide" }) else {
            return BenchmarkResult(skipping: benchmark, reason: "no built-in slide animator")
        }
        let plan: TransitionPlan
        do {
            plan = try TransitionPlan(compiling: BenchmarkScreens.request(slide, .push))
        } catch {
            return BenchmarkResult(skipping: benchmark, reason: "the plan does not compile: \(error)")
        }
        let times = Sweep.midpoints(count: framesPerSweep, from: 0, to: plan.duration)
        let frames = times.enumerated().map { index, time in
            Frame(
                stack: "stack-0042", index: Int64(index), time: time,
                transition: FrameTransition(
                    id: 1, operation: .push, animator: slide.name, progress: time / plan.duration,
                    interactive: false),
                nodes: plan.sample(at: time))
        }
        let buffer = ByteBuffer()
        let ours = Workload(name: "TransitionCore", operationsPerRepetition: frames.count) { repetitions in
            frames.withUnsafeBufferPointer { encode($0, into: &buffer.bytes, repetitions: repetitions) }
        }
        var sample: [UInt8] = []
        frames[frames.count / 2].appendJSON(into: &sample)
        let note =
            "\(plan.nodeCount) nodes per frame, \(framesPerSweep) frames across the transition; "
            + "the middle frame is \(sample.count) bytes of JSON"
        return context.measure(benchmark, ours: ours, notes: [note])
    }

    /// The byte buffer reused across frames, as the daemon reuses its write buffer.
    final class ByteBuffer {
        var bytes: [UInt8] = []
    }

    @inline(never)
    static func encode(_ frames: UnsafeBufferPointer<Frame>, into bytes: inout [UInt8], repetitions: Int) -> Double {
        var total = 0
        for _ in 0..<repetitions {
            for frame in frames {
                bytes.removeAll(keepingCapacity: true)
                frame.appendJSON(into: &bytes)
                total += bytes.count
            }
        }
        return Double(total)
    }
}
