import JSON
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Fault 3 (docs/faults.md): 1,000 clients connect and vanish, several rounds. Some say nothing, some
/// leave a call unanswered, some leave half a message, some leave a subscription. After each round
/// the daemon's open descriptors return to what they were, it still answers, and its stacks are as
/// they were.
@Suite(.serialized) struct ConnectionChurnTests {
    /// Clients per round.
    static let clients = 1_000
    /// Rounds.
    static let rounds = 3

    /// How a client of the churn leaves.
    enum Departure: CaseIterable {
        /// Connects and closes at once.
        case silent
        /// Sends ListStacks and closes without reading the reply.
        case unreadReply
        /// Sends the first half of a call and closes.
        case halfMessage
        /// Subscribes to a stack and closes without reading.
        case subscription
    }

    @Test func aThousandVanishingClientsLeaveNoDescriptorBehind() async throws {
        // On a thread of its own: blocking a thread of the cooperative pool, which every test target
        // shares, would starve the in-process services of other tests.
        try await OffPool.run {
            let daemon = try DaemonUnderTest()
            try raiseDescriptorLimit(to: Self.clients + 200)
            let control = try daemon.connect()
            for index in 0..<3 { try control.succeed("CreateStack", Screens.create("stack\(index)")) }
            let stacksBefore = try control.succeed("ListStacks")
            // One round first, so that what the daemon allocates once (descriptors of its threads and
            // queues) is in the baseline.
            try churn(daemon, round: -1)
            let baseline = try settledDescriptorCount(daemon, control: control)
            var counts: [Int] = []
            for round in 0..<Self.rounds {
                try churn(daemon, round: round)
                // Every client of the round has been accepted (``churn`` waits for that); the daemon
                // notices each close on its event loop, so wait until it has seen them all.
                var clients: Int?
                let returned = Deadline.waitUntil {
                    clients = try? control.succeed("GetStats")["statistics"]?["clients"]?.intValue
                    return clients == 1 && (ProcessFigures.openDescriptors(of: daemon.pid) ?? -1) <= baseline
                }
                let count = ProcessFigures.openDescriptors(of: daemon.pid) ?? -1
                counts.append(count)
                #expect(returned, "round \(round): \(count) descriptors open, \(baseline) before")
                #expect(clients == 1, "round \(round): \(clients ?? -1) clients connected, 1 expected")
                #expect(try control.succeed("ListStacks") == stacksBefore)
            }
            print("fault 3: open descriptors \(baseline) at the baseline, \(counts) after each round")
            #expect(!daemon.hasExited)
        }
    }

    /// Connects `clients` clients, each leaving one of the ways of ``Departure`` (in turn), keeping all
    /// open until the last has connected, then closes them all; returns once the daemon has accepted
    /// every one of them.
    ///
    /// The kernel completes a connection before the daemon accepts it, and the daemon accepts a batch
    /// at a time between other work, so its descriptors dip to the baseline between batches while
    /// closed clients still wait to be accepted. Connections are accepted in the order they arrived:
    /// once a newcomer's call is answered, every client before it has been accepted.
    private func churn(_ daemon: DaemonUnderTest, round: Int) throws {
        var open: [RawConnection] = []
        open.reserveCapacity(Self.clients)
        let departures = Departure.allCases
        for index in 0..<Self.clients {
            let connection = try RawConnection(path: daemon.socketPath)
            switch departures[index % departures.count] {
            case .silent: break
            case .unreadReply: try connection.send(call: #"{"method":"io.transitiond.ListStacks"}"#)
            case .halfMessage: try connection.send(Array(#"{"method":"io.transitiond.GetSta"#.utf8))
            case .subscription:
                try connection.send(
                    call:
                        #"{"method":"io.transitiond.Subscribe","parameters":{"stack":"stack\#(index % 3)"},"more":true}"#
                )
            }
            open.append(connection)
        }
        for connection in open { connection.close() }
        let newcomer = try RawConnection(path: daemon.socketPath)
        defer { newcomer.close() }
        _ = try newcomer.call(#"{"method":"io.transitiond.ListStacks"}"#)
    }

    /// The daemon's descriptor count once it stops changing between two answered calls.
    private func settledDescriptorCount(_ daemon: DaemonUnderTest, control: VarlinkClient) throws -> Int {
        var previous = -1
        var current = ProcessFigures.openDescriptors(of: daemon.pid) ?? -1
        let settled = Deadline.waitUntil {
            _ = try? control.succeed("ListStacks")
            previous = current
            current = ProcessFigures.openDescriptors(of: daemon.pid) ?? -1
            let statistics = try? control.succeed("GetStats")["statistics"]
            return previous == current && statistics?["clients"]?.intValue == 1
        }
        guard settled else { throw HarnessFailure("the daemon's descriptors did not settle") }
        return current
    }

    /// Raises this process's soft limit of open descriptors (the hard limit allowing).
    private func raiseDescriptorLimit(to wanted: Int) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw HarnessFailure.systemCall("getrlimit")
        }
        guard limit.rlim_cur < rlim_t(wanted) else { return }
        guard limit.rlim_max >= rlim_t(wanted) else {
            throw HarnessFailure("the hard limit of open files (\(limit.rlim_max)) is below \(wanted)")
        }
        limit.rlim_cur = rlim_t(wanted)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw HarnessFailure.systemCall("setrlimit")
        }
    }
}
