import SystemPrimitives

/// A `VarlinkReplyTransport` that records replies instead of sending them: for testing handlers and
/// services without a socket.
///
/// ```swift
/// let transport = VarlinkRecordingTransport()
/// service.handle(transport.makeContext(for: VarlinkCall(method: "io.example.Ping")))
/// transport.replies   // [VarlinkReply(parameters: […])]
/// ```
public final class VarlinkRecordingTransport: VarlinkReplyTransport {
    private struct State {
        var replies: [VarlinkReply] = []
        var silentEnds = 0
        var nextCallNumber: UInt64 = 0
    }
    private let state = Locked(State())
    private let closeNotifier = VarlinkCloseNotifier()

    /// Creates an open transport with no replies.
    public init() {}

    /// The replies sent so far, decoded, in order.
    public var replies: [VarlinkReply] { state.withLock { $0.replies } }

    /// How many `oneway` calls ended (silently) so far.
    public var silentEndCount: Int { state.withLock { $0.silentEnds } }

    /// Creates a context for `call` on this transport, with the next call identifier.
    public func makeContext(
        for call: VarlinkCall,
        peer: VarlinkPeerCredentials = VarlinkPeerCredentials(pid: 1, uid: 0, gid: 0),
        connectionID: UInt64 = 1
    ) -> VarlinkCallContext {
        let number = state.withLock { state in
            defer { state.nextCallNumber += 1 }
            return state.nextCallNumber
        }
        return VarlinkCallContext(
            call: call,
            callID: .init(rawValue: number),
            connectionID: connectionID,
            peer: peer,
            transport: self
        )
    }

    /// Records the reply (decoded; an undecodable message is recorded as an error reply named
    /// `invalid`, which no real reply can be).
    public func send(_ message: [UInt8], continues: Bool, to callID: VarlinkConnectionStateMachine.CallID) {
        guard !message.isEmpty else {
            state.withLock { $0.silentEnds += 1 }
            return
        }
        let reply = (try? VarlinkReply.decode(Array(message.dropLast()))) ?? VarlinkReply(error: "invalid")
        state.withLock { $0.replies.append(reply) }
    }

    /// Registers a close callback; runs it at once when already closed.
    public func onClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void) {
        closeNotifier.onClose(callback)
    }

    /// Whether `close()` or `simulateClose(_:)` was called.
    public var isClosed: Bool { closeNotifier.isClosed }

    /// Closes as the server application would (`closedByServer`).
    public func close() {
        simulateClose(VarlinkConnectionError(code: .closedByServer, message: "Closed by the server."))
    }

    /// Closes with `reason`, running the registered close callbacks once, on the calling thread.
    public func simulateClose(_ reason: VarlinkConnectionError) {
        closeNotifier.markClosed(reason)
    }
}
