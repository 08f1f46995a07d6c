import JSON
import TransitionTestSupport

/// A Varlink client over a ``RawConnection`` that speaks JSON values: one call, its reply.
final class VarlinkClient: @unchecked Sendable {
    /// One reply: its parameters, or the error's qualified name with its parameters.
    struct Reply: Sendable, CustomStringConvertible {
        /// The reply's `parameters` (an empty object when absent).
        var parameters: JSONValue
        /// The error's qualified name (`io.transitiond.StorageFailed`), or nil for a success.
        var error: String?
        /// Whether more replies of the same call follow.
        var continues: Bool

        var description: String {
            (error.map { "error \($0) " } ?? "") + ((try? JSONWriter.string(parameters)) ?? "?")
        }
    }

    /// The connection underneath, for raw sends and receives.
    let connection: RawConnection

    /// Connects to the socket at `path`.
    init(path: String) throws { connection = try RawConnection(path: path) }

    /// Sends `io.transitiond.<method>` with `parameters` (and `more` or `oneway` when asked) without
    /// waiting for the reply.
    func send(_ method: String, _ parameters: JSONObject = [:], more: Bool = false, oneway: Bool = false) throws {
        var call: JSONObject = ["method": .string("io.transitiond." + method), "parameters": .object(parameters)]
        if more { call["more"] = true }
        if oneway { call["oneway"] = true }
        try connection.send(call: try JSONWriter.string(.object(call)))
    }

    /// The next reply, or a failure when the connection closed or the deadline passed first.
    func receive(deadline: Deadline = Deadline()) throws -> Reply {
        switch try connection.receive(deadline: deadline) {
        case .message(let bytes):
            let value = try JSONReader.parse(bytes)
            return Reply(
                parameters: value["parameters"] ?? .object([:]), error: value["error"]?.stringValue,
                continues: value["continues"]?.boolValue ?? false)
        case let other:
            throw HarnessFailure("no reply: \(other)")
        }
    }

    /// Calls `io.transitiond.<method>` and returns its reply (success or error).
    func call(_ method: String, _ parameters: JSONObject = [:]) throws -> Reply {
        try send(method, parameters)
        return try receive()
    }

    /// Calls and fails unless the reply is a success; returns its parameters.
    @discardableResult
    func succeed(_ method: String, _ parameters: JSONObject = [:]) throws -> JSONValue {
        let reply = try call(method, parameters)
        guard reply.error == nil else { throw HarnessFailure("\(method) failed: \(reply)") }
        return reply.parameters
    }

    /// Closes the connection.
    func close() { connection.close() }
}
