import JSON
import Synchronization
import TransitionTestSupport

/// A client that keeps arriving and leaving: on a thread of its own it connects, does one thing (a
/// read call, a subscription it reads for a few replies, or a call on a stack that does not exist), and
/// leaves, over and over, counting its calls and every error reply by name.
final class ChurnClient: Sendable {
    /// The pause between two visits (a pace for the load, not a wait for an event).
    static let visitInterval = Duration.milliseconds(20)
    /// The error a visit asks for on purpose (GetStack of a stack that does not exist).
    static let expectedError = "io.transitiond.NoSuchStack"

    /// What the client did.
    struct Tally: Sendable {
        var connections = 0
        var calls = 0
        var subscriptions = 0
        /// Error replies by qualified name.
        var errors: [String: Int] = [:]
        /// Connections lost or refused, replies that never came.
        var transportFailures: [String] = []
    }

    private let socketPath: String
    private let stacks: [String]
    private let seed: UInt64
    private let thread = ClientThread(name: "churn-client")
    private let counts = Mutex(Tally())

    /// Starts a client of the stacks `stacks` at `socketPath`.
    init(socketPath: String, stacks: [String], seed: UInt64) {
        self.socketPath = socketPath
        self.stacks = stacks
        self.seed = seed
        thread.start { [self] in self.run() }
    }

    /// What it did so far.
    var tally: Tally { counts.withLock { $0 } }

    /// Stops after the current visit and waits for the thread.
    func stop() { thread.stop() }

    private func run() {
        var generator = SeededGenerator(seed: seed)
        while !thread.isStopping {
            let visit = Deadline(after: Self.visitInterval)
            do {
                try self.visit(&generator)
            } catch {
                counts.withLock { $0.transportFailures.append("\(error)") }
            }
            _ = Deadline.waitUntil(visit) { thread.isStopping }
        }
    }

    private func visit(_ generator: inout SeededGenerator) throws {
        let client = try VarlinkClient(path: socketPath)
        defer { client.close() }
        counts.withLock { $0.connections += 1 }
        let stack = JSONValue.string(stacks.randomElement(using: &generator) ?? "")
        let reply: VarlinkClient.Reply
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: reply = try client.call("ListStacks")
        case 1: reply = try client.call("GetStack", ["name": stack, "includeScreens": true])
        case 2: reply = try client.call("GetStats")
        case 3:
            reply = try client.call(
                "GetStack", ["name": .string("missing\(Int.random(in: 0..<1000, using: &generator))")])
        default:
            try client.send("Subscribe", ["stack": stack], more: true)
            counts.withLock { $0.subscriptions += 1 }
            var last = try client.receive()
            for _ in 0..<Int.random(in: 1...20, using: &generator) where last.error == nil && last.continues {
                last = try client.receive()
            }
            reply = last
        }
        counts.withLock { tally in
            tally.calls += 1
            if let error = reply.error { tally.errors[error, default: 0] += 1 }
        }
    }
}
