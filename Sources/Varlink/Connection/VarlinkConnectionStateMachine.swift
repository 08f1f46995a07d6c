import JSON

/// The server side of one Varlink connection, without I/O: framed messages in; calls to dispatch,
/// bytes to send and decisions to close out.
///
/// Varlink has no call identifiers: a client matches replies to calls by order (varlink.org,
/// "FAQ": "all messages are strictly in order on the same connection"). So this machine dispatches one
/// call at a time. Calls that arrive while one is in flight wait in a queue and are dispatched, in
/// order, once the call before them has sent its last reply. A `more` call is in flight until its reply
/// without `continues` ("the connection will be busy until the server sends the final message",
/// "Method Call"). A `oneway` call is in flight until its handler finishes it; its replies are not sent.
///
/// The shell (the socket server) drives it:
/// 1. for each message from the framer, while `wantsInput`: `receive(_:)`;
/// 2. after any event, call `nextAction()` until it returns `.wait`;
/// 3. when a handler replies: `reply(_:continues:to:)`, send what it says, and go to 2.
public struct VarlinkConnectionStateMachine: Sendable {
    /// Identifies one call on one connection; increases with each call received.
    public struct CallID: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// 0 for the first call on the connection, then 1, 2, …
        public let rawValue: UInt64
        /// Creates an identifier.
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        /// Orders by arrival.
        public static func < (lhs: CallID, rhs: CallID) -> Bool { lhs.rawValue < rhs.rawValue }
        /// `#<rawValue>`.
        public var description: String { "#\(rawValue)" }
    }

    /// What the shell must do after `receive(_:)`.
    public enum ReceiveAction: Sendable, Equatable {
        /// Nothing now; continue with `nextAction()`.
        case none
        /// The peer does not speak Varlink: close the connection now, without flushing.
        case close(VarlinkConnectionError)
    }

    /// The next step for the shell, from `nextAction()`.
    public enum Action: Sendable, Equatable {
        /// Hand this call to its handler; its replies come back through `reply(_:continues:to:)`.
        case dispatch(CallID, VarlinkCall)
        /// Send these bytes (an error reply decided here), then ask again.
        case send([UInt8])
        /// Every call is answered and the peer sent no more input: send what is pending, then close.
        case finish
        /// Nothing to do until a reply arrives, more input arrives or the input ends.
        case wait
    }

    /// What the shell must do with a handler's reply.
    public enum ReplyAction: Sendable, Equatable {
        /// Send these bytes. When `callFinished`, call `nextAction()` to dispatch the next call.
        case send([UInt8], callFinished: Bool)
        /// The call is finished and nothing is sent (a `oneway` call); call `nextAction()`.
        case finishedSilently
        /// The reply is dropped: the call is not in flight (it already finished, or the connection is
        /// closed). A handler bug or a race with a closing connection, never the client's fault.
        case discard
    }

    private enum State: Sendable {
        /// No call in flight.
        case idle
        /// A call is dispatched and its final reply has not come yet.
        case calling(id: CallID, more: Bool, oneway: Bool)
        /// The connection is over; every event is ignored.
        case closed
    }

    /// The default number of received calls that may wait behind the one in flight before the shell
    /// stops reading: enough for any pipelining client, small enough to bound memory per connection.
    public static let defaultMaximumQueuedCalls = 64

    /// Received calls that may wait behind the call in flight before `wantsInput` turns false.
    public let maximumQueuedCalls: Int
    /// Bytes of received calls (their messages' lengths) that may wait behind the call in flight before
    /// `wantsInput` turns false: with the count, what bounds the memory a pipelining client holds. The
    /// call that crosses it is kept, so one call of any accepted size may always wait.
    public let maximumQueuedBytes: Int
    /// Limits for parsing each message's JSON.
    public let readerLimits: JSONReader.Limits

    /// A message that ends the connection (not a call, or over the size limit), received behind calls
    /// still to answer. Those are answered first, as by a server that reads the next message only when
    /// the previous call is done (sd-varlink); then `nextAction()` returns `.finish` and the shell closes
    /// with this reason. Nil while the connection is in order.
    public private(set) var violation: VarlinkConnectionError?

    private var state = State.idle
    private var queue: [(id: CallID, call: VarlinkCall, bytes: Int)] = []
    private var queueHead = 0
    /// The sum of the waiting calls' `bytes`.
    private var queuedBytes = 0
    private var nextCallNumber: UInt64 = 0
    private var inputEnded = false

    /// Creates the machine for a new connection.
    ///
    /// - Parameters:
    ///   - maximumQueuedCalls: calls that may wait behind the call in flight; at least 1.
    ///   - maximumQueuedBytes: bytes of calls that may wait behind the call in flight (the one that
    ///     crosses it is kept); by default the reader's `maximumBytes`, one call of the largest size.
    ///   - readerLimits: limits for parsing each call's JSON.
    public init(
        maximumQueuedCalls: Int = VarlinkConnectionStateMachine.defaultMaximumQueuedCalls,
        maximumQueuedBytes: Int? = nil, readerLimits: JSONReader.Limits = JSONReader.Limits()
    ) {
        self.maximumQueuedCalls = max(1, maximumQueuedCalls)
        self.maximumQueuedBytes = max(1, maximumQueuedBytes ?? readerLimits.maximumBytes)
        self.readerLimits = readerLimits
    }

    /// Whether the shell should read and feed more messages: false once enough calls or bytes wait,
    /// while a streaming call (`more`) is in flight, after the input ended, or after the connection
    /// closed.
    ///
    /// A streaming call keeps the connection busy until its last reply, which may never come (a
    /// subscription): calls sent behind it could not be answered before, so they are left unread in the
    /// socket, where they cost the server nothing, instead of held parsed for as long as the stream lasts.
    public var wantsInput: Bool {
        switch state {
        case .closed: return false
        case .calling(_, let more, let oneway) where more && !oneway: return false
        case .idle, .calling:
            return !inputEnded && queuedCallCount < maximumQueuedCalls && queuedBytes < maximumQueuedBytes
        }
    }

    /// The number of received calls waiting behind the call in flight.
    public var queuedCallCount: Int { queue.count - queueHead }

    /// The call in flight, if any: its identifier, whether it streams (`more`) and whether it wants no
    /// reply (`oneway`).
    public var callInFlight: (id: CallID, more: Bool, oneway: Bool)? {
        if case .calling(let id, let more, let oneway) = state { return (id, more, oneway) }
        return nil
    }

    /// Whether the connection is closed (after `close()` or a protocol violation).
    public var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// Feeds one framed message (without its NUL terminator).
    public mutating func receive(_ message: [UInt8]) -> ReceiveAction {
        // Nothing after a violation is read.
        if case .closed = state { return .none }
        if violation != nil { return .none }
        do {
            let call = try VarlinkCall.decode(message, limits: readerLimits)
            queue.append((CallID(rawValue: nextCallNumber), call, message.count))
            queuedBytes += message.count
            nextCallNumber += 1
            return .none
        } catch {
            return refuse(error)
        }
    }

    /// Whether a call received now would be dispatched at once: no call is in flight or queued, and the
    /// connection is open and in order. Only then may the shell handle a `oneway` call itself (see
    /// ``recordCallHandledInPlace()``).
    public var isReadyToDispatch: Bool {
        guard case .idle = state else { return false }
        return queueHead == queue.count && violation == nil && !inputEnded
    }

    /// Records `count` `oneway` calls that the shell received and handled completely, one after the other,
    /// while ``isReadyToDispatch``: the same as receiving each, dispatching it and its handler finishing
    /// it, with nothing to send. The next call received gets the next ``CallID``.
    public mutating func recordCallsHandledInPlace(_ count: Int) {
        precondition(isReadyToDispatch, "a call was handled in place while another was in flight or queued")
        precondition(count >= 0, "a negative number of calls")
        nextCallNumber += UInt64(count)
    }

    /// Records a protocol violation found in the input (a message that is no call, or one the framer
    /// refused as too large): `.close` at once when no call waits for its reply; otherwise the calls
    /// received before it are still answered, nothing more is read, and ``violation`` is the reason to
    /// close with after `.finish`.
    public mutating func refuse(_ error: VarlinkConnectionError) -> ReceiveAction {
        if case .closed = state { return .none }
        guard callInFlight != nil || queuedCallCount > 0 else {
            close()
            return .close(error)
        }
        violation = error
        inputEnded = true
        return .none
    }

    /// Records that the peer will send nothing more (it shut down its writing side). Calls already
    /// received are still answered; then `nextAction()` returns `.finish`.
    public mutating func endOfInput() {
        inputEnded = true
    }

    /// The next step: dispatch the next queued call, send an error reply decided here, finish, or wait.
    public mutating func nextAction() -> Action {
        while true {
            guard case .idle = state else { return .wait }
            guard queueHead < queue.count else {
                if inputEnded {
                    state = .closed
                    return .finish
                }
                return .wait
            }
            let (id, call, bytes) = queue[queueHead]
            queuedBytes -= bytes
            queueHead += 1
            compactQueue()
            if call.upgrade {
                // Upgrades hand the connection to another protocol; none is offered here, so refuse in
                // the way every client understands.
                if call.oneway { continue }
                return .send(Self.encode(.invalidParameter("upgrade")))
            }
            state = .calling(id: id, more: call.more, oneway: call.oneway)
            return .dispatch(id, call)
        }
    }

    /// Feeds a handler's reply to the call `id`.
    ///
    /// - Parameters:
    ///   - message: the encoded reply, NUL terminator included.
    ///   - continues: whether the reply carries `continues: true` (more replies follow). Error replies
    ///     never continue.
    ///   - id: the call replied to.
    /// - Returns: `.send` with the bytes to send; a streaming reply to a call made without `more` is
    ///   replaced by a final `org.varlink.service.ExpectedMore` error, as the client cannot accept it.
    public mutating func reply(_ message: [UInt8], continues: Bool, to id: CallID) -> ReplyAction {
        guard case .calling(let current, let more, let oneway) = state, current == id else { return .discard }
        if continues && more {
            return .send(message, callFinished: false)
        }
        state = .idle
        if oneway { return .finishedSilently }
        if continues { return .send(Self.encode(.expectedMore()), callFinished: true) }
        return .send(message, callFinished: true)
    }

    /// Ends the connection: queued calls are dropped and later events ignored.
    public mutating func close() {
        state = .closed
        queue = []
        queueHead = 0
        queuedBytes = 0
    }

    private mutating func compactQueue() {
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        } else if queueHead >= 32 && queueHead * 2 >= queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }

    private static func encode(_ error: VarlinkError) -> [UInt8] {
        var bytes: [UInt8] = []
        // Standard error parameters are strings: writing them cannot fail.
        try? VarlinkReply(error).encode(into: &bytes)
        return bytes
    }
}
