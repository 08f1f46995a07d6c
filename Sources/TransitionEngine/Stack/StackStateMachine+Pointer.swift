import TransitionCore

/// A pan's description and the sample where the pointer went down: what a pointer-driven interaction
/// begins with.
public struct PanStart: Sendable, Equatable {
    /// The gesture.
    public var gesture: PanGesture
    /// The touch-down (or, catching a running transition, the grab).
    public var touchDown: PointerSample

    /// Creates a start.
    public init(gesture: PanGesture, touchDown: PointerSample) {
        self.gesture = gesture
        self.touchDown = touchDown
    }

    func validate() throws(TransitionEngineError) {
        try gesture.validate()
        try touchDown.validate(parameter: "pointer")
    }
}

extension StackStateMachine {
    /// Checks a pan that begins a new interactive transition: valid, and starting within its edge band.
    ///
    /// - Throws: `invalidParameter`, or `pointerOutsideEdge` naming `pointer`.
    func validateBeginning(_ start: PanStart) throws(TransitionEngineError) {
        try start.validate()
        let size = committed.containerSize
        guard start.gesture.startsWithinEdge(start.touchDown.position, in: size) else {
            let edge = start.gesture.edge?.rawValue ?? ""
            let point = start.touchDown.position
            throw TransitionEngineError(
                .pointerOutsideEdge,
                "The pan starts at (\(point.x), \(point.y)), not within \(start.gesture.edgeWidth) points of the "
                    + "\(edge) edge of the \(size.width) × \(size.height) container; no transition began.",
                parameter: "pointer")
        }
    }

    /// Starts tracking `start` for the transition that just began (or was caught) at `fraction`.
    mutating func track(_ start: PanStart, from fraction: Double) {
        pan = PanTracker(
            gesture: start.gesture, touchDown: start.touchDown, startFraction: fraction,
            containerSize: committed.containerSize)
    }

    /// Takes over the running transition for a gesture at its current progress (UIViewPropertyAnimator's
    /// `pauseAnimation` then `fractionComplete`): paused where it is, driven by UpdateInteractive or, with
    /// `start`, by pointer samples from the grab. No edge applies: the grab is on the moving screen.
    ///
    /// - Returns: the transition's status after the catch.
    /// - Throws: `noTransition`, `transitionInProgress` when a gesture already drives it,
    ///   `interactionNotAllowed` when the stack's rules forbid this transition to be interactive, or the
    ///   pan's `invalidParameter`.
    mutating func catchRunning(_ start: PanStart?, at now: Int64) -> Result<TransitionStatus, TransitionEngineError> {
        do throws(TransitionEngineError) {
            guard let running else {
                throw TransitionEngineError(.noTransition, "No transition is running on this stack; begin one.")
            }
            guard !running.gestureActive else {
                throw TransitionEngineError(
                    .transitionInProgress, "A gesture drives the transition already; it cannot be caught twice.")
            }
            try start?.validate()
            try TransitionPlanner.requireInteractionAllowed(running.fixed.visual, rules: committed.rules)
            try modifyRunning { running throws(TransitionEngineError) in
                running.timeline.pause(at: now)
                running.gestureActive = true
                running.needsFrame = true
            }
            let status = status(at: now)!
            if let start { track(start, from: status.fraction) }
            return .success(status)
        } catch {
            return .failure(error)
        }
    }

    /// Moves the pointer of a pointer-driven transition; returns the new fraction.
    ///
    /// - Throws: `noTransition`, `notInteractive` (no pan drives it), or the sample's `invalidParameter`
    ///   (out of bounds, or older than the previous sample).
    mutating func movePointer(to sample: PointerSample) -> Result<Double, TransitionEngineError> {
        do throws(TransitionEngineError) {
            try requirePan()
            try sample.validate(parameter: "pointer")
            let fraction = try pan!.move(to: sample)
            try modifyRunning { running in
                running.timeline.scrub(toFraction: fraction)
                running.needsFrame = true
            }
            return .success(fraction)
        } catch {
            return .failure(error)
        }
    }

    /// Lifts the pointer (after moving it to `sample`, if given) and ends the transition as the pan decides:
    /// finish past half way or flicked forward, cancel otherwise or when `cancelled`. The rest continues the
    /// pointer's velocity on `completion`'s spring, or runs on its curve when the pointer had stopped.
    ///
    /// - Parameter completion: speed, curve and spring of the rest; its velocity is replaced by the pan's.
    mutating func releasePointer(
        at sample: PointerSample?, cancelled: Bool, completion: InteractionCompletion, now: Int64
    ) -> Result<PanRelease, TransitionEngineError> {
        do throws(TransitionEngineError) {
            try requirePan()
            var tracker = pan!
            if let sample {
                try sample.validate(parameter: "pointer")
                _ = try tracker.move(to: sample)
            }
            let release = tracker.release(cancelled: cancelled)
            var completion = completion
            completion.velocity = release.fractionVelocity == 0 ? nil : release.fractionVelocity
            try endInteractive(release.decision, completion: completion, at: now, from: release.fraction).get()
            return .success(release)
        } catch {
            return .failure(error)
        }
    }

    private func requirePan() throws(TransitionEngineError) {
        guard let running else {
            throw TransitionEngineError(.noTransition, "No transition is running on this stack.")
        }
        guard running.gestureActive, pan != nil else {
            throw TransitionEngineError(
                .notInteractive,
                "No pointer drives this transition; begin or catch it with a gesture and a pointer, or use "
                    + "UpdateInteractive and FinishInteractive.")
        }
    }
}

extension StackStateMachine {
    /// The `interactionTakenOver` event of the running gesture-driven transition.
    mutating func announceInteractionTakenOver(in environment: Environment) -> Result<Output, TransitionEngineError> {
        guard let running else {
            return .failure(TransitionEngineError(.noTransition, "No transition is running on this stack."))
        }
        guard running.gestureActive else {
            return .failure(TransitionEngineError(.notInteractive, "No gesture drives the running transition."))
        }
        var output = Output()
        output.items.append(.event(event(.interactionTakenOver, of: runningSummary, in: environment)))
        return .success(output)
    }
}
