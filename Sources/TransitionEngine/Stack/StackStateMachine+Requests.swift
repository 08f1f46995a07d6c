import TransitionCore

extension StackStateMachine {
    /// An operation or configuration change from a client.
    ///
    /// - Returns: the receipt (or the named error, with nothing changed) and the output. A receipt
    ///   `committed` comes with `output.persist`: the caller writes it and reports the write with
    ///   `persisted`, and only then answers the client (or answers the write's error).
    mutating func request(
        _ operation: PendingOperation, in environment: Environment
    ) -> (Result<OperationReceipt, TransitionEngineError>, Output) {
        var output = Output()
        do {
            let receipt = try accept(operation, in: environment, output: &output)
            return (.success(receipt), output)
        } catch {
            return (.failure(error), Output())
        }
    }

    private mutating func accept(
        _ operation: PendingOperation, in environment: Environment, output: inout Output
    ) throws(TransitionEngineError) -> OperationReceipt {
        // A lock: read once per request.
        let limits = environment.limits
        var operation = operation
        if case .navigation(let navigation, let options) = operation, case .present(_, .custom, nil) = navigation {
            // The custom style's presentation is the animator's that would run the present now, fixed
            // when the present is accepted, as UIKit asks for the presentation controller when
            // `present(_:animated:)` is called.
            operation = .navigation(
                try environment.planner.resolvingPresentation(of: navigation, in: committed, options: options),
                options)
        }
        switch state {
        case .idle:
            let change = try committed.applying(operation, limits: limits)
            if change.isUnchanged { return OperationReceipt(transition: takeID(), disposition: .unchanged) }
            if !operation.options.animated || !change.hasVisual {
                let id = takeID()
                beginCommit(id: id, target: change.target, transition: nil, output: &output)
                return OperationReceipt(transition: id, disposition: .committed)
            }
            let plan = try environment.planner.plan(
                change.visual!, in: committed, options: operation.options, interactive: false)
            let id = takeID()
            begin(id: id, change: change, plan: plan, interactive: false, in: environment, output: &output)
            return OperationReceipt(transition: id, disposition: .began)
        case .running:
            // The running transition's fields are read where they are: `self.running!` copied it whole (a
            // copy and a destruction through its type's value witnesses) for every operation queued behind it.
            let policy = committed.policy
            guard policy != .reject else { throw Self.busy }
            if policy == .retarget, running?.gestureActive == false, queue.isEmpty,
                case .navigation = operation,
                try undoes(operation, running!, limits: limits)
            {
                try modifyRunning { running in running.timeline.retarget(at: environment.now) }
                return OperationReceipt(transition: running!.id, disposition: .retargeted)
            }
            return try enqueueValidated(operation, limits: limits)
        case .committing:
            guard committed.policy != .reject else { throw Self.busy }
            return try enqueueValidated(operation, limits: limits)
        }
    }

    static var busy: TransitionEngineError {
        TransitionEngineError(
            .transitionInProgress,
            "A transition is running and the stack's policy is reject; wait for its completed or cancelled event.",
            parameter: "policy")
    }

    /// Whether `operation`, applied where the running transition is heading, leads back where it came from.
    private func undoes(
        _ operation: PendingOperation, _ running: Running, limits: TransitionEngine.Limits
    ) throws(TransitionEngineError) -> Bool {
        let heading = running.timeline.isReversed ? committed : running.target
        let origin = running.timeline.isReversed ? running.target : committed
        let change = try heading.applying(operation, limits: limits)
        return change.hasVisual && change.target == origin
    }

    /// What a kept projection was computed from: the base's epoch (`projectionEpoch`) and whether the
    /// running transition was heading back to the committed state.
    struct ProjectionBase: Equatable {
        var epoch: UInt64
        var reversed: Bool
    }

    /// The projected state of a non-empty queue, kept while it stays right: until the queue gains an
    /// operation (the queue only grows at its end, with increasing ids) or the base changes other than by
    /// the queue's own progress. The base is where the stack is heading before its queue: the running
    /// transition's target (its committed state when reversed), or the state being committed. A
    /// transition reaching its target, the commit succeeding, and the next queued operation starting from
    /// it are the steps the projection already took, so they keep it; a reversal, a cancellation, a
    /// failed commit or a queued operation that fails bump the epoch or flip `reversed`, and it is
    /// computed again.
    struct Projection {
        var base: ProjectionBase
        var lastQueued: TransitionID
        var state: StackState
    }

    private var projectionBase: ProjectionBase? {
        switch state {
        case .idle: nil
        case .running: ProjectionBase(epoch: projectionEpoch, reversed: running?.timeline.isReversed == true)
        case .committing: ProjectionBase(epoch: projectionEpoch, reversed: false)
        }
    }

    /// The kept projection's state, if it is still right (see `Projection`); nil when it must be computed.
    var keptProjection: StackState? {
        guard let projection, let last = queue.last, projection.base == projectionBase,
            projection.lastQueued == last.id
        else { return nil }
        return projection.state
    }

    /// The state the stack will have once the running transition (or commit) and the queue are done,
    /// assuming each succeeds (each checked against `limits` as it was when it started).
    func projectedState(limits: TransitionEngine.Limits) -> StackState {
        if let kept = keptProjection { return kept }
        var projected: StackState
        switch state {
        case .idle: projected = committed
        case .running: projected = running!.timeline.isReversed ? committed : running!.target
        case .committing: projected = pendingCommit!.target
        }
        for queued in queue {
            if let change = try? projected.applying(queued.operation, limits: limits, screenCheck: .alreadyValidated) {
                projected = change.target
            }
        }
        return projected
    }

    private mutating func enqueueValidated(
        _ operation: PendingOperation, limits: TransitionEngine.Limits
    ) throws(TransitionEngineError) -> OperationReceipt {
        let queueLimit = limits.queuedOperationsPerStack
        guard queue.count < queueLimit else {
            throw .limitExceeded(
                ExceededLimit("queuedOperations", maximum: queueLimit),
                "The most operations a stack may queue (\(queueLimit)) already wait; wait for some to complete.",
                parameter: "operation")
        }
        // Validate against where the stack is heading, so a client hears about an impossible operation now.
        // The projection is kept for the next operation, and across the transitions the queue runs
        // (`Projection`): applying every queued operation again validated each queued screen once per
        // arrival (a sixth of all CPU with three operations queued), and with one operation arriving per
        // transition, as a client keeping a few queued sends them, every arrival found a new base.
        let change = try projectedState(limits: limits).applying(operation, limits: limits)
        if let visual = change.visual {
            try TransitionPlanner.checkSourceNode(of: operation.options, leaving: visual.from)
        }
        let id = takeID()
        if let base = projectionBase {
            projection = Projection(base: base, lastQueued: id, state: change.target)
        }
        // The change's last use: moved into the queue, not copied.
        enqueue(Queued(id: id, operation: operation, validated: consume change))
        return OperationReceipt(transition: id, disposition: .queued, position: queue.count)
    }
}
