import BenchmarkKit
import BenchmarkSupport
import CBenchmarkTools

/// `sockets.frames.*`: how many animating stacks the real daemon streams every frame of to subscribers
/// over its socket, at 60 Hz: each stack runs one long `slide` push and has one subscriber on a
/// connection of its own, all read by one C client thread (epoll). A capacity search, as the engine's:
/// a count passes when its subscribers received at least `requiredDeliveredFraction` of every frame of
/// every stack, none of them went silent and no stream ended. The rate and the daemon's CPU time per
/// frame are those of the largest count that passed.
enum FrameDeliveryBenchmarks {
    static let framesPerSecond = 60
    /// The search: the first count, the largest (the daemon's default 4,096 connections, less the control
    /// connection and room to spare), when bisection stops, and at most how many steps.
    static let initialStacks = 250
    static let maximumStacks = 4_000
    static let resolution = 0.1
    static let smallestStep = 125
    static let maximumSteps = 8
    /// Frames read but not counted after the last push, then the counted interval (times the duration
    /// scale), seconds.
    static let warmupSeconds = 0.5
    static let windowSeconds = 3.0
    /// A count passes when at least this share of its stacks' frames reached their subscribers. Frames
    /// coalesce for a subscriber whose previous frame is still unsent, so a daemon that falls behind sends
    /// fewer; a few coalesce on a busy tick even below the ceiling.
    static let requiredDeliveredFraction = 0.9
    /// The daemon's configuration: more stacks, subscriptions, connections and unread bytes per user than
    /// the defaults (1,000, 1,024, 256 and 64 MiB): every subscriber has a connection of its own.
    static let configuration =
        "[Limits]\nMaxStacksPerUser=\(maximumStacks + 96)\nMaxSubscriptionsPerUser=\(maximumStacks + 96)\n"
        + "MaxConnectionsPerUser=\(maximumStacks + 96)\nMaxPendingOutputPerUser=1G\n"

    /// One measured count.
    struct Step {
        var stacks: Int
        var result: bench_delivery_result
        var stolenNanoseconds: Int64?

        var framesPerSecond: Double { result.seconds > 0 ? Double(result.frames) / result.seconds : 0 }
        /// Frames received ÷ every frame of every stack in the interval.
        var deliveredFraction: Double {
            framesPerSecond / Double(stacks * FrameDeliveryBenchmarks.framesPerSecond)
        }
        var daemonNanosecondsPerFrame: Double? {
            result.daemon_cpu_ns >= 0 && result.frames > 0 ? Double(result.daemon_cpu_ns) / Double(result.frames) : nil
        }
        var passed: Bool {
            deliveredFraction >= requiredDeliveredFraction && result.silent_subscribers == 0
                && result.error_messages == 0
        }
    }

    struct Outcome {
        var capacity: Step?
        var notes: [String]
    }

    final class Cache {
        var outcome: Result<Outcome, BenchmarkFailure>?
    }

    static func benchmarks(benchDirectory: String) -> [Benchmark] {
        let cache = Cache()
        func outcome(_ context: BenchmarkContext) -> Result<Outcome, BenchmarkFailure> {
            if cache.outcome == nil {
                cache.outcome = search(benchDirectory: benchDirectory, scale: context.options.durationScale)
            }
            return cache.outcome!
        }
        let figures: [(key: String, figure: String, unit: MeasurementUnit, value: (Step) -> Double?)] = [
            (
                "sockets.frames.capacity", "animating stacks whose every frame reaches a subscriber, 60 Hz",
                .stacks, { Double($0.stacks) }
            ),
            ("sockets.frames.rate", "frames delivered at that count", .framesPerSecond, { $0.framesPerSecond }),
            (
                "sockets.frames.daemon-cpu", "transitiond CPU time per delivered frame at that count", .nanoseconds,
                { $0.daemonNanosecondsPerFrame }
            ),
        ]
        return figures.map { figure in
            Benchmark(
                key: figure.key, figure: figure.figure, unit: figure.unit, targets: [], countsAllocations: false
            ) { context, benchmark in
                switch outcome(context) {
                case .failure(let failure):
                    return BenchmarkResult(skipping: benchmark, reason: failure.message)
                case .success(let outcome):
                    guard let step = outcome.capacity else {
                        return BenchmarkResult(
                            skipping: benchmark, reason: "no count passed: " + (outcome.notes.last ?? ""))
                    }
                    guard let value = figure.value(step) else {
                        return BenchmarkResult(skipping: benchmark, reason: "the daemon's CPU time could not be read")
                    }
                    return BenchmarkResult(
                        benchmark: benchmark, oursName: "transitiond", ours: Measurement(samples: [value]),
                        allocationsPerCall: nil, notes: figure.key == "sockets.frames.capacity" ? outcome.notes : [])
                }
            }
        }
    }

    private static func search(benchDirectory: String, scale: Double) -> Result<Outcome, BenchmarkFailure> {
        let binary: DaemonBinary.Located
        switch DaemonBinary.locate(benchDirectory: benchDirectory) {
        case .success(let located): binary = located
        case .failure(let error): return .failure(BenchmarkFailure(error.message))
        }
        var notes = [
            "each stack: one slide push stretched to \(Int(BenchmarkAnimators.longTransitionSeconds)) s on 6-node "
                + "screens, one subscriber (Subscribe, events off) on a connection of its own; one C thread reads "
                + "every connection (epoll, -O2); a state directory in /tmp; a count passes when "
                + DecimalFormatting.fixed(requiredDeliveredFraction * 100, decimals: 0)
                + " % of every frame arrived, no subscriber went silent and no stream ended; "
                + "\(DecimalFormatting.fixed(windowSeconds * scale, decimals: 1)) s counted per step"
        ]
        if let remark = binary.remark { notes.append(remark) }
        var bracket = CapacityBracket(
            initial: initialStacks, maximum: maximumStacks, resolution: resolution, smallestStep: smallestStep)
        var best: Step?
        var steps = 0
        while steps < maximumSteps, let count = bracket.next {
            steps += 1
            let step: Step
            switch measure(stacks: count, binary: binary.path, scale: scale) {
            case .success(let measured): step = measured
            case .failure(let failure):
                notes.append("step \(count): \(failure.message)")
                return .success(Outcome(capacity: best, notes: notes))
            }
            let line = describe(step)
            StandardError.writeLine("  " + line)
            notes.append("step " + line)
            if step.passed && step.stacks > (best?.stacks ?? 0) { best = step }
            bracket.record(count, passed: step.passed)
        }
        if (best?.stacks ?? 0) >= maximumStacks {
            notes.append("the search stops at \(maximumStacks): the capacity is at least that")
        }
        return .success(Outcome(capacity: best, notes: notes))
    }

    private static func measure(stacks: Int, binary: String, scale: Double) -> Result<Step, BenchmarkFailure> {
        let daemon: DaemonProcess
        do {
            daemon = try DaemonProcess(
                binary: binary, framesPerSecond: framesPerSecond, configuration: configuration)
        } catch {
            return .failure(error)
        }
        var result = bench_delivery_result()
        let stolenBefore = MachineState.stolenNanoseconds()
        let status = withCStrings([
            daemon.socketPath, "delivery", BenchmarkScreens.listJSON, BenchmarkScreens.detailJSON,
            BenchmarkAnimators.longSlideJSON, BenchmarkAnimators.longSlideName,
        ]) { strings in
            var options = bench_delivery_options(
                socket_path: strings[0], stack_prefix: strings[1], stacks: Int32(stacks),
                root_screen_json: strings[2], top_screen_json: strings[3], animator_json: strings[4],
                animator_name: strings[5], warmup_seconds: warmupSeconds, seconds: windowSeconds * scale,
                daemon_pid: daemon.process.pid)
            return bench_frame_delivery_run(&options, &result)
        }
        let stolen = MachineState.stolenNanoseconds().flatMap { after in stolenBefore.map { after - $0 } }
        let exitedCleanly = daemon.stop()
        guard status == 0 else {
            let failure = withUnsafeBytes(of: result.failure) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(BenchmarkFailure("the delivery probe failed: \(failure) (log: \(daemon.logPath))"))
        }
        guard exitedCleanly else {
            return .failure(BenchmarkFailure("transitiond did NOT exit 0 on SIGTERM (log: \(daemon.logPath))"))
        }
        return .success(Step(stacks: stacks, result: result, stolenNanoseconds: stolen))
    }

    /// "2000: 118,000 frames/s (98 % of every frame), daemon 1.62 cores, 13.7 µs a frame (readers 9.1 µs, …), …".
    static func describe(_ step: Step) -> String {
        let result = step.result
        let seconds = max(result.seconds, 1e-9)
        var text =
            "\(step.stacks): \(MeasurementUnit.framesPerSecond.format(step.framesPerSecond.rounded())) ("
            + DecimalFormatting.fixed(step.deliveredFraction * 100, decimals: 0) + " % of every frame), "
            + DecimalFormatting.fixed(Double(result.bytes) / max(Double(result.frames), 1), decimals: 0)
            + " bytes a frame"
        if let perFrame = step.daemonNanosecondsPerFrame {
            text +=
                ", daemon " + DecimalFormatting.fixed(Double(result.daemon_cpu_ns) / 1e9 / seconds, decimals: 2)
                + " cores, " + MeasurementUnit.nanoseconds.format(perFrame) + " a frame"
            if result.readers_cpu_ns >= 0 {
                let parts = [
                    ("readers", result.readers_cpu_ns), ("event loop", result.event_loop_cpu_ns),
                    ("ticks", result.shards_cpu_ns), ("other threads", result.other_threads_cpu_ns),
                ]
                text +=
                    " ("
                    + parts.map { name, nanoseconds in
                        name + " " + MeasurementUnit.nanoseconds.format(Double(nanoseconds) / Double(result.frames))
                    }.joined(separator: ", ") + ")"
            }
        }
        if result.frames > 0 {
            text +=
                ", reader " + MeasurementUnit.nanoseconds.format(Double(result.reader_cpu_ns) / Double(result.frames))
                + " a frame"
        }
        if result.silent_subscribers > 0 { text += ", \(result.silent_subscribers) subscribers silent" }
        if result.error_messages > 0 { text += ", \(result.error_messages) streams ended with an error" }
        if let stolen = step.stolenNanoseconds {
            text += ", steal " + MeasurementUnit.nanoseconds.format(Double(stolen))
        }
        return text + (step.passed ? " (passed)" : " (failed)")
    }
}
