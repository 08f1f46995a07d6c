import JSON
import TransitionCore
import TransitionEngine
import Varlink

/// Work done on a stack inside its actor; returns the reply's parameters.
typealias StackWork = @Sendable (isolated StackActor) async throws(TransitionEngineError) -> JSONObject

extension TransitionService {
    /// Replies to `context` with `error` and logs the rejection (`request-rejected`, docs/journal.md).
    func fail(_ context: VarlinkCallContext, _ error: ServiceError) {
        var error = error
        error.parameter = Self.callParameter(error.parameter, of: context.call.memberName)
        context.fail(error.varlinkError)
        logRejection(context, error: error.code.name, parameter: error.parameter, description: "\(error)")
    }

    /// Logs a call answered with an error (`request-rejected`, docs/journal.md): the service's own, or one
    /// the Varlink layer answered (`InvalidParameter` of a value the IDL does not allow, an unknown method).
    func logRejection(_ context: VarlinkCallContext, error: String, parameter: String, description: String) {
        configuration.log.log(
            .debug, "Rejected \(context.call.memberName) from \(context.peer): \(description)",
            clientFields(context) + [
                ("OPERATION", context.call.memberName), ("ERROR", error), ("PARAMETER", parameter),
                ("EVENT", "request-rejected"),
            ])
    }

    /// Replies with the result of a call: its parameters, or its error.
    func finish(_ context: VarlinkCallContext, _ result: Result<JSONObject, ServiceError>) {
        switch result {
        case .success(let parameters): context.reply(parameters)
        case .failure(let error): fail(context, error)
        }
    }

    /// `parameter` when its first field is one `method` declares, else the field naming the stack (or "").
    ///
    /// The engine names what it checked (`operation`, `policy`), which need not be a parameter of the
    /// call made (Push has no `operation`); the wire promises the path of a call parameter
    /// (docs/protocol.md, "Conventions"), and a refusal by the stack's state is the stack's.
    static func callParameter(_ parameter: String, of method: String) -> String {
        guard !parameter.isEmpty, let input = TransitionInterface.interface.method(named: method)?.input else {
            return parameter
        }
        let field = parameter.prefix { $0 != "." && $0 != "[" }
        // `rules[i]…` names the stack's rule that refused (InteractionNotAllowed), as CreateStack or
        // SetRules gave it.
        if field == "rules" || input.contains(where: { $0.name == field }) { return parameter }
        // GetStack and DeleteStack name their stack `name`.
        return ["stack", "name"].first { name in input.contains { $0.name == name } } ?? ""
    }

    /// The journal fields naming the client of a call.
    func clientFields(_ context: VarlinkCallContext) -> [(name: String, value: String)] {
        [("CLIENT_PID", String(context.peer.pid)), ("CLIENT_UID", String(context.peer.uid))]
    }

    /// Looks up the stack a changing call names and checks that the caller may change it.
    ///
    /// - Throws: `ShuttingDown`, `NoSuchStack`, or `PermissionDenied`.
    func changeableStack(
        _ name: String, for context: VarlinkCallContext, parameter: String = "stack"
    ) throws(ServiceError) -> StackRecord {
        guard !isStopping else { throw .shuttingDown }
        let record = try stackRecord(name, parameter: parameter)
        try authorize(change: record, by: context)
        return record
    }

    /// Checks that the caller of `context` may change `record`.
    ///
    /// - Throws: `PermissionDenied`.
    func authorize(change record: StackRecord, by context: VarlinkCallContext) throws(ServiceError) {
        let peer = context.peer
        let allowed = access.mayChange(ownedBy: record.ownerUid, peer: peer)
        guard allowed else {
            throw peer.uid == .max
                ? .unknownCaller(stack: record.name) : .permissionDenied(stack: record.name, uid: peer.uid)
        }
    }

    /// Runs `work`, a call that may change the stack, inside the stack's actor in a new task and replies
    /// with its outcome.
    ///
    /// The stack's cached `GetStack` reply is dropped now, on the event-loop thread, and none is kept
    /// until the work has ended (`StackReadCache`).
    func respond(
        _ context: VarlinkCallContext, on record: StackRecord, errors: ErrorContext, _ work: @escaping StackWork
    ) {
        record.reads.withLock { $0.beginChange() }
        // Started on the event-loop thread, the task goes straight to the stack's executor (no pool
        // thread in between) and replies from there.
        Task.immediate { await self.performAndReply(on: record.actor, record: record, context, errors, work) }
    }

    /// `perform`, then the end of the change and the reply, all inside the stack's actor.
    private func performAndReply(
        on stack: isolated StackActor, record: StackRecord, _ context: VarlinkCallContext, _ errors: ErrorContext,
        _ work: StackWork
    ) async {
        let result = await perform(on: stack, record: record, errors: errors, work)
        record.reads.withLock { $0.endChange() }
        finish(context, result)
    }

    /// Applies the stack's pending gesture input, then `work`; maps an engine error with the stack's
    /// state at that moment (the running transition, the rules).
    func perform(
        on stack: isolated StackActor, record: StackRecord, errors: ErrorContext, _ work: StackWork
    ) async -> Result<JSONObject, ServiceError> {
        applyPendingInput(of: record, on: stack)
        do {
            return .success(try await work(stack))
        } catch {
            return .failure(mapError(error, on: stack, errors: errors))
        }
    }

    /// The wire error of an engine error raised on `stack`.
    func mapError(
        _ error: TransitionEngineError, on stack: isolated StackActor, errors: ErrorContext
    ) -> ServiceError {
        var errors = errors
        errors.runningTransition = stack.transitionStatus?.id ?? 0
        errors.rules = stack.state.rules
        if error.code.isStorageFailure { logStorageFailure(error, stack: errors.stack) }
        return ServiceError(error, context: errors, animators: animators.all)
    }

    /// Applies the gesture input sent oneway and not yet applied, inside the stack's actor: the latest
    /// fraction, then the pointer samples in order.
    func applyPendingInput(of record: StackRecord, on stack: isolated StackActor) {
        let (fraction, samples) = record.interaction.withLock { interaction -> (Double?, [PointerSample]) in
            defer {
                interaction.pendingFraction = nil
                interaction.pendingSamples = []
                interaction.inMailbox = false
            }
            return (interaction.pendingFraction, interaction.pendingSamples)
        }
        // Oneway input has nobody to tell about its failure (the transition ended meanwhile, a sample went
        // back in time).
        if let fraction { try? stack.updateInteractive(fraction) }
        for sample in samples { _ = try? stack.movePointer(to: sample) }
    }

    /// Logs a failed write of the state directory, the daemon's own failure (`state-write-failed`).
    func logStorageFailure(_ error: TransitionEngineError, stack: String) {
        configuration.log.log(
            .error, "Failed to write the state of stack \(stack): \(error.message)",
            [
                ("STACK", stack), ("ERROR", error.code.description), ("CAUSE", error.cause ?? ""),
                ("EVENT", "state-write-failed"),
            ])
    }
}

extension TransitionEngineError.Code {
    /// Whether the code is a failure to write the state directory.
    var isStorageFailure: Bool { self == .diskFull || self == .persistenceFailed }
}
