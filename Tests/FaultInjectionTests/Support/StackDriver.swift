import JSON
import Synchronization
import TransitionTestSupport

/// Keeps stacks animating without a pause: a thread that, for each stack whose queue runs short, queues
/// a push and a pop (slide, policy queue), on a connection of its own. It looks at each stack at most
/// every `passInterval`, so it loads the daemon like a client, not a busy loop.
final class StackDriver: Sendable {
    /// The least time between two looks at the same stack (a pace for the load, not a wait for an event).
    static let passInterval = Duration.milliseconds(50)

    private let socketPath: String
    private let stacks: [String]
    private let tiles: Int
    private let thread = ClientThread(name: "stack-driver")
    private let failureLog = Mutex<[String]>([])
    private let operations = Atomic(0)

    /// A driver for `stacks` (created already) at `socketPath`; pushed screens have `tiles` tiles.
    init(socketPath: String, stacks: [String], tiles: Int = 3) {
        self.socketPath = socketPath
        self.stacks = stacks
        self.tiles = tiles
    }

    /// Error replies and connection failures, in order.
    var failures: [String] { failureLog.withLock { $0 } }

    /// Operations queued so far.
    var operationCount: Int { operations.load(ordering: .relaxed) }

    /// Starts the thread; call it once.
    func start() { thread.start { [self] in self.run() } }

    /// Stops the thread and returns once it has ended; idempotent, and at once when it was never started.
    func stop() { thread.stop() }

    private func run() {
        let client: VarlinkClient
        do {
            client = try VarlinkClient(path: socketPath)
        } catch {
            failureLog.withLock { $0.append("connect: \(error)") }
            return
        }
        var counter = 0
        while !thread.isStopping {
            let pass = Deadline(after: Self.passInterval)
            for stack in stacks {
                do {
                    let state = try client.call("GetStack", ["name": .string(stack)])
                    guard state.error == nil else {
                        failureLog.withLock { $0.append("GetStack: \(state)") }
                        continue
                    }
                    let queued = state.parameters["stack"]?["queuedOperations"]?.intValue ?? 0
                    guard queued <= 1 else { continue }
                    counter += 1
                    let screen = Screens.screen("pushed\(counter)", tiles: tiles)
                    for (method, parameters) in [
                        ("Push", ["stack": JSONValue.string(stack), "screen": screen] as JSONObject),
                        ("Pop", ["stack": .string(stack)]),
                    ] {
                        let reply = try client.call(method, parameters)
                        if reply.error != nil { failureLog.withLock { $0.append("\(method): \(reply)") } }
                        operations.add(1, ordering: .relaxed)
                    }
                } catch {
                    failureLog.withLock { $0.append("\(stack): \(error)") }
                    return
                }
            }
            _ = Deadline.waitUntil(pass) { thread.isStopping }
        }
    }
}
