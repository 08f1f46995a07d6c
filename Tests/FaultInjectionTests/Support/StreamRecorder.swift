import JSON
import Synchronization
import TransitionTestSupport

/// A subscriber on a connection and a thread of its own that reads every reply of one `Subscribe`
/// stream as it comes and keeps them: frames (index, progress, missed count) and events, in order.
final class StreamRecorder: Sendable {
    /// One reply of the stream.
    enum Item: Sendable {
        /// A frame: the display link's frame index, the transition's progress (nil when settled), the
        /// frames coalesced away before it, and the top screen of its nodes (the first node's screen).
        case frame(index: Int, progress: Double?, missed: Int)
        /// An event: its kind, frame index and the whole event.
        case event(kind: String, frameIndex: Int, event: JSONValue)
        /// The stream's end: an error's name, or "closed".
        case ended(String)
    }

    private let items = Mutex<[Item]>([])
    private let thread = ClientThread(name: "stream-recorder")

    /// Subscribes to `stack` on a new connection to `socketPath` and starts reading; returns once the
    /// first reply has come (the subscription is then in place).
    init(socketPath: String, stack: String, frames: Bool = true) throws {
        let client = try VarlinkClient(path: socketPath)
        try client.send("Subscribe", ["stack": .string(stack), "frames": .bool(frames)], more: true)
        record(try client.receive())
        let box = ClientBox(client)
        thread.start { [self] in self.read(box.client) }
    }

    /// A copy of everything recorded so far.
    var recorded: [Item] { items.withLock { $0 } }

    /// The events recorded so far.
    var events: [(kind: String, frameIndex: Int, event: JSONValue)] {
        recorded.compactMap {
            if case .event(let kind, let index, let event) = $0 { return (kind, index, event) }
            return nil
        }
    }

    /// Waits until `condition` holds for what was recorded; false at the deadline.
    func waitUntil(_ deadline: Deadline = Deadline(), _ condition: ([Item]) -> Bool) -> Bool {
        Deadline.waitUntil(deadline) { items.withLock { condition($0) } }
    }

    /// Stops reading and closes the connection; returns once the thread has ended.
    func stop() { thread.stop() }

    private func read(_ client: VarlinkClient) {
        defer { client.close() }
        while !thread.isStopping {
            do {
                // A short bound only so that stop() is noticed.
                let received = try client.connection.receive(deadline: Deadline(after: .milliseconds(100)))
                switch received {
                case .timedOut: continue
                case .closed:
                    items.withLock { $0.append(.ended("closed")) }
                    return
                case .message(let bytes):
                    let value = try JSONReader.parse(bytes)
                    let reply = VarlinkClient.Reply(
                        parameters: value["parameters"] ?? .object([:]), error: value["error"]?.stringValue,
                        continues: value["continues"]?.boolValue ?? false)
                    record(reply)
                    if !reply.continues { return }
                }
            } catch {
                items.withLock { $0.append(.ended("\(error)")) }
                return
            }
        }
    }

    private func record(_ reply: VarlinkClient.Reply) {
        let item: Item
        if let error = reply.error {
            item = .ended(error)
        } else if let frame = reply.parameters["frame"] {
            let transition = frame["transition"]
            item = .frame(
                index: frame["index"]?.intValue ?? -1,
                progress: transition?.isNull == false ? transition?["progress"]?.doubleValue : nil,
                missed: reply.parameters["framesMissed"]?.intValue ?? 0)
        } else if let event = reply.parameters["event"] {
            item = .event(
                kind: event["kind"]?.stringValue ?? "?", frameIndex: event["frameIndex"]?.intValue ?? -1, event: event)
        } else {
            item = .ended("an unexpected reply: \(reply)")
        }
        items.withLock { $0.append(item) }
        if reply.error == nil && !reply.continues { items.withLock { $0.append(.ended("closed")) } }
    }
}

/// Hands a client to the reading thread (used by that thread alone from then on).
private final class ClientBox: @unchecked Sendable {
    let client: VarlinkClient
    init(_ client: VarlinkClient) { self.client = client }
}
