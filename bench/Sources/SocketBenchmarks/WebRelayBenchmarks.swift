import BenchmarkKit
import BenchmarkSupport
import CBenchmarkTools

#if canImport(Glibc)
    import Glibc
#endif

/// `sockets.web.*`: what `transitionctl web` costs per frame it relays to a page, next to what the same
/// frame cost the daemon in the same run. The real daemon at 60 Hz runs `stackCount` stacks, each a
/// `slide` push stretched to 10 minutes on 6-node screens (6 + 6 nodes a frame); `transitionctl web`
/// relays all of them on one Server-Sent Events stream (one `Subscribe` naming every stack, replies copied through
/// as they come) to a client that reads the HTTP response on a raw TCP socket, as fast as it arrives.
/// Over the counted interval, each process's CPU time (every thread, `clock_getcpuclockid(3)`) ÷ the
/// frames the client received.
enum WebRelayBenchmarks {
    static let framesPerSecond = 60
    /// Stacks on the one stream: enough frames a second (3,000) that the CPU time of a few seconds is
    /// many scheduler ticks, within the 64 stacks a stream may name.
    static let stackCount = 50
    /// Seconds read but not counted, then the counted interval (times the duration scale).
    static let warmupSeconds = 1.0
    static let windowSeconds = 5.0
    /// The target for the relay: 5 µs of CPU per frame.
    static let relayTargetNanoseconds = 5_000.0

    struct Step {
        var frames: Int
        var bytes: Int
        var seconds: Double
        var relayNanoseconds: Int64
        var daemonNanoseconds: Int64
    }

    final class Cache {
        var outcome: Result<(Step, [String]), BenchmarkFailure>?
    }

    static func benchmarks(benchDirectory: String) -> [Benchmark] {
        let cache = Cache()
        func outcome(_ context: BenchmarkContext) -> Result<(Step, [String]), BenchmarkFailure> {
            if cache.outcome == nil {
                cache.outcome = measure(benchDirectory: benchDirectory, scale: context.options.durationScale)
            }
            return cache.outcome!
        }
        let figures: [(key: String, figure: String, targets: [Target], name: String, value: (Step) -> Double)] = [
            (
                "sockets.web.relay-cpu", "transitionctl web CPU time per relayed frame, 6+6-node slide push, 60 Hz",
                [.valueAtMost(relayTargetNanoseconds)], "transitionctl web",
                { Double($0.relayNanoseconds) / Double($0.frames) }
            ),
            (
                "sockets.web.daemon-cpu", "transitiond CPU time per frame in the same run", [], "transitiond",
                { Double($0.daemonNanoseconds) / Double($0.frames) }
            ),
        ]
        return figures.map { figure in
            Benchmark(
                key: figure.key, figure: figure.figure, unit: .nanoseconds, targets: figure.targets,
                countsAllocations: false
            ) { context, benchmark in
                switch outcome(context) {
                case .failure(let failure):
                    return BenchmarkResult(skipping: benchmark, reason: failure.message)
                case .success(let (step, notes)):
                    return BenchmarkResult(
                        benchmark: benchmark, oursName: figure.name, ours: Measurement(samples: [figure.value(step)]),
                        allocationsPerCall: nil, notes: figure.key == "sockets.web.relay-cpu" ? notes : [])
                }
            }
        }
    }

    private static func measure(benchDirectory: String, scale: Double) -> Result<(Step, [String]), BenchmarkFailure> {
        let served: WebServerUnderBench
        switch WebServerUnderBench.launch(
            benchDirectory: benchDirectory, framesPerSecond: framesPerSecond, stacks: stackCount,
            arguments: ["--read-only"])
        {
        case .success(let started): served = started
        case .failure(let error): return .failure(error)
        }
        defer { served.stop() }
        let daemon = served.daemon
        let (web, port, token, stacks) = (served.process, served.port, served.token, served.stacks)
        let path = "/events?token=\(token)&" + stacks.map { "stack=\($0)" }.joined(separator: "&")
        let reader: EventStreamClient
        do {
            reader = try EventStreamClient(port: port, path: path)
        } catch {
            return .failure(error)
        }
        defer { reader.close() }
        guard reader.read(seconds: warmupSeconds) != nil else {
            return .failure(BenchmarkFailure("the event stream ended during the warm-up"))
        }
        let relayBefore = bench_process_cpu_ns(web.pid)
        let daemonBefore = bench_process_cpu_ns(daemon.process.pid)
        let start = monotonicSeconds()
        guard let counted = reader.read(seconds: windowSeconds * scale) else {
            return .failure(BenchmarkFailure("the event stream ended"))
        }
        let seconds = monotonicSeconds() - start
        let relay = bench_process_cpu_ns(web.pid) - relayBefore
        let daemonCPU = bench_process_cpu_ns(daemon.process.pid) - daemonBefore
        guard counted.frames > 0, relayBefore >= 0, daemonBefore >= 0 else {
            return .failure(BenchmarkFailure("no frame arrived, or a CPU clock could not be read"))
        }
        let step = Step(
            frames: counted.frames, bytes: counted.bytes, seconds: seconds, relayNanoseconds: relay,
            daemonNanoseconds: daemonCPU)
        var notes = [
            "\(stackCount) stacks, each one slide push stretched to "
                + "\(Int(BenchmarkAnimators.longTransitionSeconds)) s on 6-node screens, relayed by one "
                + "transitionctl web (--read-only) on one event stream to a raw TCP reader; "
                + "\(counted.frames) frames (\(MeasurementUnit.framesPerSecond.format((Double(counted.frames) / seconds).rounded()))"
                + ", "
                + DecimalFormatting.fixed(Double(counted.bytes) / Double(counted.frames), decimals: 0)
                + " bytes a frame as sent) in " + DecimalFormatting.fixed(seconds, decimals: 1) + " s; ours = the "
                + "process's CPU time (every thread) ÷ frames received"
        ]
        notes += served.binaryRemarks
        StandardError.writeLine(
            "  web relay: " + MeasurementUnit.nanoseconds.format(Double(relay) / Double(counted.frames))
                + " a frame, daemon " + MeasurementUnit.nanoseconds.format(Double(daemonCPU) / Double(counted.frames)))
        return .success((step, notes))
    }
}
