import JSON
import TransitionCore
import TransitionEngine
import Varlink

extension TransitionService {
    func registerInteractionMethods(_ implementation: inout VarlinkInterfaceImplementation) {
        implementation.implement("BeginInteractive") { [self] context in beginInteractive(context) }
        implementation.implement("UpdateInteractive") { [self] context in updateInteractive(context) }
        implementation.implementInPlace("UpdateInteractive") { [self] call in updateInteractiveInPlace(call) }
        implementation.implement("FinishInteractive") { [self] context in endInteractive(context, finishing: true) }
        implementation.implement("CancelInteractive") { [self] context in endInteractive(context, finishing: false) }
        implementation.implement("Pause") { [self] context in
            control(context) { stack throws(TransitionEngineError) in try stack.pause() }
        }
        implementation.implement("Resume") { [self] context in
            let continuation: ResumeContinuation?
            do throws(ServiceError) {
                continuation = try CallParameters(context.parameters).resumeContinuation()
            } catch {
                fail(context, error)
                return
            }
            control(context) { stack throws(TransitionEngineError) in try stack.resume(continuation) }
        }
        implementation.implement("Reverse") { [self] context in
            control(context) { stack throws(TransitionEngineError) in try stack.reverse() }
        }
        implementation.implement("Scrub") { [self] context in
            let fraction: Double
            do throws(ServiceError) {
                fraction = try CallParameters(context.parameters).fraction("fraction")
            } catch {
                fail(context, error)
                return
            }
            control(context) { stack throws(TransitionEngineError) in try stack.scrub(to: fraction) }
        }
    }

    // MARK: Begin

    private func beginInteractive(_ context: VarlinkCallContext) {
        let parameters = CallParameters(context.parameters)
        let record: StackRecord
        let operation: StackOperation
        let options: OperationOptions
        let rule: DisconnectRule
        let pan: PanStart?
        do throws(ServiceError) {
            let name = try parameters.identifier("stack")
            operation = try Self.interactiveOperation(parameters)
            options = try parameters.operationOptions()
            rule = try Self.disconnectRule(parameters)
            pan = try parameters.panStart()
            try checkExplicitAnimator(options.animator, for: operation.transitionOperations)
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        var errors = ErrorContext(stack: record.name, parameter: "operation")
        errors.animator = options.animator
        errors.operations = operation.transitionOperations
        errors.screen = operation.namedScreen
        errors.tab = operation.namedTab
        let work: StackWork = { [self] stack throws(TransitionEngineError) in
            let receipt: OperationReceipt
            do throws(TransitionEngineError) {
                receipt = try stack.beginInteractive(operation, options: options, pan: pan)
            } catch {
                // The engine names PopTo's `screen`; BeginInteractive calls it `toScreen`.
                guard error.code == .noSuchScreen else { throw error }
                var renamed = error
                renamed.parameter = "toScreen"
                throw renamed
            }
            becomeDriver(of: record, transition: receipt.transition, rule: rule, on: context)
            return ReplyEncoding.operationResult(receipt)
        }
        // A client holding the stack's gestures may hold the begin back (HoldGestures).
        let kind = try? parameters.operation("operation")
        whenGesturesAllow(record, context, operation: kind) { [self, errors] in
            respond(context, on: record, errors: errors, work)
        }
    }

    /// `onDisconnect`: cancel (the default) or finish.
    static func disconnectRule(_ parameters: CallParameters) throws(ServiceError) -> DisconnectRule {
        let text = parameters.optionalString("onDisconnect") ?? DisconnectRule.cancel.rawValue
        guard let rule = DisconnectRule(rawValue: text) else {
            throw .invalidValue("onDisconnect", "Give 'onDisconnect' as cancel or finish.")
        }
        return rule
    }

    /// Makes the connection of `context` the one that drives `record`'s gesture (of `transition`), and
    /// applies `rule` if that connection closes while it still drives.
    func becomeDriver(
        of record: StackRecord, transition: TransitionID, rule: DisconnectRule, on context: VarlinkCallContext
    ) {
        let peer = context.peer
        let driver = InteractionDriver(
            connectionID: context.connectionID, pid: peer.pid, transition: transition, rule: rule)
        record.interaction.withLock { $0.driver = driver }
        context.onConnectionClose { [self] _ in driverLeft(record, driver, peer: peer) }
    }

    /// Whether the caller of `context` may move or end `record`'s gesture: it drives it (or nobody does),
    /// or it is root or of the control group and takes it over from the driver.
    ///
    /// - Throws: `NotGestureDriver` for anyone else.
    func driverStanding(of record: StackRecord, for context: VarlinkCallContext) throws(ServiceError)
        -> DriverStanding
    {
        let driver = record.interaction.withLock { $0.driver }
        guard let driver, driver.connectionID != context.connectionID else { return .driving }
        guard access.mayTakeOverGestures(peer: context.peer) else {
            throw .notGestureDriver(stack: record.name, driverPid: driver.pid)
        }
        return .takingOver(from: driver)
    }

    /// After a call of a connection taking the gesture over succeeded and the gesture goes on: the caller
    /// drives it from now on (cancelling it if it disconnects), the subscribers get an
    /// `interactionTakenOver` event, and the journal says who took it from whom.
    func completeTakeOver(
        _ standing: DriverStanding, of record: StackRecord, on stack: isolated StackActor,
        by context: VarlinkCallContext, rule: DisconnectRule = .cancel
    ) throws(TransitionEngineError) {
        guard case .takingOver(let previous) = standing, let status = stack.transitionStatus else { return }
        let peer = context.peer
        becomeDriver(of: record, transition: status.id, rule: rule, on: context)
        try stack.announceInteractionTakenOver()
        configuration.log.log(
            .notice,
            "Stack \(record.name): \(peer) took over the gesture driving transition \(status.id) from pid \(previous.pid)",
            [
                ("CLIENT_PID", String(peer.pid)), ("CLIENT_UID", String(peer.uid)), ("STACK", record.name),
                ("TRANSITION_ID", String(status.id)), ("PREVIOUS_DRIVER_PID", String(previous.pid)),
                ("EVENT", "interaction-taken-over"),
            ])
    }

    /// Whether `connectionID` may move `record`'s gesture (it drives it, or nobody does).
    func mayDrive(_ record: StackRecord, from connectionID: UInt64) -> Bool {
        record.interaction.withLock { $0.driver.map { $0.connectionID == connectionID } ?? true }
    }

    /// BeginInteractive's operation from `operation` and the fields it needs.
    private static func interactiveOperation(_ parameters: CallParameters) throws(ServiceError) -> StackOperation {
        let kind = try parameters.operation("operation")
        let screen = try parameters.optionalScreen("screen")
        let tab = parameters.optionalString("tab")
        let toScreen = parameters.optionalString("toScreen")
        if screen != nil, kind != .push, kind != .present {
            throw .invalidValue("screen", "Give 'screen' only for push and present.")
        }
        let style = try parameters.presentationStyle("style")
        if style != nil, kind != .present { throw .invalidValue("style", "Give 'style' only for present.") }
        if tab != nil, kind != .selectTab { throw .invalidValue("tab", "Give 'tab' only for selectTab.") }
        if toScreen != nil, kind != .pop { throw .invalidValue("toScreen", "Give 'toScreen' only for pop.") }
        switch kind {
        case .push, .present:
            guard let screen else { throw .invalidValue("screen", "Give the screen to \(kind.rawValue).") }
            return kind == .push ? .push(screen) : .present(screen, style: style ?? .fullScreen)
        case .pop:
            guard let toScreen else { return .pop }
            guard CallParameters.isValidIdentifier(toScreen) else {
                throw .invalidValue("toScreen", "Give 'toScreen' as a screen identifier of 1 to 256 bytes.")
            }
            return .popTo(ScreenID(rawValue: toScreen))
        case .dismiss:
            return .dismiss
        case .selectTab:
            guard let tab, CallParameters.isValidIdentifier(tab) else {
                throw .invalidValue("tab", "Give the name of the tab to select.")
            }
            return .selectTab(TabID(rawValue: tab))
        case .resize:
            throw .invalidValue("operation", "A resize is not driven by a gesture; change the size with Resize.")
        }
    }

    /// The client that began an interactive transition went away: apply its `onDisconnect` rule if the
    /// transition it began is still driven by a gesture.
    private func driverLeft(_ record: StackRecord, _ driver: InteractionDriver, peer: VarlinkPeerCredentials) {
        Task {
            let ended = await endAbandonedInteraction(on: record.actor, record: record, driver: driver)
            guard let ended else { return }
            configuration.log.log(
                .notice,
                "Stack \(record.name): the client driving transition \(driver.transition) left (\(peer)); \(ended)",
                [
                    ("CLIENT_PID", String(peer.pid)), ("CLIENT_UID", String(peer.uid)), ("STACK", record.name),
                    ("TRANSITION_ID", String(driver.transition)), ("ON_DISCONNECT", driver.rule.rawValue),
                    ("EVENT", "interaction-abandoned"),
                ])
        }
    }

    /// Ends an interaction whose driver left; returns what was done, or nil when nothing was left to do.
    private func endAbandonedInteraction(
        on stack: isolated StackActor, record: StackRecord, driver: InteractionDriver
    ) -> String? {
        let stillDriver = record.interaction.withLock { interaction -> Bool in
            guard interaction.driver == driver else { return false }
            interaction.driver = nil
            return true
        }
        guard stillDriver, let status = stack.transitionStatus, status.id == driver.transition, status.isInteractive
        else { return nil }
        applyPendingInput(of: record, on: stack)
        do {
            switch driver.rule {
            case .cancel: try stack.cancelInteractive()
            case .finish: try stack.finishInteractive()
            }
        } catch {
            return nil
        }
        return driver.rule == .cancel ? "cancelled it" : "finished it"
    }

    // MARK: Update

    private func updateInteractive(_ context: VarlinkCallContext) {
        let record: StackRecord
        let fraction: Double
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            fraction = try parameters.fraction("fraction")
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        moveGesture(context, on: record, store: { [self] in storePendingFraction(fraction, of: record) }) {
            stack throws(TransitionEngineError) in
            try stack.updateInteractive(fraction)
            return [:]
        }
    }

    /// The rest of a call that moves a gesture (UpdateInteractive, MovePointer) once its parameters are
    /// read. Answered: `apply` runs in the stack's actor for the gesture's driver, or for root or the control
    /// group, which take the gesture over (anyone else gets `NotGestureDriver`). Oneway: `store` keeps the
    /// input for the stack's turn when the caller drives; from anyone else it is dropped, as it has nobody
    /// to tell.
    func moveGesture(
        _ context: VarlinkCallContext, on record: StackRecord, store: () -> Void, apply: @escaping StackWork
    ) {
        guard context.call.oneway else {
            let standing: DriverStanding
            do throws(ServiceError) {
                standing = try driverStanding(of: record, for: context)
            } catch {
                fail(context, error)
                return
            }
            respond(context, on: record, errors: ErrorContext(stack: record.name)) {
                [self] stack throws(TransitionEngineError) in
                let reply = try await apply(stack)
                try completeTakeOver(standing, of: record, on: stack, by: context)
                return reply
            }
            return
        }
        if mayDrive(record, from: context.connectionID) { store() }
        context.reply()
    }

    /// Keeps only the latest oneway fraction (gesture updates coalesce).
    func storePendingFraction(_ fraction: Double, of record: StackRecord) {
        storePendingInput(of: record) { $0.pendingFraction = fraction }
    }

    /// Keeps a oneway pointer sample until the stack's turn (every sample, at most
    /// `InteractionState.maximumPendingSamples`, the oldest dropped first).
    func storePendingSample(_ sample: PointerSample, of record: StackRecord) {
        storePendingInput(of: record) { interaction in
            if interaction.pendingSamples.count == InteractionState.maximumPendingSamples {
                interaction.pendingSamples.removeFirst()
            }
            interaction.pendingSamples.append(sample)
        }
    }

    /// Changes `record`'s pending oneway input with `change` and puts the stack in the gesture mailbox unless
    /// it waits there already: it waits once, whatever the number of inputs, until the draining task
    /// applies them all.
    private func storePendingInput(of record: StackRecord, _ change: (inout InteractionState) -> Void) {
        let added = record.interaction.withLock { interaction -> Bool in
            change(&interaction)
            defer { interaction.inMailbox = true }
            return !interaction.inMailbox
        }
        if added { gestures.add(record) }
    }

    /// Applies the pending input of every stack in the gesture mailbox, entering one actor after the
    /// other, until the mailbox is empty. At most one runs at a time (`GestureMailbox.endRound()`).
    func drainGestures() async {
        while let records = gestures.take() {
            guard let first = records.first else { continue }
            await applyPendingInputs(of: records, from: first.actor)
        }
    }

    /// Applies the records' pending input, starting inside `stack`'s actor: the stacks of one shard
    /// share its executor, so going from one to the next stays on that thread.
    private func applyPendingInputs(of records: [StackRecord], from stack: isolated StackActor) async {
        for record in records {
            if record.actor === stack {
                applyPendingInput(of: record, on: stack)
            } else {
                await applyPendingInput(of: record, on: record.actor)
            }
        }
    }

    // MARK: Finish and cancel

    private func endInteractive(_ context: VarlinkCallContext, finishing: Bool) {
        let record: StackRecord
        let completion: InteractionCompletion
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            completion = try Self.completion(parameters)
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        endGesture(context, on: record) { stack throws(TransitionEngineError) in
            if finishing {
                try stack.finishInteractive(completion)
            } else {
                try stack.cancelInteractive(completion)
            }
            return [:]
        }
    }

    /// The rest of a call that ends a gesture (FinishInteractive, CancelInteractive, ReleasePointer) once its
    /// parameters are read: refused with `NotGestureDriver` unless the caller drives the gesture or is root
    /// or of the control group; `end` runs in the stack's actor, after which nobody drives it.
    func endGesture(_ context: VarlinkCallContext, on record: StackRecord, _ end: @escaping StackWork) {
        do throws(ServiceError) {
            _ = try driverStanding(of: record, for: context)
        } catch {
            fail(context, error)
            return
        }
        respond(context, on: record, errors: ErrorContext(stack: record.name)) { stack throws(TransitionEngineError) in
            let reply = try await end(stack)
            record.interaction.withLock { $0.driver = nil }
            return reply
        }
    }

    /// FinishInteractive's and CancelInteractive's completion parameters.
    static func completion(_ parameters: CallParameters) throws(ServiceError) -> InteractionCompletion {
        var completion = InteractionCompletion(velocity: parameters.optionalNumber("velocity"))
        if let speed = parameters.optionalNumber("completionSpeed") {
            guard speed > 0 else {
                throw .invalidValue("completionSpeed", "Give 'completionSpeed' above 0 (1 is normal speed).")
            }
            completion.speed = speed
        }
        if let curve = try parameters.optionalCurve("completionCurve") { completion.curve = curve }
        return completion
    }

    // MARK: Pause, resume, reverse, scrub

    /// Runs a call on the running transition (Pause, Resume, Reverse, Scrub), replying `{}`.
    private func control(
        _ context: VarlinkCallContext,
        _ body: @escaping @Sendable (isolated StackActor) throws(TransitionEngineError) -> Void
    ) {
        let record: StackRecord
        do throws(ServiceError) {
            record = try changeableStack(try CallParameters(context.parameters).identifier("stack"), for: context)
        } catch {
            fail(context, error)
            return
        }
        respond(context, on: record, errors: ErrorContext(stack: record.name)) { stack throws(TransitionEngineError) in
            try body(stack)
            return [:]
        }
    }
}

extension TransitionService {
    /// Ends every gesture-driven transition the way its driver chose at BeginInteractive (cancel unless
    /// it asked for finish), as if every driver had left. Used when the daemon stops.
    public func releaseInteractions() async {
        for record in records {
            let driver = record.interaction.withLock { $0.driver }
            await releaseInteraction(on: record.actor, record: record, rule: driver?.rule ?? .cancel)
        }
    }

    private func releaseInteraction(on stack: isolated StackActor, record: StackRecord, rule: DisconnectRule) {
        guard let status = stack.transitionStatus, status.isInteractive else { return }
        applyPendingInput(of: record, on: stack)
        record.interaction.withLock { $0.driver = nil }
        switch rule {
        case .cancel: try? stack.cancelInteractive()
        case .finish: try? stack.finishInteractive()
        }
    }
}
