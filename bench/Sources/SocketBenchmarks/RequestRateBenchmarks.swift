import BenchmarkKit
import BenchmarkSupport

/// `sockets.<call>.<clients>`: requests per second against the real daemon with 1 and 50 clients, next to
/// redis-server's PING with redis-benchmark and the same number of clients, measured in the same run:
/// rounds alternate ours and redis (ours first, then redis first) and each row reports the medians.
enum RequestRateBenchmarks {
    /// Alternating rounds of ours and redis.
    static let rounds = 3
    /// One load run, seconds (times the duration scale).
    static let windowSeconds = 2.0
    /// Unmeasured start of each request-reply run, seconds.
    static let warmupSeconds = 0.3
    /// redis-benchmark's pipeline depth for the peer of the oneway rows (`-P`): a stream of calls that
    /// get no reply is pipelining, so its peer is redis pipelined, not redis waiting for every reply.
    static let onewayPeerPipeline = 64
    /// Issue 4's target with 50 clients: at least half of redis's rate (redis ÷ ours ≤ 2).
    static let ratioTarget = 2.0

    static func benchmarks(benchDirectory: String) -> [Benchmark] {
        var benchmarks: [Benchmark] = []
        for workload in [LoadGenerator.Workload.getStack, .onewayUpdates] {
            for clients in [1, 50] {
                let name = workload == .getStack ? "getstack" : "oneway"
                let words = workload == .getStack ? "GetStack" : "UpdateInteractive oneway"
                benchmarks.append(
                    Benchmark(
                        key: "sockets.\(name).\(clients)",
                        figure: "\(words), \(clients) client\(clients == 1 ? "" : "s")",
                        unit: .requestsPerSecond, targets: clients == 50 ? [.ratioAtMost(ratioTarget)] : [],
                        countsAllocations: false
                    ) { context, benchmark in
                        measure(
                            workload, clients: clients, benchmark: benchmark, benchDirectory: benchDirectory,
                            window: windowSeconds * context.options.durationScale)
                    })
            }
        }
        return benchmarks
    }

    private static func measure(
        _ workload: LoadGenerator.Workload, clients: Int, benchmark: Benchmark, benchDirectory: String, window: Double
    ) -> BenchmarkResult {
        let binary: DaemonBinary.Located
        switch DaemonBinary.locate(benchDirectory: benchDirectory) {
        case .success(let located): binary = located
        case .failure(let error): return BenchmarkResult(skipping: benchmark, reason: error.message)
        }
        let redis: RedisPeer
        do {
            redis = try RedisPeer()
        } catch {
            return BenchmarkResult(skipping: benchmark, reason: error.message)
        }
        let daemon: DaemonProcess
        do {
            daemon = try DaemonProcess(binary: binary.path, framesPerSecond: 60, persistent: true)
        } catch {
            return BenchmarkResult(skipping: benchmark, reason: error.message)
        }
        let pipeline = workload == .onewayUpdates ? onewayPeerPipeline : 1
        let requests: Int
        switch redis.requests(forSeconds: window, clients: clients, pipeline: pipeline) {
        case .success(let count): requests = count
        case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
        }
        var ours: [Run] = []
        var peer: [Double] = []
        for round in 0..<rounds {
            // Ours first in even rounds, redis first in odd ones.
            for turn in round % 2 == 0 ? [0, 1] : [1, 0] {
                if turn == 0 {
                    let run = LoadGenerator.run(
                        workload, socketPath: daemon.socketPath, clients: clients, seconds: window,
                        warmupSeconds: warmupSeconds, stackPrefix: "\(benchmark.key)-\(round)-")
                    switch run {
                    case .success(let value): ours.append(value)
                    case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
                    }
                } else {
                    switch redis.ping(clients: clients, requests: requests, pipeline: pipeline) {
                    case .success(let rate): peer.append(rate)
                    case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
                    }
                }
            }
        }
        var notes = [
            "ours: C load generator (-O2, one thread, epoll), \(clients) connection\(clients == 1 ? "" : "s") each on "
                + "its own stack, "
                + (workload == .getStack
                    ? "one GetStack at a time per connection"
                    : "oneway UpdateInteractive (interactive pop) streamed as fast as the socket takes them, closed by "
                        + "one answered UpdateInteractive; rate = messages ÷ (first byte to last closing reply)")
                + "; \(rounds) rounds of " + DecimalFormatting.fixed(window, decimals: 1)
                + " s alternating with redis; error replies: \(ours.reduce(0) { $0 + $1.errorReplies })",
            "peer: redis-benchmark " + redis.command(clients: clients, requests: requests, pipeline: pipeline)
                .joined(separator: " ").replacingOccurrences(of: redis.socketPath, with: "<socket>")
                + " (redis-server --port 0 --unixsocket, --save '' --appendonly no)",
        ]
        if workload == .getStack {
            // The same generator against redis: shows how much of the gap is redis-benchmark's own cost.
            let crossCheck = LoadGenerator.run(
                .redisPing, socketPath: redis.socketPath, clients: clients, seconds: window,
                warmupSeconds: warmupSeconds, stackPrefix: "")
            if case .success(let run) = crossCheck {
                notes.append(
                    "the same C generator sending PING to the same redis: "
                        + MeasurementUnit.requestsPerSecond.format(run.requestsPerSecond))
            }
        }
        let exitedCleanly = daemon.stop()
        if !exitedCleanly { notes.append("transitiond did NOT exit 0 on SIGTERM (log: \(daemon.logPath))") }
        if let remark = binary.remark { notes.append(remark) }
        return BenchmarkResult(
            benchmark: benchmark, oursName: "transitiond",
            ours: Measurement(samples: ours.map(\.requestsPerSecond)),
            peer: BenchmarkResult.Peer(
                name: pipeline > 1 ? "redis PING -P \(pipeline)" : "redis PING", measurement: Measurement(samples: peer),
                allocationsPerCall: nil),
            allocationsPerCall: nil, notes: notes)
    }

    private typealias Run = LoadGenerator.Run
}

extension String {
    /// The text with every occurrence of `target` replaced.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
