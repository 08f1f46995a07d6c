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

    /// One measurement: the rounds of ours, redis-benchmark and (GetStack only) the same C generator
    /// against redis, with the notes.
    struct Outcome {
        var ours: [Double]
        var redisBenchmark: [Double]
        var sameGenerator: [Double]
        var pipeline: Int
        var notes: [String]
        /// Why redis was not measured (not installed, would not start), or nil.
        var peerMissing: String?
    }

    /// Measurements made so far in this run, by row family ("getstack.50"): the rows against
    /// redis-benchmark and against the same generator share one.
    final class Outcomes {
        var byFamily: [String: Result<Outcome, BenchmarkFailure>] = [:]
    }

    static func benchmarks(benchDirectory: String) -> [Benchmark] {
        let outcomes = Outcomes()
        var benchmarks: [Benchmark] = []
        for workload in [LoadGenerator.Workload.getStack, .onewayUpdates] {
            for clients in [1, 50] {
                let name = workload == .getStack ? "getstack" : "oneway"
                let family = "\(name).\(clients)"
                let words =
                    (workload == .getStack ? "GetStack" : "UpdateInteractive oneway")
                    + ", \(clients) client\(clients == 1 ? "" : "s")"
                let targets: [Target] = clients == 50 ? [.ratioAtMost(ratioTarget)] : []
                func outcome(_ context: BenchmarkContext) -> Result<Outcome, BenchmarkFailure> {
                    if let known = outcomes.byFamily[family] { return known }
                    let measured = measure(
                        workload, clients: clients, family: family, benchDirectory: benchDirectory,
                        window: windowSeconds * context.options.durationScale)
                    outcomes.byFamily[family] = measured
                    return measured
                }
                benchmarks.append(
                    Benchmark(
                        key: "sockets.\(family)", figure: words, unit: .requestsPerSecond, targets: targets,
                        countsAllocations: false
                    ) { context, benchmark in
                        switch outcome(context) {
                        case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
                        case .success(let measured):
                            return row(
                                benchmark, measured, peer: measured.redisBenchmark,
                                peerName: measured.pipeline > 1 ? "redis PING -P \(measured.pipeline)" : "redis PING",
                                notes: measured.notes)
                        }
                    })
                guard workload == .getStack else { continue }
                benchmarks.append(
                    Benchmark(
                        key: "sockets.\(family).same-client", figure: words + ", redis by the same C client",
                        unit: .requestsPerSecond, targets: targets, countsAllocations: false
                    ) { context, benchmark in
                        switch outcome(context) {
                        case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
                        case .success(let measured):
                            return row(
                                benchmark, measured, peer: measured.sameGenerator, peerName: "redis PING, C client",
                                notes: [
                                    "the same C load generator sends inline PING to the same redis-server in the same "
                                        + "rounds: both sides pay the same client cost"
                                ])
                        }
                    })
            }
        }
        return benchmarks
    }

    /// The row; without redis samples (redis is not installed) it has no peer and says why.
    private static func row(
        _ benchmark: Benchmark, _ outcome: Outcome, peer: [Double], peerName: String, notes: [String]
    ) -> BenchmarkResult {
        var notes = notes
        if let missing = outcome.peerMissing { notes.append("no peer: \(missing)") }
        return BenchmarkResult(
            benchmark: benchmark, oursName: "transitiond", ours: Measurement(samples: outcome.ours),
            peer: peer.isEmpty
                ? nil
                : BenchmarkResult.Peer(
                    name: peerName, measurement: Measurement(samples: peer), allocationsPerCall: nil),
            allocationsPerCall: nil, notes: notes)
    }

    private static func measure(
        _ workload: LoadGenerator.Workload, clients: Int, family: String, benchDirectory: String, window: Double
    ) -> Result<Outcome, BenchmarkFailure> {
        let binary: DaemonBinary.Located
        switch DaemonBinary.locate(benchDirectory: benchDirectory) {
        case .success(let located): binary = located
        case .failure(let error): return .failure(error)
        }
        let daemon: DaemonProcess
        do {
            // Each round's connections create stacks of their own, all as this process's user: more
            // than the default per-user limit (64) for 50 clients.
            daemon = try DaemonProcess(
                binary: binary.path, framesPerSecond: 60,
                configuration: "[Limits]\nMaxStacksPerUser=\(clients * rounds)\n")
        } catch {
            return .failure(error)
        }
        let pipeline = workload == .onewayUpdates ? onewayPeerPipeline : 1
        // Without redis ours is still measured; the rows then have no peer and say why.
        var redis: RedisPeer?
        var requests = 0
        var peerMissing: String?
        do {
            let peer = try RedisPeer()
            switch peer.requests(forSeconds: window, clients: clients, pipeline: pipeline) {
            case .success(let count):
                redis = peer
                requests = count
            case .failure(let failure): peerMissing = failure.message
            }
        } catch {
            peerMissing = error.message
        }
        var ours: [LoadGenerator.Run] = []
        var redisBenchmark: [Double] = []
        var sameGenerator: [Double] = []
        let participants = redis == nil ? [0] : workload == .getStack ? [0, 1, 2] : [0, 1]
        for round in 0..<rounds {
            // A different participant goes first each round.
            let order = participants.indices.map { participants[($0 + round) % participants.count] }
            for participant in order {
                switch participant {
                case 0:
                    let run = LoadGenerator.run(
                        workload, socketPath: daemon.socketPath, clients: clients, seconds: window,
                        warmupSeconds: warmupSeconds, stackPrefix: "\(family)-\(round)-")
                    switch run {
                    case .success(let value): ours.append(value)
                    case .failure(let failure): return .failure(failure)
                    }
                case 1:
                    guard let redis else { continue }
                    switch redis.ping(clients: clients, requests: requests, pipeline: pipeline) {
                    case .success(let rate): redisBenchmark.append(rate)
                    case .failure(let failure): return .failure(failure)
                    }
                default:
                    guard let redis else { continue }
                    let run = LoadGenerator.run(
                        .redisPing, socketPath: redis.socketPath, clients: clients, seconds: window,
                        warmupSeconds: warmupSeconds, stackPrefix: "")
                    switch run {
                    case .success(let value): sameGenerator.append(value.requestsPerSecond)
                    case .failure(let failure): return .failure(failure)
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
                + " s alternating with redis; error replies: \(ours.reduce(0) { $0 + $1.errorReplies })"
        ]
        if let redis {
            notes.append(
                "peer: redis-benchmark "
                    + redis.command(clients: clients, requests: requests, pipeline: pipeline)
                    .joined(separator: " ").replacingOccurrences(of: redis.socketPath, with: "<socket>")
                    + " (redis-server --port 0 --unixsocket, --save '' --appendonly no)")
        }
        if !daemon.stop() { notes.append("transitiond did NOT exit 0 on SIGTERM (log: \(daemon.logPath))") }
        if let remark = binary.remark { notes.append(remark) }
        return .success(
            Outcome(
                ours: ours.map(\.requestsPerSecond), redisBenchmark: redisBenchmark, sameGenerator: sameGenerator,
                pipeline: pipeline, notes: notes, peerMissing: peerMissing))
    }
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
