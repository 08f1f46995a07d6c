import SystemPrimitives
import TransitionCore
import Varlink

/// The stacks whose gestures a client holds (HoldGestures), each with its lease and the interactions
/// waiting for the holder's answer: UIKit's `gestureRecognizerShouldBegin(_:)` and `require(toFail:)`, where
/// one recognizer decides whether another may begin, across processes.
///
/// Every question is answered under one lock, on whatever thread asks: whether an interaction may begin at
/// once (`admit`, on the event-loop thread, one lookup when nothing is held), and who resolves a waiting
/// request. A request is resolved exactly once: by the holder's answer, its timeout, its client leaving, the
/// lease's end or the daemon stopping, whichever takes it out of its lease first.
final class GestureLeases: Sendable {
    /// A held stack: its lease and the requests waiting for the holder, oldest first.
    private struct Entry {
        let record: StackRecord
        let lease: GestureLease
        /// The number the next request gets, from 1.
        var nextRequest = 1
        var waiting: [WaitingGestureRequest] = []
    }

    private struct State {
        /// By the stack's record, so that a stack deleted and created again under its name is not held.
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Set when the daemon stops: nothing waits from then on.
        var stopping = false
    }

    private let state = Locked(State())

    /// What `admit` decided for an interaction.
    enum Admission: Sendable {
        /// Nobody else holds the stack's gestures: begin now.
        case proceed
        /// The holder refuses every request (policy refuse).
        case refused(GestureLease)
        /// The request waits for the holder's answer; tell the holder.
        case asked(GestureLease, WaitingGestureRequest)
        /// The daemon stops; nothing waits any more.
        case stopping
    }

    /// Decides whether `context`'s interaction on `record` may begin, and when the holder must be asked,
    /// keeps the request (with `begin`, to call on allow) until it is resolved.
    ///
    /// The holder's own process is never asked: a HoldGestures call keeps its connection busy, so the
    /// holder's interactions come on its other connections, and they are the holder's by its pid.
    func admit(
        _ record: StackRecord, _ context: VarlinkCallContext, operation: TransitionOperation?,
        _ begin: @escaping @Sendable () -> Void
    ) -> Admission {
        state.withLock { state in
            let key = ObjectIdentifier(record)
            guard let entry = state.entries[key], entry.lease.holder.pid != context.peer.pid else { return .proceed }
            guard !state.stopping else { return .stopping }
            guard entry.lease.policy == .ask else { return .refused(entry.lease) }
            let request = WaitingGestureRequest(id: entry.nextRequest, context: context, operation: operation, begin)
            state.entries[key]?.nextRequest += 1
            state.entries[key]?.waiting.append(request)
            return .asked(entry.lease, request)
        }
    }

    /// Makes `lease` hold `record`'s gestures.
    ///
    /// - Returns: nil when it does; the lease that holds them already, which stays, otherwise.
    func hold(_ record: StackRecord, with lease: GestureLease) -> GestureLease? {
        state.withLock { state in
            let key = ObjectIdentifier(record)
            if let held = state.entries[key] { return held.lease }
            state.entries[key] = Entry(record: record, lease: lease)
            return nil
        }
    }

    /// Why `answer` found nothing to answer.
    enum AnswerFailure: Error {
        /// `record` has no lease with the token given (it ended, or another holds the stack).
        case noSuchLease
        /// The lease has no request with the number given waiting.
        case noSuchRequest
    }

    /// Takes the request numbered `id` out of `record`'s lease named by `token`, for its holder's answer.
    ///
    /// - Returns: the lease and the request, or why there is none.
    func answer(
        _ record: StackRecord, token: String, request id: Int
    ) -> Result<(GestureLease, WaitingGestureRequest), AnswerFailure> {
        state.withLock { state in
            let key = ObjectIdentifier(record)
            guard let entry = state.entries[key], entry.lease.token == token else { return .failure(.noSuchLease) }
            guard let index = entry.waiting.firstIndex(where: { $0.id == id }),
                let request = state.entries[key]?.waiting.remove(at: index)
            else { return .failure(.noSuchRequest) }
            return .success((entry.lease, request))
        }
    }

    /// Takes the request numbered `id` out of `record`'s lease named by `token`, if it still waits: its wait
    /// is over, or its client left.
    func withdraw(_ record: StackRecord, token: String, request id: Int) -> WaitingGestureRequest? {
        try? answer(record, token: token, request: id).get().1
    }

    /// Ends `record`'s lease named by `token`, if it still holds the stack.
    ///
    /// - Returns: the lease and the requests that waited on it, oldest first; nil when it had ended.
    func end(_ record: StackRecord, token: String) -> (GestureLease, [WaitingGestureRequest])? {
        state.withLock { state in
            let key = ObjectIdentifier(record)
            guard let entry = state.entries[key], entry.lease.token == token else { return nil }
            state.entries[key] = nil
            return (entry.lease, entry.waiting)
        }
    }

    /// Ends `record`'s lease, whichever it is (the stack was deleted).
    func end(_ record: StackRecord) -> (GestureLease, [WaitingGestureRequest])? {
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: ObjectIdentifier(record)) else { return nil }
            return (entry.lease, entry.waiting)
        }
    }

    /// The daemon stops: no request waits from now on. Returns the requests that waited, with their leases
    /// and stacks; the leases themselves stay until `endAll()`.
    func stopWaiting() -> [(StackRecord, GestureLease, WaitingGestureRequest)] {
        state.withLock { state in
            state.stopping = true
            var taken: [(StackRecord, GestureLease, WaitingGestureRequest)] = []
            for key in state.entries.keys {
                guard let entry = state.entries[key] else { continue }
                taken += entry.waiting.map { (entry.record, entry.lease, $0) }
                state.entries[key]?.waiting = []
            }
            return taken
        }
    }

    /// Ends every lease (the daemon stops); returns them with their stacks.
    func endAll() -> [(StackRecord, GestureLease)] {
        state.withLock { state in
            defer { state.entries = [:] }
            return state.entries.values.map { ($0.record, $0.lease) }
        }
    }

    /// Stacks whose gestures are held now.
    var count: Int { state.withLock { $0.entries.count } }
}

/// What the holder of a stack's gestures does with other processes' interactions (HoldGestures' `policy`).
enum GesturePolicy: String, Sendable {
    /// Each one waits for the holder's answer, for at most the lease's `maximumWait`.
    case ask
    /// Each one is refused at once.
    case refuse
}

/// One HoldGestures call: the lease it replied with, and how it answers.
struct GestureLease: Sendable {
    /// The lease's text: 128 random bits in hex, which the holder shows with each answer, so that no
    /// other client can answer for it.
    let token: String
    /// The HoldGestures call, whose stream carries the requests.
    let context: VarlinkCallContext
    let policy: GesturePolicy
    /// The longest a request waits for the holder's answer.
    let maximumWait: Duration

    /// The holder's process and uid.
    var holder: VarlinkPeerCredentials { context.peer }

    /// A new lease for `context`'s call, with a fresh token.
    init(context: VarlinkCallContext, policy: GesturePolicy, maximumWait: Duration) {
        var generator = SystemRandomNumberGenerator()
        token = [generator.next(), generator.next()].map { (value: UInt64) in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
        self.context = context
        self.policy = policy
        self.maximumWait = maximumWait
    }
}

/// An interaction (BeginInteractive, CatchTransition) that waits for the holder's answer.
struct WaitingGestureRequest: Sendable {
    /// Its number within its lease, from 1 (`GestureRequest.id`).
    let id: Int
    /// The asking call, answered when the request is resolved.
    let context: VarlinkCallContext
    /// BeginInteractive's operation; nil for CatchTransition.
    let operation: TransitionOperation?
    /// Does the call's work: called once, if the request is allowed.
    let begin: @Sendable () -> Void

    init(
        id: Int, context: VarlinkCallContext, operation: TransitionOperation?, _ begin: @escaping @Sendable () -> Void
    ) {
        self.id = id
        self.context = context
        self.operation = operation
        self.begin = begin
    }

    /// The asking process and uid.
    var client: VarlinkPeerCredentials { context.peer }
}
