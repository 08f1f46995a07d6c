import JSON
import Testing
import TransitionTestSupport
import Varlink

/// A client of another process holding a stack's gestures (HoldGestures with `more`), read with blocking
/// calls (run it off the pool): the daemon sees its process, not the test's, so the test's own
/// connections are other clients whose interactions it is asked about. Its second connection, of the same
/// process, makes the holder's own calls. Every reply is checked against the IDL.
final class GestureHolder {
    let connections: OtherProcessConnections
    /// The lease of the first reply.
    let lease: String
    /// The holder's process, as the daemon sees it.
    var pid: Int32 { connections.pid }

    /// Holds `stack`'s gestures on the daemon at `socketPath`, with HoldGestures' optional parameters.
    ///
    /// - Throws: `HarnessFailure` when the first reply is an error.
    init(socketPath: String, stack: String, policy: String? = nil, maximumWait: Double? = nil) throws {
        connections = try OtherProcessConnections(socketPath: socketPath, uid: nil, count: 2)
        var parameters: JSONObject = ["stack": .string(stack)]
        if let policy { parameters["policy"] = .string(policy) }
        if let maximumWait { parameters["maximumWait"] = .number(maximumWait) }
        try connections.connection.send(method: "HoldGestures", parameters, more: true)
        let first = try connections.connection.reply(of: "HoldGestures")
        guard first.error == nil, first.continues, let lease = first.parameters["lease"]?.stringValue else {
            throw HarnessFailure("HoldGestures did not hold: \(first)")
        }
        self.lease = lease
    }

    /// The stream's next reply: a request, the last reply of a deleted stack, or the error that ends it.
    func next() throws -> VarlinkReply { try connections.connection.reply(of: "HoldGestures") }

    /// The next reply's request, or nil (with an issue recorded) when the reply carries none.
    func nextRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue? {
        let reply = try next()
        #expect(reply.parameters["lease"]?.stringValue == lease, sourceLocation: sourceLocation)
        let request = reply.parameters["request"]
        #expect(request != nil, "no request in \(reply)", sourceLocation: sourceLocation)
        return request
    }

    /// Calls `io.transitiond.<method>` on the holder's second connection: a call of the holder's own process.
    func call(_ method: String, _ parameters: JSONObject) throws -> VarlinkReply {
        try connections.connections[1].send(method: method, parameters)
        return try connections.connections[1].reply(of: method)
    }

    /// Closes both connections and lets the process exit: the lease ends.
    func release() { connections.release() }
}

extension RawConnection {
    /// Sends a call of `io.transitiond.<method>`.
    func send(method: String, _ parameters: JSONObject, more: Bool = false) throws {
        let call = VarlinkCall(method: "io.transitiond." + method, parameters: parameters, more: more)
        guard try send(try call.encoded()) else { throw HarnessFailure("the daemon closed the connection") }
    }

    /// The next reply, decoded and checked against `method`'s output or the declared errors.
    func reply(of method: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> VarlinkReply {
        guard case .message(let bytes) = try receive() else {
            throw HarnessFailure("no reply to \(method): the connection closed or the wait ran out")
        }
        let reply = try bytes.withUnsafeBytes { try VarlinkReply.decode($0) }
        if let error = reply.varlinkError {
            TestConnection.checkError(error, sourceLocation: sourceLocation)
        } else {
            TestConnection.checkReply(reply.parameters, of: method, sourceLocation: sourceLocation)
        }
        return reply
    }
}
