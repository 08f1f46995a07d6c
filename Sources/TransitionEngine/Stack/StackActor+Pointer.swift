import TransitionCore

extension StackActor {
    /// Takes over the running transition for a gesture at its current progress (UIViewPropertyAnimator's
    /// interruptible transitions): it pauses where it is, then follows `updateInteractive` or, with `pan`,
    /// the pointer's movement from the grab, and ends with a finish, a cancel or a release.
    ///
    /// - Returns: the transition's status at the grab (its fraction is where the frames stopped).
    /// - Throws: `noTransition`, `transitionInProgress` when a gesture drives it already,
    ///   `interactionNotAllowed`, or the pan's `invalidParameter`.
    @discardableResult
    public func catchTransition(_ pan: PanStart? = nil) throws(TransitionEngineError) -> TransitionStatus {
        try requireOpen()
        let status = try machine.catchRunning(pan, at: context.clock.now).get()
        _ = carryOut(StackStateMachine.Output())
        return status
    }

    /// Moves the pointer that drives the transition to `sample`; returns the new fraction.
    ///
    /// - Throws: `noTransition`, `notInteractive` when no pointer drives it, or `invalidParameter` for a
    ///   sample out of bounds or older than the previous one.
    @discardableResult
    public func movePointer(to sample: PointerSample) throws(TransitionEngineError) -> Double {
        try requireOpen()
        let fraction = try machine.movePointer(to: sample).get()
        _ = carryOut(StackStateMachine.Output())
        return fraction
    }

    /// Lifts the pointer (at `sample`, if given) and lets the pan decide: finish when past half way or
    /// flicked forward (at least `InteractionDecision.flickVelocity`), cancel otherwise or when
    /// `cancelled`. The rest continues the pointer's velocity on `completion`'s spring, or runs on its
    /// curve when the pointer had stopped.
    ///
    /// - Returns: the decision, the fraction and the velocity at release.
    /// - Throws: as `movePointer`, or `completion`'s `invalidParameter`.
    @discardableResult
    public func releasePointer(
        at sample: PointerSample? = nil, cancelled: Bool = false,
        completion: InteractionCompletion = InteractionCompletion()
    ) throws(TransitionEngineError) -> PanRelease {
        try requireOpen()
        let release = try machine.releasePointer(
            at: sample, cancelled: cancelled, completion: completion, now: context.clock.now
        ).get()
        _ = carryOut(StackStateMachine.Output())
        return release
    }

    /// The pan driving the running transition, if a pointer drives it.
    public var panTracker: PanTracker? { machine.pan }

    /// Tells the stack's subscribers that another client took over the gesture driving the running
    /// transition (an `interactionTakenOver` event), so that the one that drove it knows.
    ///
    /// - Throws: `noTransition`, or `notInteractive` when no gesture drives it.
    public func announceInteractionTakenOver() throws(TransitionEngineError) {
        try requireOpen()
        let output = try machine.announceInteractionTakenOver(in: environment()).get()
        _ = carryOut(output)
    }
}
