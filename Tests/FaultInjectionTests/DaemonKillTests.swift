import JSON
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Fault 4 (docs/faults.md): `kill -9` of the daemon during a storm of pushes and pops on many stacks by
/// several clients, then a restart on the same state directory. Every stack comes back with exactly a
/// committed state: the last one its subscriber was told of, or one the operations sent after it lead
/// to (a commit may be durable before its event reaches anyone, docs/engine.md "Crash semantics") —
/// never an older one, never a state between two (a transition in flight comes back as its committed
/// start), and the history the subscriber recorded is the operations' own sequence.
@Suite(.serialized) struct DaemonKillTests {
    static let stackCount = 16
    static let clientCount = 4
    /// Commits seen across the stacks before the kill.
    static let commitsBeforeKill = 200
    /// The storm's seed (printed, so that a failure can be repeated).
    static let seed: UInt64 = 0x7D15_EA5E

    @Test func everyStackComesBackWithItsLastCommittedState() async throws {
        // On a thread of its own: blocking a thread of the cooperative pool, which every test target
        // shares, would starve the in-process services of other tests.
        try await OffPool.run {
            let directory = try TemporaryDirectory(prefix: "transitiond-faults")
            defer { directory.remove() }
            let daemon = try DaemonUnderTest(directory: directory)
            let control = try daemon.connect()
            var records: [StormClient.StackRecord] = []
            for index in 0..<Self.stackCount {
                let name = "storm\(index)"
                try control.succeed("CreateStack", Screens.create(name))
                let recorder = try StreamRecorder(socketPath: daemon.socketPath, stack: name, frames: false)
                records.append(StormClient.StackRecord(name: name, recorder: recorder))
            }
            defer { records.forEach { $0.recorder.stop() } }
            let clients = (0..<Self.clientCount).map { client in
                StormClient(
                    socketPath: daemon.socketPath,
                    stacks: records.enumerated().filter { $0.offset % Self.clientCount == client }.map(\.element),
                    seed: Self.seed &+ UInt64(client))
            }
            defer { clients.forEach { $0.stop() } }
            let stormed = Deadline.waitUntil {
                records.reduce(0) { $0 + $1.committedHistory.count } >= Self.commitsBeforeKill
            }
            try #require(stormed, "the storm did not reach \(Self.commitsBeforeKill) commits (seed \(Self.seed))")
            daemon.kill()
            // A client whose stacks all wait for commits is not calling: it is told to stop.
            clients.forEach { $0.stop() }
            let ended = Deadline.waitUntil {
                records.allSatisfy { record in
                    record.recorder.recorded.contains { if case .ended = $0 { true } else { false } }
                }
            }
            try #require(ended, "subscribers still reading after the kill")
            for client in clients { #expect(client.failures.isEmpty, "seed \(Self.seed)") }

            let restarted = try DaemonUnderTest(directory: directory)
            let after = try restarted.connect()
            var inFlight = 0
            var unreported = 0
            var running = 0
            for record in records {
                let expected = record.expectedStates
                let history = record.committedHistory
                #expect(
                    Array(expected.dropFirst().prefix(history.count)) == history,
                    "\(record.name): the recorded history is not the operations' sequence (seed \(Self.seed))")
                let stack = try after.succeed("GetStack", ["name": .string(record.name), "includeScreens": true])[
                    "stack"]
                let screens = Screens.identifiers(of: try #require(stack))
                let candidates = expected[history.count...]
                let position = candidates.firstIndex(of: screens)
                #expect(
                    position != nil,
                    """
                    \(record.name) came back as \(screens); last committed \(expected[history.count]), \
                    then \(Array(candidates.dropFirst())) (seed \(Self.seed))
                    """)
                if expected.count - 1 > history.count { inFlight += 1 }
                if record.recorder.events.last(where: { $0.kind != "stackChanged" })?.kind == "began" { running += 1 }
                if let position, position > history.count { unreported += 1 }
                #expect(stack?["transition"]?.isNull ?? true)
                #expect(stack?["queuedOperations"]?.intValue == 0)
                let objects = stack?["screenObjects"]?.arrayValue ?? []
                #expect(objects.compactMap { $0["id"]?.stringValue } == screens)
                #expect(objects.allSatisfy { $0["root"]?["children"]?.arrayValue?.count == 3 })
            }
            let listed = try after.succeed("ListStacks")["stacks"]?.arrayValue?.count
            #expect(listed == Self.stackCount)
            let commits = records.reduce(0) { $0 + $1.committedHistory.count }
            print(
                "fault 4: \(commits) commits seen before the kill; \(inFlight) of \(Self.stackCount) stacks had "
                    + "operations in flight, \(running) a transition running; \(unreported) came back with a commit nobody had been told of"
            )
        }
    }
}
