import BenchmarkKit
import BenchmarkSupport
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// `resources.startup.*`: wall time from `posix_spawn` of the release `transitiond` (empty state
/// directory) to the READY=1 it sends to a notify socket the bench binds, as systemd would see it for a
/// Type=notify unit. Next to it in the same run, interleaved round by round: redis-server started the
/// same way (`--supervised systemd`, no persistence) to its READY=1, and the floor of starting any
/// program: `posix_spawn` of /bin/true to its exit being reaped.
enum StartupBenchmarks {
    /// Rounds; each starts all three once, in a rotating order.
    static let rounds = 9
    /// How long a start may take before the round fails, seconds.
    static let timeoutSeconds = 20.0

    struct Outcome {
        var ours: [Double]
        var redis: [Double]
        var floor: [Double]
        var notes: [String]
    }

    /// The measurement both rows share (made once per run).
    final class Cache {
        var outcome: Result<Outcome, BenchmarkFailure>?
    }

    static func benchmarks(benchDirectory: String) -> [Benchmark] {
        let cache = Cache()
        func outcome() -> Result<Outcome, BenchmarkFailure> {
            if let known = cache.outcome { return known }
            let measured = measure(benchDirectory: benchDirectory)
            cache.outcome = measured
            return measured
        }
        return [
            Benchmark(
                key: "resources.startup.ready", figure: "Start to READY=1 (empty state)", unit: .nanoseconds,
                countsAllocations: false
            ) { _, benchmark in
                switch outcome() {
                case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
                case .success(let measured):
                    return row(benchmark, measured, peer: measured.redis, peerName: "redis-server to READY=1")
                }
            },
            Benchmark(
                key: "resources.startup.floor", figure: "Start to READY=1, against starting /bin/true",
                unit: .nanoseconds, countsAllocations: false
            ) { _, benchmark in
                switch outcome() {
                case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
                case .success(let measured):
                    return row(benchmark, measured, peer: measured.floor, peerName: "spawn /bin/true to exit")
                }
            },
        ]
    }

    private static func row(
        _ benchmark: Benchmark, _ outcome: Outcome, peer: [Double], peerName: String
    ) -> BenchmarkResult {
        BenchmarkResult(
            benchmark: benchmark, oursName: "transitiond", ours: Measurement(samples: outcome.ours),
            peer: peer.isEmpty
                ? nil
                : BenchmarkResult.Peer(
                    name: peerName, measurement: Measurement(samples: peer), allocationsPerCall: nil),
            allocationsPerCall: nil, notes: outcome.notes)
    }

    private static func measure(benchDirectory: String) -> Result<Outcome, BenchmarkFailure> {
        Result { () throws(BenchmarkFailure) -> Outcome in
            let binary = try DaemonBinary.locate(benchDirectory: benchDirectory).get()
            guard let directory = TemporaryDirectory(prefix: "transitiond-bench-notify") else {
                throw BenchmarkFailure("Failed to create a directory under /tmp")
            }
            var outcome = Outcome(
                ours: [], redis: [], floor: [],
                notes: [
                    "median of \(rounds) starts each, interleaved; wall time from posix_spawn to the READY=1 datagram "
                        + "(the floor: to waitpid returning)"
                ])
            if let remark = binary.remark { outcome.notes.append(remark) }
            let hasRedis = RedisServer.executable != nil
            if !hasRedis { outcome.notes.append("no peer: redis-server is not installed") }
            for round in 0..<rounds {
                let participants = hasRedis ? [0, 1, 2] : [0, 2]
                for index in participants.indices {
                    let participant = participants[(index + round) % participants.count]
                    let notifyPath = directory.path + "/notify\(round)-\(participant)"
                    guard let notify = NotifySocket(path: notifyPath) else {
                        throw BenchmarkFailure("Failed to bind the notify socket \(notifyPath)")
                    }
                    switch participant {
                    case 0:
                        let start = MonotonicClock.now()
                        let daemon = try ResourceDaemon(
                            binary: binary.path, environment: ["NOTIFY_SOCKET": notifyPath], waitForSocket: false)
                        guard let ready = notify.waitForReady(timeoutSeconds: timeoutSeconds) else {
                            throw BenchmarkFailure("transitiond sent no READY=1: \(daemon.log)")
                        }
                        outcome.ours.append(Double(ready - start))
                    case 1:
                        let start = MonotonicClock.now()
                        let redis = try RedisServer(notifySocket: notifyPath)
                        guard let ready = notify.waitForReady(timeoutSeconds: timeoutSeconds) else {
                            throw BenchmarkFailure("redis-server sent no READY=1 (built without systemd support?)")
                        }
                        outcome.redis.append(Double(ready - start))
                        withExtendedLifetime(redis) {}
                    default:
                        outcome.floor.append(try trivialStart())
                    }
                }
            }
            return outcome
        }
    }

    /// Nanoseconds from posix_spawn of /bin/true to waitpid returning its exit.
    private static func trivialStart() throws(BenchmarkFailure) -> Double {
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let start = MonotonicClock.now()
        guard posix_spawn(&child, "/bin/true", nil, nil, argv, environ) == 0 else {
            throw BenchmarkFailure("Failed to start /bin/true")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return Double(MonotonicClock.now() - start)
    }
}
