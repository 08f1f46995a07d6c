import JSON
import TransitionCore
import Varlink

/// Whether an interaction may begin on a stack whose gestures a client holds: the one step BeginInteractive
/// and CatchTransition take between their checks and their work (UIKit's `gestureRecognizerShouldBegin(_:)`,
/// asked of the holder across processes).
extension TransitionService {
    /// Calls `begin` now when nobody else holds `record`'s gestures; otherwise asks the holder and calls it
    /// on allow (from any thread), or fails `context` with `GestureRefused`.
    ///
    /// Call it after the call's parameters are validated and authorized, and let `begin` do the work and
    /// reply. With no lease on the stack (or one the caller's own process holds) it costs one lock and calls
    /// `begin` on the calling thread before it returns. Under a lease of policy refuse the call fails at
    /// once (reason `held`); of policy ask the holder gets the request on its stream, and the call waits
    /// until the holder answers (`begin`, or reason `refusedByHolder`), the lease's `maximumWait` passes
    /// (reason `noAnswer`), the lease ends (`begin`: nothing holds the stack any more), the stack is deleted
    /// (`NoSuchStack`) or the daemon stops (`ShuttingDown`). A request whose client leaves while it waits is
    /// dropped.
    ///
    /// - Parameter operation: BeginInteractive's operation, shown to the holder; nil for CatchTransition.
    func whenGesturesAllow(
        _ record: StackRecord, _ context: VarlinkCallContext, operation: TransitionOperation?,
        _ begin: @escaping @Sendable () -> Void
    ) {
        switch gestureLeases.admit(record, context, operation: operation, begin) {
        case .proceed:
            begin()
        case .refused(let lease):
            // Never asked, so never numbered.
            refuseGestureRequest(
                WaitingGestureRequest(id: 0, context: context, operation: operation, begin), on: record,
                heldBy: lease, reason: .held)
        case .stopping:
            fail(context, .shuttingDown)
        case .asked(let lease, let request):
            ask(lease, request, on: record)
        }
    }

    /// Sends `request` to the holder of `lease` and bounds its wait; a request whose client leaves is dropped.
    private func ask(_ lease: GestureLease, _ request: WaitingGestureRequest, on record: StackRecord) {
        let token = lease.token
        // A holder whose connection has just closed is not told: its lease ends, and the request begins.
        lease.context.replyContinues(["lease": .string(token), "request": Self.gestureRequest(request)])
        Task { [self] in
            try? await Task.sleep(for: lease.maximumWait)
            guard let expired = gestureLeases.withdraw(record, token: token, request: request.id) else { return }
            refuseGestureRequest(expired, on: record, heldBy: lease, reason: .noAnswer)
        }
        request.context.onConnectionClose { [self] _ in
            _ = gestureLeases.withdraw(record, token: token, request: request.id)
        }
    }

    /// `GestureRequest` as the holder sees it.
    static func gestureRequest(_ request: WaitingGestureRequest) -> JSONValue {
        var fields: JSONObject = [
            "id": .number(Double(request.id)), "method": .string(request.context.call.memberName),
            "pid": .number(Double(request.client.pid)), "uid": .number(Double(request.client.uid)),
        ]
        if let operation = request.operation { fields["operation"] = .string(operation.rawValue) }
        return .object(fields)
    }

    /// Lets `request` begin, and logs why (`gesture-request-allowed`): `allowedByHolder`, or `leaseEnded`.
    /// After the daemon began to stop it fails with `ShuttingDown` instead.
    func allowGestureRequest(
        _ request: WaitingGestureRequest, on record: StackRecord, heldBy lease: GestureLease, reason: String
    ) {
        guard !isStopping else {
            fail(request.context, .shuttingDown)
            return
        }
        configuration.log.log(
            .info,
            "Stack \(record.name): \(request.context.call.memberName) from \(request.client) may begin (\(reason))",
            gestureRequestFields(request, on: record, heldBy: lease, reason: reason)
                + [("EVENT", "gesture-request-allowed")])
        request.begin()
    }

    /// Fails `request` with `GestureRefused` for `reason` and logs it (`gesture-request-refused`, in place of
    /// the `request-rejected` entry other refusals get).
    func refuseGestureRequest(
        _ request: WaitingGestureRequest, on record: StackRecord, heldBy lease: GestureLease,
        reason: ServiceError.GestureRefusal
    ) {
        let holder = lease.holder
        let error = ServiceError.gestureRefused(
            stack: record.name, reason: reason, holderPid: holder.pid, holderUid: holder.uid)
        request.context.fail(error.varlinkError)
        configuration.log.log(
            .info,
            "Stack \(record.name): \(request.context.call.memberName) from \(request.client) refused "
                + "(\(reason.rawValue), the gestures are held by \(holder))",
            gestureRequestFields(request, on: record, heldBy: lease, reason: reason.rawValue)
                + [("EVENT", "gesture-request-refused")])
    }

    /// The journal fields of a decision on `request`: its client, the stack, the call, the holder, why.
    private func gestureRequestFields(
        _ request: WaitingGestureRequest, on record: StackRecord, heldBy lease: GestureLease, reason: String
    ) -> [(name: String, value: String)] {
        [
            ("CLIENT_PID", String(request.client.pid)), ("CLIENT_UID", String(request.client.uid)),
            ("STACK", record.name), ("OPERATION", request.context.call.memberName),
            ("HOLDER_PID", String(lease.holder.pid)), ("HOLDER_UID", String(lease.holder.uid)), ("REASON", reason),
        ]
    }
}
