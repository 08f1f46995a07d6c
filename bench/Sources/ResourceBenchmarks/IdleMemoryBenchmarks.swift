import BenchmarkKit
import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `resources.memory.stack` and `resources.memory.client`: the daemon's resident memory (VmRSS) after
/// adding 10,000 idle stacks of three screens, or 1,000 idle clients, minus before, divided by their
/// number. The peer is redis-server measured the same way in the same run: 10,000 keys holding the same
/// three screens' JSON (what a store that only keeps the bytes needs), 1,000 connected idle clients.
///
/// Before is measured after a warm-up of the same kind (100 stacks or 10 clients), so that what the
/// first of them allocates once (arenas, caches, the JSON encoder's tables) is not charged to the rest.
enum IdleMemoryBenchmarks {
    static let stacks = 10_000
    static let warmupStacks = 100
    static let clients = 1_000
    static let warmupClients = 10
    /// Connections the stacks are created over (the daemon's group commit then joins their writes).
    static let creatingConnections = 8
    /// Rounds, each with a fresh daemon and a fresh redis-server; the rows report the medians.
    static let rounds = 3

    /// The three screens of every stack (one tab, `main`): BenchmarkScreens' list and detail and a third.
    static let screensJSON =
        "[" + BenchmarkScreens.listJSON + "," + BenchmarkScreens.detailJSON + ","
        + #"{"id":"more""# + BenchmarkScreens.listJSON.dropFirst(#"{"id":"list""#.count) + "]"

    static func benchmarks(benchDirectory: String) -> [Benchmark] {
        [
            Benchmark(
                key: "resources.memory.stack", figure: "Resident memory per idle stack (10,000 of 3 screens)",
                unit: ResourceBenchmarks.bytes, countsAllocations: false
            ) { _, benchmark in
                row(
                    benchmark, repeated { perStack(benchDirectory: benchDirectory) },
                    peerName: "redis SET of the same JSON")
            },
            Benchmark(
                key: "resources.memory.client", figure: "Resident memory per idle client (1,000 connections)",
                unit: ResourceBenchmarks.bytes, countsAllocations: false
            ) { _, benchmark in
                row(benchmark, repeated { perClient(benchDirectory: benchDirectory) }, peerName: "redis idle client")
            },
        ]
    }

    /// Ours and the peer's bytes per item, with notes.
    struct Outcome {
        var ours: Double
        var peer: Double?
        var notes: [String]
    }

    /// The rounds of a measurement: every round's figures, the first round's notes.
    struct Rounds {
        var ours: [Double] = []
        var peer: [Double] = []
        var notes: [String] = []
    }

    private static func repeated(_ measure: () -> Result<Outcome, BenchmarkFailure>) -> Result<Rounds, BenchmarkFailure>
    {
        var rounds = Rounds()
        for _ in 0..<Self.rounds {
            switch measure() {
            case .failure(let failure): return .failure(failure)
            case .success(let outcome):
                rounds.ours.append(outcome.ours)
                if let peer = outcome.peer { rounds.peer.append(peer) }
                if rounds.notes.isEmpty {
                    rounds.notes = outcome.notes + ["median of \(Self.rounds) rounds, each with fresh processes"]
                }
            }
        }
        return .success(rounds)
    }

    private static func row(
        _ benchmark: Benchmark, _ outcome: Result<Rounds, BenchmarkFailure>, peerName: String
    ) -> BenchmarkResult {
        switch outcome {
        case .failure(let failure): return BenchmarkResult(skipping: benchmark, reason: failure.message)
        case .success(let rounds):
            return BenchmarkResult(
                benchmark: benchmark, oursName: "transitiond", ours: Measurement(samples: rounds.ours),
                peer: rounds.peer.isEmpty
                    ? nil
                    : BenchmarkResult.Peer(
                        name: peerName, measurement: Measurement(samples: rounds.peer), allocationsPerCall: nil),
                allocationsPerCall: nil, notes: rounds.notes)
        }
    }

    private static func createCall(_ name: String) -> String {
        #"{"method":"io.transitiond.CreateStack","parameters":{"name":"\#(name)","width":375,"height":667,"#
            + #""tabs":[{"name":"main","screens":\#(screensJSON)}]}}"#
    }

    private static func perStack(benchDirectory: String) -> Result<Outcome, BenchmarkFailure> {
        Result { () throws(BenchmarkFailure) -> Outcome in
            let binary = try DaemonBinary.locate(benchDirectory: benchDirectory).get()
            let daemon = try ResourceDaemon(binary: binary.path, maximumStacks: warmupStacks + stacks)
            try daemon.send((0..<warmupStacks).map { createCall("warm\($0)") }, connections: creatingConnections)
            let before = try resident(daemon.process.pid, "transitiond")
            try daemon.send((0..<stacks).map { createCall("stack\($0)") }, connections: creatingConnections)
            let after = try resident(daemon.process.pid, "transitiond")
            var notes = [
                "VmRSS after \(stacks) CreateStack calls (one tab of 3 screens of 6 nodes, \(screensJSON.utf8.count) "
                    + "bytes of JSON) minus before, after \(warmupStacks) stacks of warm-up; state directory on disk"
            ]
            if let remark = binary.remark { notes.append(remark) }
            var peer: Double?
            do throws(BenchmarkFailure) {
                let redis = try RedisServer()
                try redis.set((0..<warmupStacks).map { ("warm\($0)", screensJSON) })
                let redisBefore = try resident(redis.process.pid, "redis-server")
                try redis.set((0..<stacks).map { ("stack\($0)", screensJSON) })
                peer = (try resident(redis.process.pid, "redis-server") - redisBefore) / Double(stacks)
            } catch {
                notes.append("no peer: \(error.message)")
            }
            return Outcome(ours: (after - before) / Double(stacks), peer: peer, notes: notes)
        }
    }

    private static func perClient(benchDirectory: String) -> Result<Outcome, BenchmarkFailure> {
        Result { () throws(BenchmarkFailure) -> Outcome in
            guard ProcessMemory.allowOpenFiles(2 * (clients + warmupClients) + 100) else {
                throw BenchmarkFailure("the open-file limit is below \(2 * clients); raise ulimit -n")
            }
            let binary = try DaemonBinary.locate(benchDirectory: benchDirectory).get()
            let daemon = try ResourceDaemon(binary: binary.path)
            let call = Array(#"{"method":"io.transitiond.ListStacks"}"#.utf8) + [0]
            let ours = try perConnection(
                path: daemon.socketPath, pid: daemon.process.pid, name: "transitiond", request: call, terminator: [0])
            var notes = [
                "VmRSS with \(clients) more connections, each after one ListStacks call and its reply, minus before "
                    + "(\(warmupClients) connections of warm-up)"
            ]
            if let remark = binary.remark { notes.append(remark) }
            var peer: Double?
            do throws(BenchmarkFailure) {
                let redis = try RedisServer()
                peer = try perConnection(
                    path: redis.socketPath, pid: redis.process.pid, name: "redis-server",
                    request: RedisServer.command(["PING"]), terminator: Array("\r\n".utf8))
            } catch {
                notes.append("no peer: \(error.message)")
            }
            return Outcome(ours: ours, peer: peer, notes: notes)
        }
    }

    /// Connects the warm-up clients, reads VmRSS, connects `clients` more (each sends `request` and reads
    /// its reply) and reads it again; returns the bytes per client. The connections close on return.
    private static func perConnection(
        path: String, pid: pid_t, name: String, request: [UInt8], terminator: [UInt8]
    ) throws(BenchmarkFailure) -> Double {
        var open: [UnixConnection] = []
        func connect(_ count: Int) throws(BenchmarkFailure) {
            for _ in 0..<count {
                guard let connection = UnixConnection(path: path), connection.send(request),
                    connection.receive(until: terminator) != nil
                else { throw BenchmarkFailure("Failed to connect client \(open.count + 1) to \(name)") }
                open.append(connection)
            }
        }
        try connect(warmupClients)
        let before = try resident(pid, name)
        try connect(clients)
        let after = try resident(pid, name)
        return (after - before) / Double(clients)
    }

    private static func resident(_ pid: pid_t, _ name: String) throws(BenchmarkFailure) -> Double {
        guard let bytes = ProcessMemory.residentBytes(of: pid) else { throw BenchmarkFailure("\(name) is gone") }
        return bytes
    }
}
