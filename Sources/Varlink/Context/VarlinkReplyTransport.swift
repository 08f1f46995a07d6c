/// Where a `VarlinkCallContext` sends replies: one connection of a server, or a recorder in tests.
///
/// `VarlinkServer` implements it for its connections; `VarlinkRecordingTransport` records replies for
/// tests of handlers without a socket. Every method may be called from any thread.
public protocol VarlinkReplyTransport: Sendable {
    /// Queues one encoded reply (NUL terminator included) to the call `callID`.
    ///
    /// `continues` is true when more replies follow. `message` is empty for the silent end of a
    /// `oneway` call. Called at most once with `continues == false` per call.
    func send(_ message: [UInt8], continues: Bool, to callID: VarlinkConnectionStateMachine.CallID)

    /// Registers `callback` to run once when the connection closes, with the reason. Runs `callback`
    /// at once (on the calling thread) when the connection is already closed.
    func onClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void)

    /// Whether the connection has closed.
    var isClosed: Bool { get }

    /// Closes the connection after the replies already queued were sent (best effort).
    func close()

    /// Bytes of replies queued for the connection and not yet taken by its socket (approximate: the
    /// kernel's socket buffer is not counted). 0 when the transport cannot tell.
    var pendingOutputByteCount: Int { get }
}

extension VarlinkReplyTransport {
    /// 0: the transport does not track its output.
    public var pendingOutputByteCount: Int { 0 }
}
