import JSON
import SystemPrimitives

/// One call being answered: the call, who made it, and the way to reply.
///
/// A handler receives the context on the server's event-loop thread. It may reply at once
/// (synchronously, the fastest path) or keep the context and reply later from any thread, task or
/// actor. Replies are safe from any thread: each is encoded on the calling thread and queued to the
/// event loop.
///
/// Every call must end with exactly one `reply(_:)` or `fail(_:)`; a call made with `more` may first get
/// any number of `replyContinues(_:)`. Later calls on the same connection wait until this one ends
/// (Varlink matches replies to calls by order). For a `oneway` call nothing is sent, but the handler
/// still ends the call so the next one can start.
///
/// ```swift
/// implementation.implement("Monitor") { context in
///     let subscription = monitor.subscribe { state in
///         if !context.replyContinues(["state": .string(state)]) { /* stop */ }
///     }
///     context.onConnectionClose { _ in subscription.cancel() }
/// }
/// ```
public final class VarlinkCallContext: Sendable {
    /// The call being answered; its `parameters` passed validation against the method's input.
    public let call: VarlinkCall
    /// The call's place on its connection.
    public let callID: VarlinkConnectionStateMachine.CallID
    /// Identifies the connection within its server (increasing, never reused while the server runs).
    public let connectionID: UInt64
    /// The calling process, from `SO_PEERCRED`.
    public let peer: VarlinkPeerCredentials

    private let transport: any VarlinkReplyTransport
    /// Whether the final reply was given.
    private let finished = Locked(false)

    /// Creates a context. The server creates one per call; tests create them with a
    /// `VarlinkRecordingTransport`.
    public init(
        call: VarlinkCall,
        callID: VarlinkConnectionStateMachine.CallID,
        connectionID: UInt64,
        peer: VarlinkPeerCredentials,
        transport: any VarlinkReplyTransport
    ) {
        self.call = call
        self.callID = callID
        self.connectionID = connectionID
        self.peer = peer
        self.transport = transport
    }

    /// The call's input parameters.
    public var parameters: JSONObject { call.parameters }

    /// Whether the final reply (or error) was given.
    public var isFinished: Bool { finished.withLock { $0 } }

    /// Whether the connection has closed; replies are then dropped.
    public var isConnectionClosed: Bool { transport.isClosed }

    /// Bytes of replies queued for this connection and not yet taken by its socket (approximate; the
    /// kernel's socket buffer, about 200 KiB, comes on top).
    ///
    /// A stream that may coalesce its updates (send only the latest frame) can skip an update while
    /// this is high, instead of letting the client fall so far behind that the server drops it at
    /// `VarlinkServer.Configuration.maximumPendingOutputBytes`.
    public var pendingOutputByteCount: Int { transport.pendingOutputByteCount }

    /// Ends the call with its (last) reply.
    ///
    /// - Returns: `false` when nothing was queued: the call had already ended, the connection closed, or
    ///   `parameters` cannot be encoded (a non-finite number; the call then stays open so the handler
    ///   can `fail` it).
    @discardableResult
    public func reply(_ parameters: JSONObject = JSONObject()) -> Bool {
        send(parameters: parameters, continues: false, error: nil)
    }

    /// Sends one reply of a stream; more follow, and `reply(_:)` sends the last.
    ///
    /// When the call was made without `more`, the client cannot take a stream: the call ends at once
    /// with `org.varlink.service.ExpectedMore` instead, and this returns `false`. Check `call.more` to
    /// answer such calls with a single reply instead.
    ///
    /// - Returns: `false` when nothing was queued (see `reply(_:)`). A streaming handler should stop when
    ///   it returns `false`.
    @discardableResult
    public func replyContinues(_ parameters: JSONObject) -> Bool {
        guard call.more || call.oneway else {
            _ = send(
                parameters: VarlinkError.expectedMore().parameters, continues: false,
                error: VarlinkError.expectedMoreName)
            return false
        }
        return send(parameters: parameters, continues: true, error: nil)
    }

    /// Sends a reply whose parameters are JSON text already: the bytes of one JSON object, copied into the
    /// message as they are, never parsed or encoded again. For streams of values serialized once for many
    /// clients (a frame sent to every subscriber of a stack).
    ///
    /// The bytes are not checked: they must be one complete JSON object in UTF-8, or the client cannot
    /// read the reply. `continues` follows `replyContinues(_:)`'s rules (without `more`, the call ends
    /// with `org.varlink.service.ExpectedMore`); without it, this is the call's last reply.
    ///
    /// - Returns: `false` when nothing was queued (see `reply(_:)`).
    @discardableResult
    public func reply(encodedParameters: [UInt8], continues: Bool = false) -> Bool {
        reply(continues: continues, parametersCapacity: encodedParameters.count) { message in
            message.append(contentsOf: encodedParameters)
        }
    }

    /// Sends a reply whose parameters `writeParameters` appends to the message as JSON text, in place: the
    /// reply is built in one buffer, with no copy of the parameters made first. `reply(encodedParameters:)`
    /// with its parts written directly, for a stream that sends large replies many times a second (frames).
    ///
    /// `writeParameters` must append exactly one complete JSON object in UTF-8 (the bytes are not checked)
    /// and runs on the calling thread before this returns; it is not called when nothing is to be sent (the
    /// connection closed, a `oneway` call, or a call without `more` given `continues`). `continues`
    /// follows `replyContinues(_:)`'s rules.
    ///
    /// - Parameter parametersCapacity: about how many bytes the parameters take (reserved up front, so that
    ///   the buffer is allocated once).
    /// - Returns: `false` when nothing was queued (see `reply(_:)`).
    @discardableResult
    public func reply(
        continues: Bool = false, parametersCapacity: Int, writingParameters writeParameters: (inout [UInt8]) -> Void
    ) -> Bool {
        if continues && !(call.more || call.oneway) {
            _ = send(
                parameters: VarlinkError.expectedMore().parameters, continues: false,
                error: VarlinkError.expectedMoreName)
            return false
        }
        if transport.isClosed { return false }
        var message: [UInt8] = []
        if !call.oneway {
            message.reserveCapacity(parametersCapacity + 40)
            message.append(contentsOf: #"{"parameters":"#.utf8)
            writeParameters(&message)
            message.append(contentsOf: continues ? #","continues":true}"#.utf8 : "}".utf8)
            message.append(0)
        }
        return enqueue(message, continues: continues)
    }

    /// Ends the call with an error reply.
    ///
    /// - Returns: `false` when nothing was queued: the call had already ended or the connection closed.
    @discardableResult
    public func fail(_ error: VarlinkError) -> Bool {
        send(parameters: error.parameters, continues: false, error: error.name)
    }

    /// Registers `callback` to run once when the connection closes (the client went away, the server
    /// dropped it, or the server stopped), with the reason. Use it to stop a stream or cancel work
    /// started for the client.
    ///
    /// The callback runs on the server's event-loop thread and must return quickly (resume a
    /// continuation, cancel a task, or post to an actor). When the connection is already closed it
    /// runs at once, on the calling thread.
    public func onConnectionClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void) {
        transport.onClose(callback)
    }

    /// Closes the connection once the replies already queued are sent.
    public func closeConnection() {
        transport.close()
    }

    private func send(parameters: JSONObject, continues: Bool, error: String?) -> Bool {
        if transport.isClosed { return false }
        var message: [UInt8] = []
        if !call.oneway {
            do {
                try VarlinkReply.encode(parameters: parameters, continues: continues, error: error, into: &message)
            } catch {
                return false
            }
        }
        return enqueue(message, continues: continues)
    }

    /// Queues an encoded reply (empty for a `oneway` call) unless the call already ended.
    private func enqueue(_ message: [UInt8], continues: Bool) -> Bool {
        // Queue under the lock so that replies from one thread reach the connection in order, and a
        // final reply is never overtaken by a stream reply queued before it.
        return finished.withLock { finished in
            if finished { return false }
            if !continues { finished = true }
            if !(call.oneway && continues) { transport.send(message, continues: continues, to: callID) }
            return true
        }
    }
}
