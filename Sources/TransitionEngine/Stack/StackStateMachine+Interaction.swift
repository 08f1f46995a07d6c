import TransitionCore

/// The running transition as clients can observe it (UIViewPropertyAnimator's state).
public struct TransitionStatus: Sendable, Equatable {
    /// The transition's id.
    public var id: TransitionID
    /// Its operation.
    public var operation: TransitionOperation
    /// Its animator.
    public var animator: String
    /// `fractionComplete`: plan time over duration, in [0, 1], whatever the direction.
    public var fraction: Double
    /// The plan's duration in seconds.
    public var duration: Double
    /// Whether it heads back to its start.
    public var isReversed: Bool
    /// Whether it is paused (an interactive transition is paused while the gesture drives it).
    public var isPaused: Bool
    /// Whether a gesture drives it (between beginInteractive and finish/cancel).
    public var isInteractive: Bool
}

extension StackStateMachine {
    typealias Reply = (Result<OperationReceipt, TransitionEngineError>, Output)

    /// Status of the running transition, if any.
    func status(at now: Int64) -> TransitionStatus? {
        guard let running else { return nil }
        return TransitionStatus(
            id: running.id, operation: running.fixed.operation, animator: running.animator,
            fraction: running.timeline.fraction(at: now), duration: running.compiled.duration,
            isReversed: running.timeline.isReversed, isPaused: running.timeline.isPaused,
            isInteractive: running.gestureActive)
    }

    /// Starts a transition paused at 0 for a gesture to drive: by fractions, or by the pointer samples of
    /// `pan` from its touch-down. Only when nothing runs or waits.
    mutating func beginInteractive(
        _ operation: StackOperation, options: OperationOptions, pan: PanStart? = nil, in environment: Environment
    ) -> Reply {
        var output = Output()
        do throws(TransitionEngineError) {
            guard isIdle, queue.isEmpty else {
                throw TransitionEngineError(
                    .transitionInProgress,
                    "A transition is running; begin the interaction after it ends, or catch the running one "
                        + "(CatchTransition).",
                    parameter: "operation")
            }
            if case .resize = operation {
                // As a rotation on iOS: the size changes at once and the layout animates; no gesture drives it.
                throw TransitionEngineError(
                    .invalidParameter, "A resize is not driven by a gesture; change the size with a resize operation.",
                    parameter: "operation")
            }
            if let pan { try validateBeginning(pan) }
            let operation = try environment.planner.resolvingPresentation(
                of: operation, in: committed, options: options)
            let change = try committed.applying(operation, limits: environment.limits)
            guard let visual = change.visual else {
                throw TransitionEngineError(
                    .noTransition, "The operation changes nothing visible; there is nothing to drive.",
                    parameter: "operation")
            }
            let plan = try environment.planner.plan(visual, in: committed, options: options, interactive: true)
            let id = takeID()
            begin(id: id, change: change, plan: plan, interactive: true, in: environment, output: &output)
            if let pan { track(pan, from: 0) }
            return (.success(OperationReceipt(transition: id, disposition: .began)), output)
        } catch {
            return (.failure(error), Output())
        }
    }

    /// Moves an interactive transition to `fraction` (linear in plan time, as
    /// UIPercentDrivenInteractiveTransition's `updateInteractiveTransition:`).
    mutating func updateInteractive(_ fraction: Double) -> Result<Void, TransitionEngineError> {
        changeRunning(requireGesture: true) { running throws(TransitionEngineError) in
            try Self.validate(fraction)
            running.timeline.scrub(toFraction: fraction)
        }
    }

    /// Ends the gesture: the rest runs to the end (`finish`) or back to the start (`cancel`), from `fraction`
    /// when one is given (a pointer's release sample), else from where the gesture left it.
    mutating func endInteractive(
        _ decision: InteractionDecision, completion: InteractionCompletion, at now: Int64, from fraction: Double? = nil
    ) -> Result<Void, TransitionEngineError> {
        let result = changeRunning(requireGesture: true) { running throws(TransitionEngineError) in
            try completion.validate()
            var timeline = running.timeline
            if let fraction { timeline.scrub(toFraction: fraction) }
            // A tiny speed would stretch the rest past any transition's length (1e-300: forever).
            let seconds = timeline.completionSeconds(decision, at: now, with: completion)
            guard seconds <= TransitionPlan.maximumDuration else {
                throw TransitionEngineError(
                    .invalidParameter,
                    "At this completion speed the rest would last \(seconds) seconds; at most "
                        + "\(TransitionPlan.maximumDuration) are allowed. Give a larger completionSpeed.",
                    parameter: "completionSpeed")
            }
            timeline.complete(decision, at: now, with: completion)
            running.gestureActive = false
            running.timeline = timeline
        }
        if case .success = result { pan = nil }
        return result
    }

    /// Pauses the running transition where it is.
    mutating func pause(at now: Int64) -> Result<Void, TransitionEngineError> {
        changeRunning { running in running.timeline.pause(at: now) }
    }

    /// Resumes a paused transition toward its heading: at normal speed in linear plan time, or as
    /// `continuation` says (UIViewPropertyAnimator's `continueAnimation(withTimingParameters:durationFactor:)`).
    mutating func resume(at now: Int64, _ continuation: ResumeContinuation? = nil) -> Result<
        Void, TransitionEngineError
    > {
        changeRunning { running throws(TransitionEngineError) in
            guard let continuation else { return running.timeline.resume(at: now) }
            try continuation.validate()
            running.timeline.resume(at: now, continuation)
        }
    }

    /// Sets a paused transition's fraction.
    mutating func scrub(to fraction: Double) -> Result<Void, TransitionEngineError> {
        changeRunning { running throws(TransitionEngineError) in
            try Self.validate(fraction)
            guard running.timeline.isPaused else {
                throw TransitionEngineError(
                    .transitionNotPaused, "Pause the transition before scrubbing it.", parameter: "fraction")
            }
            running.timeline.scrub(toFraction: fraction)
        }
    }

    /// Reverses the running transition's heading.
    mutating func reverse(at now: Int64) -> Result<Void, TransitionEngineError> {
        changeRunning { running in running.timeline.reverse(at: now) }
    }

    static func validate(_ fraction: Double) throws(TransitionEngineError) {
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else {
            throw TransitionEngineError(
                .invalidFraction, "Give a fraction between 0 and 1.", parameter: "fraction")
        }
    }

    private mutating func changeRunning(
        requireGesture: Bool = false, _ body: (inout Running) throws(TransitionEngineError) -> Void
    ) -> Result<Void, TransitionEngineError> {
        guard let running else {
            return .failure(TransitionEngineError(.noTransition, "No transition is running on this stack."))
        }
        if requireGesture && !running.gestureActive {
            return .failure(
                TransitionEngineError(
                    .notInteractive, "The running transition is not driven by a gesture; begin it interactively."))
        }
        if !requireGesture && running.gestureActive {
            return .failure(
                TransitionEngineError(
                    .transitionInProgress, "A gesture drives the transition; finish or cancel the interaction first."))
        }
        do {
            try modifyRunning { running throws(TransitionEngineError) in
                try body(&running)
                running.needsFrame = true
            }
        } catch {
            return .failure(error)
        }
        return .success(())
    }
}
