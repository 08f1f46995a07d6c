import JSON
import Varlink

/// Holding a stack's gestures: HoldGestures gives a client a lease on the stack, AnswerGestureRequest
/// answers the interactions the lease holds back, and the lease ends with its connection, its stack or
/// the daemon (docs/protocol.md, "Holding a stack's gestures"). The arbitration itself, which the begin
/// paths go through, is `whenGesturesAllow`.
extension TransitionService {
    func registerGestureLeaseMethods(_ implementation: inout VarlinkInterfaceImplementation) {
        implementation.implement("HoldGestures") { [self] context in holdGestures(context) }
        implementation.implement("AnswerGestureRequest") { [self] context in answerGestureRequest(context) }
    }

    /// The longest a request may wait for the holder's answer, in seconds (HoldGestures' `maximumWait`): a
    /// held gesture stands still meanwhile, so the wait is bounded by what a touch tolerates.
    static let maximumGestureWaitSeconds = 1.0

    /// The wait when HoldGestures gives none, in seconds: about six frames at 60 Hz, time enough for a holder
    /// on the same machine to decide, short enough that the gesture it lets begin does not lag.
    static let defaultGestureWaitSeconds = 0.1

    // MARK: Hold

    private func holdGestures(_ context: VarlinkCallContext) {
        // As Subscribe: a lease lives as long as its stream.
        guard context.call.more else {
            context.fail(.expectedMore())
            return
        }
        let record: StackRecord
        let policy: GesturePolicy
        let maximumWait: Double
        let holder = context.peer
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            policy = try Self.gesturePolicy(parameters)
            maximumWait = try Self.gestureWait(parameters)
            record = try changeableStack(name, for: context)
            // A lease is a stream, and counts with the user's subscriptions.
            try streams.reserve(uid: holder.uid, limit: limits.subscriptionsPerUser)
        } catch {
            fail(context, error)
            return
        }
        let lease = GestureLease(
            context: context, policy: policy, maximumWait: .nanoseconds(Int64(maximumWait * 1_000_000_000)))
        if let held = gestureLeases.hold(record, with: lease) {
            streams.release(uid: holder.uid)
            fail(context, .gesturesHeld(stack: record.name, holderPid: held.holder.pid, holderUid: held.holder.uid))
            return
        }
        context.replyContinues(["lease": .string(lease.token)])
        configuration.log.log(
            .notice, "Stack \(record.name): \(holder) holds its gestures (policy \(policy.rawValue))",
            clientFields(context) + [
                ("STACK", record.name), ("POLICY", policy.rawValue),
                ("MAXIMUM_WAIT_MS", String(Int((maximumWait * 1_000).rounded()))), ("EVENT", "gesture-held"),
            ])
        // Runs at once when the connection closed meanwhile.
        context.onConnectionClose { [self] _ in endGestureLease(of: record, token: lease.token) }
    }

    /// HoldGestures' `policy`: ask (the default) or refuse.
    static func gesturePolicy(_ parameters: CallParameters) throws(ServiceError) -> GesturePolicy {
        let text = parameters.optionalString("policy") ?? GesturePolicy.ask.rawValue
        guard let policy = GesturePolicy(rawValue: text) else {
            throw .invalidValue("policy", "Give 'policy' as ask or refuse.")
        }
        return policy
    }

    /// HoldGestures' `maximumWait`, in seconds: above 0, at most `maximumGestureWaitSeconds`.
    static func gestureWait(_ parameters: CallParameters) throws(ServiceError) -> Double {
        guard let seconds = parameters.optionalNumber("maximumWait") else { return defaultGestureWaitSeconds }
        guard seconds > 0, seconds <= maximumGestureWaitSeconds else {
            throw .invalidValue(
                "maximumWait", "Give 'maximumWait' in seconds, above 0 and at most \(maximumGestureWaitSeconds).")
        }
        return seconds
    }

    // MARK: Answer

    private func answerGestureRequest(_ context: VarlinkCallContext) {
        let record: StackRecord
        let token: String
        let id: Int
        let allow: Bool
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            token = try parameters.string("lease")
            // The IDL's int: integral and within 64 bits.
            id = Int(try parameters.number("request"))
            allow = parameters.bool("allow", default: false)
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        switch gestureLeases.answer(record, token: token, request: id) {
        case .failure(.noSuchLease):
            fail(context, .noSuchGestureRequest(stack: record.name, parameter: "lease"))
        case .failure(.noSuchRequest):
            fail(context, .noSuchGestureRequest(stack: record.name, parameter: "request"))
        case .success(let (lease, request)):
            context.reply()
            if allow {
                allowGestureRequest(request, on: record, heldBy: lease, reason: "allowedByHolder")
            } else {
                refuseGestureRequest(request, on: record, heldBy: lease, reason: .refusedByHolder)
            }
        }
    }

    // MARK: Ending

    /// The lease's connection closed: the lease ends, and the requests that waited on it begin (nothing holds
    /// the stack any more).
    private func endGestureLease(of record: StackRecord, token: String) {
        guard let (lease, waiting) = gestureLeases.end(record, token: token) else { return }
        leaseEnded(lease, of: record, reason: "holderLeft")
        for request in waiting { allowGestureRequest(request, on: record, heldBy: lease, reason: "leaseEnded") }
    }

    /// `record` was deleted: its lease's stream ends with a last reply, and the requests that waited on it
    /// fail (`NoSuchStack`).
    func endGestureLease(ofDeleted record: StackRecord) {
        guard let (lease, waiting) = gestureLeases.end(record) else { return }
        lease.context.reply(["lease": .string(lease.token)])
        leaseEnded(lease, of: record, reason: "stackDeleted")
        for request in waiting { fail(request.context, .noSuchStack(record.name)) }
    }

    /// The daemon begins to stop: the requests waiting for an answer fail (`ShuttingDown`), and none waits
    /// from now on.
    func refuseWaitingGestureRequests() {
        for (_, _, request) in gestureLeases.stopWaiting() { fail(request.context, .shuttingDown) }
    }

    /// Ends every lease's stream with `ShuttingDown`, as the subscriptions' (the daemon stops).
    func endGestureLeases() {
        for (record, lease) in gestureLeases.endAll() {
            lease.context.fail(ServiceError.shuttingDown.varlinkError)
            leaseEnded(lease, of: record, reason: "shuttingDown")
        }
    }

    /// Gives the lease's room back to its holder's count of streams and logs its end (`gesture-released`).
    private func leaseEnded(_ lease: GestureLease, of record: StackRecord, reason: String) {
        streams.release(uid: lease.holder.uid)
        configuration.log.log(
            .notice, "Stack \(record.name): the gestures \(lease.holder) held are released (\(reason))",
            [
                ("CLIENT_PID", String(lease.holder.pid)), ("CLIENT_UID", String(lease.holder.uid)),
                ("STACK", record.name), ("REASON", reason), ("EVENT", "gesture-released"),
            ])
    }
}
