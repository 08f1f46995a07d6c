import BenchmarkKit
import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `sockets.web.page-*`: `transitionctl web`'s page in headless Chromium (Debian's chromium and
/// chromium-driver, driven by Python's selenium, `bench/Scripts/page_timing.py`) drawing one stack's
/// 6 + 6-node `slide` push, stretched to 10 minutes, from the real daemon at 60 Hz: the script's time
/// per drawn frame (`performance.now()` around the draw, the page's own hook), and the share of the
/// frames it received that it skipped (dropped because two more were waiting to be drawn, docs/web.md).
enum WebPageBenchmarks {
    static let framesPerSecond = 60
    /// The counted interval, seconds (times the duration scale).
    static let windowSeconds = 5.0
    /// The issue's targets: under 2 ms a frame, under 1 % skipped.
    static let drawTargetNanoseconds = 2_000_000.0
    static let skippedTargetPercent = 1.0

    struct Step {
        var values: [String: Double]
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
        let figures:
            [(key: String, figure: String, unit: MeasurementUnit, targets: [Target], value: (Step) -> Double)] =
                [
                    (
                        "sockets.web.page-draw",
                        "the page's drawing time per frame (median), 6+6-node slide push, Chromium",
                        .nanoseconds, [.valueBelow(drawTargetNanoseconds)], { ($0.values["p50_ms"] ?? 0) * 1e6 }
                    ),
                    (
                        "sockets.web.page-skipped", "frames the page received and skipped, per 100, at 60 Hz",
                        .percentOfFrames, [.valueBelow(skippedTargetPercent)],
                        { 100 * ($0.values["skipped"] ?? 0) / max(1, $0.values["received"] ?? 0) }
                    ),
                ]
        return figures.map { figure in
            Benchmark(
                key: figure.key, figure: figure.figure, unit: figure.unit, targets: figure.targets,
                countsAllocations: false
            ) { context, benchmark in
                switch outcome(context) {
                case .failure(let failure):
                    return BenchmarkResult(skipping: benchmark, reason: failure.message)
                case .success(let (step, notes)):
                    return BenchmarkResult(
                        benchmark: benchmark, oursName: "the page", ours: Measurement(samples: [figure.value(step)]),
                        allocationsPerCall: nil, notes: figure.key == "sockets.web.page-draw" ? notes : [])
                }
            }
        }
    }

    private static func measure(benchDirectory: String, scale: Double) -> Result<(Step, [String]), BenchmarkFailure> {
        guard let python = executablePath("python3"), access("/usr/bin/chromedriver", X_OK) == 0 else {
            return .failure(BenchmarkFailure("python3 and chromium-driver are needed (scripts/install-dependencies)"))
        }
        let served: WebServerUnderBench
        switch WebServerUnderBench.launch(
            benchDirectory: benchDirectory, framesPerSecond: framesPerSecond, stacks: 1, arguments: ["--read-only"])
        {
        case .success(let started): served = started
        case .failure(let error): return .failure(error)
        }
        defer { served.stop() }
        let daemon = served.daemon
        let seconds = windowSeconds * scale
        let log = daemon.directory.path + "/page.log"
        let outcome = try? ChildProcess.run(
            python,
            [
                benchDirectory + "/Scripts/page_timing.py", served.url, served.stacks[0], String(seconds),
                daemon.directory.path + "/chromium",
            ], outputPath: log, timeoutSeconds: 120 + seconds)
        let output = TextFile.read(log) ?? ""
        guard ChildProcess.succeeded(outcome?.status) else {
            return .failure(BenchmarkFailure("page_timing.py failed: \(TextFile.tail(output, lines: 3))"))
        }
        var values: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        guard let draws = values["draws"], draws > 0 else {
            return .failure(BenchmarkFailure("page_timing.py printed no draws: \(TextFile.tail(output, lines: 3))"))
        }
        let received = values["received"] ?? 0
        var notes = [
            "one stack, a slide push stretched to \(Int(BenchmarkAnimators.longTransitionSeconds)) s on 6-node "
                + "screens, the daemon at 60 Hz, one page (headless Chromium, 1280 × 720, chromium-driver) over "
                + DecimalFormatting.fixed(seconds, decimals: 1) + " s: "
                + "\(Int(received)) frames received, \(Int(draws)) drawn, \(Int(values["skipped"] ?? 0)) skipped, "
                + "\(Int(values["missed"] ?? 0)) coalesced by the daemon; drawing time = the script's "
                + "(performance.now() around the draw; style, layout and paint follow outside it): median "
                + DecimalFormatting.fixed(values["p50_ms"] ?? 0, decimals: 3) + " ms, p99 "
                + DecimalFormatting.fixed(values["p99_ms"] ?? 0, decimals: 3) + " ms, mean "
                + DecimalFormatting.fixed(values["mean_ms"] ?? 0, decimals: 3) + " ms"
        ]
        notes += served.binaryRemarks
        StandardError.writeLine("  page: " + notes[0])
        return .success((Step(values: values), notes))
    }
}
