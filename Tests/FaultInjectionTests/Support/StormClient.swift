import JSON
import Synchronization
import TransitionTestSupport

/// A client of the push/pop storm: on a connection and a thread of its own it pushes and pops on its
/// stacks (animated slides and changes without animation, mixed by a seeded generator) and keeps, per
/// stack, the screens each operation it sent leads to. The stacks' committed history is what their
/// subscribers record from `stackChanged` events.
///
/// Each stack has at most `maximumUnconfirmed` operations sent and not yet seen committed, so the
/// queue stays short (the daemon queues 64 at most) and the storm keeps moving.
final class StormClient: Sendable {
    /// Operations a stack may have in flight (sent, not seen committed).
    static let maximumUnconfirmed = 4
    /// The deepest and shallowest navigation stacks the storm makes.
    static let maximumDepth = 5

    /// One stack of the client: the screen lists after each operation sent (the first is the created
    /// state) and its subscriber.
    final class StackRecord: Sendable {
        let name: String
        let recorder: StreamRecorder
        private let expected = Mutex<[[String]]>([["root"]])

        init(name: String, recorder: StreamRecorder) {
            self.name = name
            self.recorder = recorder
        }

        /// The screen lists after each operation sent; the first is the stack as created.
        var expectedStates: [[String]] { expected.withLock { $0 } }

        /// The screen lists of the `stackChanged` events recorded.
        var committedHistory: [[String]] {
            recorder.events.filter { $0.kind == "stackChanged" }.map {
                ($0.event["screens"]?.arrayValue ?? []).compactMap(\.stringValue)
            }
        }

        fileprivate func append(_ state: [String]) { expected.withLock { $0.append(state) } }
    }

    private let socketPath: String
    let stacks: [StackRecord]
    private let seed: UInt64
    private let thread = ClientThread(name: "storm-client")
    private let failureLog = Mutex<[String]>([])

    /// A client for `stacks` (created already, with root screen "root"); starts at once.
    init(socketPath: String, stacks: [StackRecord], seed: UInt64) {
        self.socketPath = socketPath
        self.stacks = stacks
        self.seed = seed
        thread.start { [self] in self.run() }
    }

    /// Error replies; a lost connection is not one (the daemon is killed under the storm).
    var failures: [String] { failureLog.withLock { $0 } }

    /// Whether the thread has ended (the connection was lost or `stop()` was called).
    var hasFinished: Bool { thread.hasFinished }

    /// Asks the thread to stop and waits for it.
    func stop() { thread.stop() }

    private func run() {
        guard let client = try? VarlinkClient(path: socketPath) else {
            failureLog.withLock { $0.append("connect failed") }
            return
        }
        var generator = SeededGenerator(seed: seed)
        var counter = 0
        while !thread.isStopping {
            var sent = false
            for stack in stacks {
                let states = stack.expectedStates
                guard states.count - 1 - stack.committedHistory.count < Self.maximumUnconfirmed else { continue }
                var screens = states[states.count - 1]
                let push = screens.count < 2 || (screens.count < Self.maximumDepth && Bool.random(using: &generator))
                let animated = Int.random(in: 0..<4, using: &generator) != 0
                var parameters: JSONObject = ["stack": .string(stack.name), "animated": .bool(animated)]
                if push {
                    counter += 1
                    let id = "s\(counter)"
                    parameters["screen"] = Screens.screen(id)
                    screens.append(id)
                } else {
                    screens.removeLast()
                }
                // Recorded before it is sent: once sent, it may be committed whether or not a reply comes.
                stack.append(screens)
                do {
                    let reply = try client.call(push ? "Push" : "Pop", parameters)
                    if let error = reply.error { failureLog.withLock { $0.append("\(stack.name): \(error)") } }
                } catch {
                    return
                }
                sent = true
            }
            if !sent {
                // Every stack has its operations in flight: wait until one of them commits.
                let counts = stacks.map { $0.committedHistory.count }
                _ = Deadline.waitUntil(Deadline(after: .seconds(1))) {
                    thread.isStopping
                        || zip(stacks, counts).contains { $0.committedHistory.count > $1 }
                }
            }
        }
    }
}
