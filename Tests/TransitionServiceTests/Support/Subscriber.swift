import JSON
import Testing
import TransitionService
import TransitionTestSupport
import Varlink

/// A client subscribed to a stack on its own connection, reading with blocking calls (run it off the
/// pool). Every reply is checked against Subscribe's output in the IDL.
final class Subscriber: @unchecked Sendable {
    let client: VarlinkClient
    let stream: VarlinkReplyStream
    private(set) var received: [JSONObject] = []

    convenience init(path: String, stack: String, frames: Bool? = nil, events: Bool? = nil) throws {
        var parameters: JSONObject = ["stack": .string(stack)]
        if let frames { parameters["frames"] = .bool(frames) }
        if let events { parameters["events"] = .bool(events) }
        try self.init(path: path, parameters: parameters)
    }

    /// A subscriber of several stacks on one connection (`stacks`).
    convenience init(path: String, stacks: [String]) throws {
        try self.init(path: path, parameters: ["stacks": .array(stacks.map { .string($0) })])
    }

    /// A Subscribe call with `parameters` as given.
    init(path: String, parameters: JSONObject) throws {
        client = try VarlinkClient(path: path, timeout: Deadline.failureTimeout)
        stream = try client.callMore(method: "io.transitiond.Subscribe", parameters: parameters)
    }

    /// The next reply's parameters; nil after the last reply. Throws the stream's error reply.
    func next() throws -> JSONObject? {
        guard let reply = try stream.next() else { return nil }
        TestConnection.checkReply(reply, of: "Subscribe", sourceLocation: #_sourceLocation)
        received.append(reply)
        return reply
    }

    /// Reads replies until one satisfies `stop` (returned last) or the stream ends.
    func read(until stop: (JSONObject) -> Bool) throws -> [JSONObject] {
        var replies: [JSONObject] = []
        while let reply = try next() {
            replies.append(reply)
            if stop(reply) { break }
        }
        return replies
    }

    /// Reads until an event of `kind` arrives.
    func read(untilEvent kind: String) throws -> [JSONObject] {
        try read { $0["event"]?["kind"]?.stringValue == kind }
    }

    /// Reads every reply until the stream's last.
    func readToEnd() throws -> [JSONObject] {
        try read { _ in false }
    }

    func close() { client.close() }

    /// A timeline of replies: `frame`, `frame(settled)`, `frame+3` (3 frames missed before it), and event
    /// kinds, separated by spaces; runs of transition frames are counted (`frames:18`).
    static func timeline(_ replies: [JSONObject]) -> String {
        var parts: [String] = []
        var frames = 0
        func flush() {
            if frames > 0 { parts.append("frames:\(frames)") }
            frames = 0
        }
        for reply in replies {
            if let kind = reply["event"]?["kind"]?.stringValue {
                flush()
                parts.append(kind)
            } else if let frame = reply["frame"] {
                if frame["transition"]?.isNull ?? true {
                    flush()
                    parts.append("settled")
                } else {
                    frames += 1
                }
            }
        }
        flush()
        return parts.joined(separator: " ")
    }
}
