import Synchronization

/// The thread-safe face of one server connection: the transport of its call contexts.
///
/// Replies and close requests go to the event loop through its inbox; the loop marks the handle
/// closed, after which replies are dropped and new close callbacks run at once.
///
/// A reply the handler gives on the loop thread while the loop dispatches its call (the synchronous
/// path) skips the inbox: the loop captures it (`beginCapture()`) and applies it as soon as the handler
/// returns (`drainCaptured(_:)`). It is captured only while no reply of this connection waits in the
/// inbox, so replies keep the order in which they were given (a call's replies are given under its
/// context's lock, which covers the check and the capture).
final class ConnectionHandle: VarlinkReplyTransport {
    /// A reply captured on the synchronous path.
    struct CapturedReply {
        var message: [UInt8]
        var continues: Bool
        var call: VarlinkConnectionStateMachine.CallID
    }

    let connectionID: UInt64
    private let inbox: EventLoopInbox
    /// Touched only on the loop thread (checked with `inbox.isOnLoopThread` before any access).
    nonisolated(unsafe) private var capturing = false
    nonisolated(unsafe) private var captured: [CapturedReply] = []
    /// Replies posted to the inbox and not yet taken by the loop.
    private let postedReplies = Atomic<Int>(0)
    /// The close reason, set by the loop (`markClosed(_:)`), and the callbacks waiting for it.
    private let closeNotifier = VarlinkCloseNotifier()
    /// Bytes posted to the inbox and not yet taken by the loop.
    private let inboxBytes = Atomic<Int>(0)
    /// Bytes in the loop's output buffer, as the loop last published them.
    private let outputBytes = Atomic<Int>(0)

    init(connectionID: UInt64, inbox: EventLoopInbox) {
        self.connectionID = connectionID
        self.inbox = inbox
    }

    func send(_ message: [UInt8], continues: Bool, to callID: VarlinkConnectionStateMachine.CallID) {
        if inbox.isOnLoopThread, capturing, postedReplies.load(ordering: .acquiring) == 0 {
            captured.append(CapturedReply(message: message, continues: continues, call: callID))
            return
        }
        guard !isClosed else { return }
        inboxBytes.add(message.count, ordering: .relaxed)
        postedReplies.add(1, ordering: .releasing)
        inbox.post(.reply(connection: connectionID, call: callID, message: message, continues: continues))
    }

    /// Starts capturing the replies given on the loop thread (the loop is about to call a handler).
    /// Loop thread only.
    func beginCapture() {
        capturing = true
    }

    /// Stops capturing and hands each captured reply, in order, to `apply`, which returns false to drop
    /// the rest (the connection closed). Loop thread only.
    func drainCaptured(_ apply: (CapturedReply) -> Bool) {
        capturing = false
        guard !captured.isEmpty else { return }
        for reply in captured where !apply(reply) { break }
        captured.removeAll(keepingCapacity: true)
    }

    var pendingOutputByteCount: Int {
        inboxBytes.load(ordering: .relaxed) + outputBytes.load(ordering: .relaxed)
    }

    /// The loop took a reply of `count` bytes out of the inbox.
    func tookFromInbox(_ count: Int) {
        inboxBytes.subtract(count, ordering: .relaxed)
        postedReplies.subtract(1, ordering: .releasing)
    }

    /// The loop's output buffer for this connection now holds `count` unsent bytes.
    func publishOutput(_ count: Int) {
        outputBytes.store(count, ordering: .relaxed)
    }

    func onClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void) {
        closeNotifier.onClose(callback)
    }

    var isClosed: Bool { closeNotifier.isClosed }

    func close() {
        guard !isClosed else { return }
        inbox.post(.close(connection: connectionID))
    }

    /// Marks the connection closed (on the loop thread) and runs the close callbacks once.
    func markClosed(_ reason: VarlinkConnectionError) {
        closeNotifier.markClosed(reason)
    }
}
