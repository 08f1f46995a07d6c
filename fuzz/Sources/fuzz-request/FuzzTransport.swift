import Dispatch
import Synchronization
import Varlink

/// A `VarlinkReplyTransport` that keeps each call's final reply and lets the fuzzing thread wait for it.
final class FuzzTransport: VarlinkReplyTransport {
    /// How a call ended.
    enum Outcome: Sendable {
        /// Its final reply, NUL terminator included.
        case reply([UInt8])
        /// A `oneway` call finished without a reply.
        case silent
    }

    /// How long a call may take to be answered, in milliseconds of real time, while the clock stands
    /// still. Replies come within microseconds; this only bounds a call that would never be answered.
    static let replyTimeoutMilliseconds = 5_000

    private struct State {
        var outcomes: [UInt64: Outcome] = [:]
        var nextCallNumber: UInt64 = 0
    }
    private let state = Mutex(State())
    private let closeNotifier = VarlinkCloseNotifier()
    private let answered = DispatchSemaphore(value: 0)

    /// Creates an open transport.
    init() {}

    /// A context for `call` from `peer` on this transport, with the next call identifier.
    func makeContext(for call: VarlinkCall, peer: VarlinkPeerCredentials) -> VarlinkCallContext {
        let number = state.withLock { state in
            defer { state.nextCallNumber += 1 }
            return state.nextCallNumber
        }
        return VarlinkCallContext(
            call: call, callID: .init(rawValue: number), connectionID: 1, peer: peer, transport: self)
    }

    /// Blocks until the call `id` is answered; `nil` after ``replyTimeoutMilliseconds``.
    func waitForFinalReply(to id: VarlinkConnectionStateMachine.CallID) -> Outcome? {
        let deadline = DispatchTime.now() + .milliseconds(FuzzTransport.replyTimeoutMilliseconds)
        while true {
            if let outcome = state.withLock({ $0.outcomes.removeValue(forKey: id.rawValue) }) { return outcome }
            if answered.wait(timeout: deadline) == .timedOut {
                return state.withLock { $0.outcomes.removeValue(forKey: id.rawValue) }
            }
        }
    }

    func send(_ message: [UInt8], continues: Bool, to callID: VarlinkConnectionStateMachine.CallID) {
        guard !continues else { return }
        state.withLock { $0.outcomes[callID.rawValue] = message.isEmpty ? .silent : .reply(message) }
        answered.signal()
    }

    func onClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void) {
        closeNotifier.onClose(callback)
    }

    var isClosed: Bool { closeNotifier.isClosed }

    func close() {
        simulateClose(VarlinkConnectionError(code: .closedByServer, message: "Closed by the server."))
    }

    /// Closes with `reason`, running the close callbacks once on the calling thread.
    func simulateClose(_ reason: VarlinkConnectionError) {
        closeNotifier.markClosed(reason)
    }
}
