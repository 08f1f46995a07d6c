import Synchronization

/// The thread-safe face of one server connection: the transport of its call contexts.
///
/// Replies and close requests go to the event loop through its inbox; the loop marks the handle
/// closed, after which replies are dropped and new close callbacks run at once.
final class ConnectionHandle: VarlinkReplyTransport {
    let connectionID: UInt64
    private let inbox: EventLoopInbox

    private struct State {
        var closeReason: VarlinkConnectionError?
        var closeCallbacks: [@Sendable (VarlinkConnectionError) -> Void] = []
    }
    private let state = LockedValue(State())
    /// Bytes posted to the inbox and not yet taken by the loop.
    private let inboxBytes = Atomic<Int>(0)
    /// Bytes in the loop's output buffer, as the loop last published them.
    private let outputBytes = Atomic<Int>(0)

    init(connectionID: UInt64, inbox: EventLoopInbox) {
        self.connectionID = connectionID
        self.inbox = inbox
    }

    func send(_ message: [UInt8], continues: Bool, to callID: VarlinkConnectionStateMachine.CallID) {
        guard !isClosed else { return }
        inboxBytes.add(message.count, ordering: .relaxed)
        inbox.post(.reply(connection: connectionID, call: callID, message: message, continues: continues))
    }

    var pendingOutputByteCount: Int {
        inboxBytes.load(ordering: .relaxed) + outputBytes.load(ordering: .relaxed)
    }

    /// The loop took a reply of `count` bytes out of the inbox.
    func tookFromInbox(_ count: Int) {
        inboxBytes.subtract(count, ordering: .relaxed)
    }

    /// The loop's output buffer for this connection now holds `count` unsent bytes.
    func publishOutput(_ count: Int) {
        outputBytes.store(count, ordering: .relaxed)
    }

    func onClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void) {
        let reason: VarlinkConnectionError? = state.withLock { state in
            if state.closeReason == nil { state.closeCallbacks.append(callback) }
            return state.closeReason
        }
        if let reason { callback(reason) }
    }

    var isClosed: Bool { state.withLock { $0.closeReason != nil } }

    func close() {
        guard !isClosed else { return }
        inbox.post(.close(connection: connectionID))
    }

    /// Marks the connection closed (on the loop thread) and runs the close callbacks once.
    func markClosed(_ reason: VarlinkConnectionError) {
        let callbacks = state.withLock { state -> [@Sendable (VarlinkConnectionError) -> Void] in
            guard state.closeReason == nil else { return [] }
            state.closeReason = reason
            defer { state.closeCallbacks = [] }
            return state.closeCallbacks
        }
        for callback in callbacks { callback(reason) }
    }
}
