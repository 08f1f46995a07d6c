import TransitionCore

extension StackActor {
    /// Runs a navigation operation.
    ///
    /// - Returns: `began` (its transition started), `queued` (it waits; policy `queue`, or `retarget` for
    ///   a non-inverse operation), `retargeted` (it reversed the running transition), `committed` (without
    ///   animation; durable when this returns) or `unchanged`.
    /// - Throws: the operation's named error (`stackUnderflow`, `noSuchScreen`, `nothingPresented`,
    ///   `screenPresented`, `noSuchTab`, `duplicateScreen`, `invalidAnimator`, `invalidParameter`),
    ///   `transitionInProgress` under policy `reject`, `limitExceeded` when the queue is full, or the
    ///   write's `diskFull` / `persistenceFailed` for a change without animation (then nothing changed).
    @discardableResult
    public func perform(
        _ operation: StackOperation, options: OperationOptions = OperationOptions()
    ) async throws(TransitionEngineError) -> OperationReceipt {
        try await request(.navigation(operation, options))
    }

    /// Changes a setting (container size, rules, policy) in turn with the operations; durable on return
    /// unless it was queued.
    @discardableResult
    public func configure(_ change: StackConfigurationChange) async throws(TransitionEngineError) -> OperationReceipt {
        try await request(.configuration(change))
    }

    private func request(_ operation: PendingOperation) async throws(TransitionEngineError) -> OperationReceipt {
        try requireOpen()
        let (result, output) = machine.request(operation, in: environment())
        let receipt = try result.get()
        // Most operations write nothing yet (they begin a transition, or wait): carried out without an
        // `await`, which cost two executor switches per operation even when there was nothing to write.
        guard let commit = carryOut(output) else { return receipt }
        let written = await writeNow(commit)
        if receipt.disposition == .committed { try written.get() }
        return receipt
    }

    /// Pushes `screen` (see `perform(_:options:)`).
    @discardableResult
    public func push(_ screen: Screen, options: OperationOptions = OperationOptions())
        async throws(TransitionEngineError)
        -> OperationReceipt
    { try await perform(.push(screen), options: options) }

    /// Pops the top screen (see `perform(_:options:)`).
    @discardableResult
    public func pop(options: OperationOptions = OperationOptions()) async throws(TransitionEngineError)
        -> OperationReceipt
    { try await perform(.pop, options: options) }

    /// Presents `screen` modally in `style` (see `perform(_:options:)`): with `overCurrentContext`, the
    /// screens it is presented over stay drawn under it once the present settles; with `custom`, also
    /// the animator's presentation (its frame and chrome, `AnimatorPresentation`).
    @discardableResult
    public func present(
        _ screen: Screen, style: PresentationStyle = .fullScreen, options: OperationOptions = OperationOptions()
    ) async throws(TransitionEngineError) -> OperationReceipt {
        try await perform(.present(screen, style: style), options: options)
    }

    /// Dismisses the top presented screen (see `perform(_:options:)`).
    @discardableResult
    public func dismiss(options: OperationOptions = OperationOptions()) async throws(TransitionEngineError)
        -> OperationReceipt
    { try await perform(.dismiss, options: options) }

    // MARK: Interaction

    /// Begins `operation` as an interactive transition paused at fraction 0, driven by
    /// `updateInteractive` or, with `pan`, by `movePointer` from the pan's touch-down.
    ///
    /// - Throws: `transitionInProgress` if anything runs or waits, `interactionNotAllowed` if the rules
    ///   forbid it, `noTransition` if the operation changes nothing visible, `pointerOutsideEdge` if the
    ///   pan must start at an edge and does not, or the operation's or the pan's error.
    @discardableResult
    public func beginInteractive(
        _ operation: StackOperation, options: OperationOptions = OperationOptions(), pan: PanStart? = nil
    ) throws(TransitionEngineError) -> OperationReceipt {
        try requireOpen()
        let (result, output) = machine.beginInteractive(operation, options: options, pan: pan, in: environment())
        let receipt = try result.get()
        _ = carryOut(output)
        return receipt
    }

    /// Sets the interactive transition's fraction, in [0, 1].
    ///
    /// - Throws: `invalidFraction`, `noTransition`, `notInteractive`.
    public func updateInteractive(_ fraction: Double) throws(TransitionEngineError) {
        try apply(machine.updateInteractive(fraction))
    }

    /// Releases the gesture toward the end (see `InteractionCompletion` for the remaining motion).
    public func finishInteractive(_ completion: InteractionCompletion = InteractionCompletion())
        throws(TransitionEngineError)
    {
        try apply(machine.endInteractive(.finish, completion: completion, at: context.clock.now))
    }

    /// Releases the gesture back to the start; the committed state stays as it was.
    public func cancelInteractive(_ completion: InteractionCompletion = InteractionCompletion())
        throws(TransitionEngineError)
    {
        try apply(machine.endInteractive(.cancel, completion: completion, at: context.clock.now))
    }

    /// Releases the gesture the way `InteractionDecision.decide` chooses from the current fraction and the
    /// completion's velocity; returns the decision.
    @discardableResult
    public func endInteractive(_ completion: InteractionCompletion = InteractionCompletion())
        throws(TransitionEngineError) -> InteractionDecision
    {
        let fraction = machine.status(at: context.clock.now)?.fraction ?? 0
        let decision = InteractionDecision.decide(fraction: fraction, velocity: completion.velocity ?? 0)
        try apply(machine.endInteractive(decision, completion: completion, at: context.clock.now))
        return decision
    }

    // MARK: Interruption (UIViewPropertyAnimator)

    /// Pauses the running transition. Throws `noTransition`, or `transitionInProgress` while a gesture
    /// drives it.
    public func pause() throws(TransitionEngineError) { try apply(machine.pause(at: context.clock.now)) }

    /// Resumes a paused transition toward its heading: at normal speed, or as `continuation` says (a
    /// velocity on a spring, or a curve over a share of the duration).
    ///
    /// - Throws: `noTransition`, `transitionInProgress` while a gesture drives it, or the continuation's
    ///   `invalidParameter`.
    public func resume(_ continuation: ResumeContinuation? = nil) throws(TransitionEngineError) {
        try apply(machine.resume(at: context.clock.now, continuation))
    }

    /// Sets a paused transition's fraction. Throws `transitionNotPaused` if it runs.
    public func scrub(to fraction: Double) throws(TransitionEngineError) { try apply(machine.scrub(to: fraction)) }

    /// Reverses the running transition: it now heads to its start and will end cancelled (or back).
    public func reverse() throws(TransitionEngineError) { try apply(machine.reverse(at: context.clock.now)) }

    private func apply(_ result: Result<Void, TransitionEngineError>) throws(TransitionEngineError) {
        try requireOpen()
        try result.get()
        _ = carryOut(StackStateMachine.Output())
    }

    // MARK: Subscriptions

    /// Subscribes to the stack's events and frames. The first item is a frame of the committed state at
    /// rest; while a transition runs, its next frame at the next tick; while it is paused, its current
    /// frame at once.
    ///
    /// - Parameter eventCapacity: how many events may wait before the subscriber is ended as too slow.
    /// - Throws: `limitExceeded` when the stack has `TransitionEngine.Limits.subscribersPerStack` subscribers.
    public func subscribe(
        eventCapacity: Int = StackSubscription.defaultEventCapacity
    ) throws(TransitionEngineError) -> StackSubscription {
        try requireOpen()
        removeEndedSubscriptions()
        let maximum = context.limits.subscribersPerStack
        guard subscribers.count < maximum else {
            throw .limitExceeded(
                ExceededLimit("subscribersPerStack", maximum: maximum),
                "Stack \(id) has the most subscribers it may (\(maximum)); end one first.", parameter: "subscription")
        }
        var firstFrame: LazyFrame<Frame>?
        if machine.isIdle {
            firstFrame = machine.settledFrame(in: environment())
        } else if let running = machine.running, !machine.wantsTicks {
            // A paused transition (Pause, or a gesture between updates) gets no tick: send its current
            // frame now, so that the first reply comes at once as docs/protocol.md promises.
            let environment = environment()
            let seconds = running.timeline.position(at: environment.now).seconds
            firstFrame = machine.runningFrame(at: seconds, in: environment).makeFrame()
        }
        return subscribers.add(eventCapacity: eventCapacity, firstFrame: firstFrame)
    }

    /// Number of live subscriptions.
    public var subscriberCount: Int {
        removeEndedSubscriptions()
        return subscribers.count
    }
}
