import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// cyclictest (Debian's rt-tests) run beside the engine: one thread, clock_nanosleep to absolute
/// deadlines at the display link's rate, a 1 µs histogram (`-h`) from which p50 and p99 are read and
/// `# Max Latencies` for the maximum. Its interval is whole microseconds (8,333 µs at 120 Hz, against the
/// grid's 8,333.33 µs).
struct CyclictestHistogram {
    /// Largest latency the histogram tracks, microseconds; later ones count as overflows.
    static let histogramMicroseconds = 20_000

    /// Percentiles in nanoseconds (1 µs resolution), and the maximum.
    let p50: Int64
    let p99: Int64
    let maximum: Int64
    let samples: Int
    let overflows: Int
    /// The command line, for the notes.
    let command: String

    /// A cyclictest process running.
    struct Running {
        let process: ChildProcess
        let outputPath: String
        let command: String

        /// Waits for it (it ends after its loops) and parses the histogram.
        func finish() -> Result<CyclictestHistogram, BenchmarkFailure> {
            let status = process.wait(timeoutSeconds: 30) ?? process.terminate(graceSeconds: 1)
            let output = TextFile.read(outputPath) ?? ""
            unlink(outputPath)
            guard ChildProcess.succeeded(status) else {
                return .failure(BenchmarkFailure("cyclictest failed: \(TextFile.tail(output, lines: 3))"))
            }
            return CyclictestHistogram.parse(output, command: command)
        }
    }

    /// Starts `cyclictest` for `loops` deadlines at `framesPerSecond`, SCHED_FIFO 1 when `realTime`
    /// (the display link's policy), SCHED_OTHER otherwise.
    static func start(framesPerSecond: Int, loops: Int, realTime: Bool) -> Result<Running, BenchmarkFailure> {
        guard let path = executablePath("cyclictest") else {
            return .failure(BenchmarkFailure("cyclictest is not installed (apt-get install -y rt-tests)"))
        }
        let arguments = [
            "-q", "-t1", "-p", realTime ? "1" : "0", "-i", String(1_000_000 / framesPerSecond), "-l", String(loops),
            "-h", String(histogramMicroseconds), "--default-system",
        ]
        let output = "/tmp/transitiond-bench-cyclictest.\(getpid()).txt"
        unlink(output)
        do {
            let process = try ChildProcess(path, arguments, outputPath: output)
            return .success(
                Running(process: process, outputPath: output, command: "cyclictest " + arguments.joined(separator: " "))
            )
        } catch {
            return .failure(BenchmarkFailure("\(error)"))
        }
    }

    /// Reads cyclictest's histogram output ("000123 000045" lines, then "# Max Latencies: 00159").
    static func parse(_ output: String, command: String) -> Result<CyclictestHistogram, BenchmarkFailure> {
        var counts: [(microseconds: Int64, count: Int)] = []
        var maximum: Int64?
        var overflows = 0
        for line in output.split(separator: "\n") {
            if line.hasPrefix("# Max Latencies:") {
                maximum = line.split(separator: " ").last.flatMap { Int64($0) }
            } else if line.hasPrefix("# Histogram Overflows:") {
                overflows = line.split(separator: " ").last.flatMap { Int($0) } ?? 0
            } else if !line.hasPrefix("#") {
                let fields = line.split(separator: " ")
                if fields.count == 2, let bucket = Int64(fields[0]), let count = Int(fields[1]), count > 0 {
                    counts.append((bucket, count))
                }
            }
        }
        let total = counts.reduce(overflows) { $0 + $1.count }
        guard total > 0, let maximum else {
            return .failure(BenchmarkFailure("cyclictest printed no histogram: \(TextFile.tail(output, lines: 3))"))
        }
        func percentile(_ fraction: Double) -> Int64 {
            let rank = max(Int((fraction * Double(total)).rounded(.up)), 1)
            var seen = 0
            for (bucket, count) in counts {
                seen += count
                if seen >= rank { return bucket * 1_000 }
            }
            return maximum * 1_000
        }
        return .success(
            CyclictestHistogram(
                p50: percentile(0.5), p99: percentile(0.99), maximum: maximum * 1_000, samples: total,
                overflows: overflows, command: command))
    }
}
