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

    init(connectionID: UInt64, inbox: EventLoopInbox) {
        self.connectionID = connectionID
        self.inbox = inbox
    }

    func send(_ message: [UInt8], continues: Bool, to callID: VarlinkConnectionStateMachine.CallID) {
        guard !isClosed else { return }
        inbox.post(.reply(connection: connectionID, call: callID, message: message, continues: continues))
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
