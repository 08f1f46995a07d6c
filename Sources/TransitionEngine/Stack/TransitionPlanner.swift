import TransitionCore

/// Compiles transitions: resolves the animator (explicit, the stack's rules, or the system default) and
/// builds the plan. `animator` looks a name up in the engine's registry and `reducingMotion` reads the
/// daemon's Reduce Motion setting (only when a plan is compiled, never on a plain tick). Plans of requests
/// seen before come from `cache`. One per engine, held by its context; a stack's environment refers to it
/// without counting (see `StackStateMachine.Environment`).
final class TransitionPlanner: Sendable {
    let animator: @Sendable (String) -> AnimatorSpecification?
    let reducingMotion: @Sendable () -> Bool
    let cache = PlanCache()

    init(
        animator: @escaping @Sendable (String) -> AnimatorSpecification?,
        reducingMotion: @escaping @Sendable () -> Bool = { false }
    ) {
        self.animator = animator
        self.reducingMotion = reducingMotion
    }

    /// Whether a transition of a stack in `state` beginning now reduces motion: the stack's own setting,
    /// else the daemon's.
    func reducesMotion(in state: StackState) -> Bool { state.reduceMotion ?? reducingMotion() }

    /// Checks that the operation's `sourceNode`, if any, is a node of `screen`, the screen the
    /// transition leaves: a node it does not have is the caller's parameter at fault, whatever the
    /// animator (one without a `source` role ignores it, but the caller still named a node that is not
    /// there).
    ///
    /// - Throws: `invalidParameter` naming `sourceNode`.
    static func checkSourceNode(of options: OperationOptions, leaving screen: Screen) throws(TransitionEngineError) {
        guard let source = options.sourceNode, screen.node(source) == nil else { return }
        throw TransitionEngineError(
            .invalidParameter,
            "Screen \(screen.id) has no node \(source); name a node of the screen the transition leaves.",
            parameter: "sourceNode")
    }

    /// The animator that runs `operation` from `from` to `to` in `state`: the one `options` names, else
    /// the first matching rule's, else the system default for the operation; and the parameter to blame
    /// for it.
    ///
    /// - Throws: `invalidAnimator` when there is no such animator or it has no variant for `operation`.
    private func resolveAnimator(
        _ operation: TransitionOperation, from: Screen, to: Screen, in state: StackState, options: OperationOptions
    ) throws(TransitionEngineError) -> (animator: AnimatorSpecification, parameter: String) {
        let ruleIndex = state.rules.firstIndex { $0.matches(operation, from: from, to: to) }
        let name =
            options.animator ?? ruleIndex.map { state.rules[$0].animator }
            ?? BuiltinAnimators.defaultName(for: operation)
        let parameter = options.animator != nil ? "animator" : ruleIndex.map { "rules[\($0)].animator" } ?? "animator"
        guard let animator = animator(name) else {
            throw TransitionEngineError(
                .invalidAnimator, "There is no animator named \(name); use a built-in or define it first.",
                parameter: parameter)
        }
        guard animator.supports(operation) else {
            throw TransitionEngineError(
                .invalidAnimator, "Animator \(name) has no \(operation) variant; choose another.",
                parameter: parameter)
        }
        return (animator, parameter)
    }

    /// `operation` with its custom presentation filled in: a present in the `custom` style without one
    /// takes the presentation of the animator that would run it from `state` now. Every other operation
    /// is returned as it is.
    ///
    /// - Throws: `invalidAnimator` as `plan` does for the animator, and when its presentation cannot be
    ///   laid out in the stack's container; `invalidParameter` naming `style` when the animator declares no
    ///   presentation.
    func resolvingPresentation(
        of operation: StackOperation, in state: StackState, options: OperationOptions
    ) throws(TransitionEngineError) -> StackOperation {
        guard case .present(let screen, .custom, nil) = operation else { return operation }
        let (animator, parameter) = try resolveAnimator(
            .present, from: state.visibleScreen, to: screen, in: state, options: options)
        guard let presentation = animator.presentation else {
            throw TransitionEngineError(
                .invalidParameter,
                "Animator \(animator.name) declares no presentation; the custom style needs one "
                    + "(name an animator with \"presentation\", such as sheet, or choose another style).",
                parameter: "style")
        }
        do {
            _ = try presentation.resolved(in: state.containerSize)
        } catch {
            throw TransitionEngineError(
                .invalidAnimator,
                "Animator \(animator.name)'s \(error.parameter) cannot be laid out in this container: \(error.message).",
                parameter: parameter)
        }
        return .present(screen, style: .custom, presentation: presentation)
    }

    func plan(
        _ visual: PlannedChange.Visual, in state: StackState, options: OperationOptions, interactive: Bool
    ) throws(TransitionEngineError) -> CompiledPlan {
        if interactive { try Self.requireInteractionAllowed(visual, rules: state.rules) }
        let (animator, parameter) = try resolveAnimator(
            visual.operation, from: visual.from, to: visual.to, in: state, options: options)
        let name = animator.name
        try Self.checkSourceNode(of: options, leaving: visual.from)
        do {
            // A resize runs in the new container, its from screen laid out at the old size.
            return try cache.plan(
                animator: animator, operation: visual.operation, from: visual.from, to: visual.to,
                containerSize: visual.resize?.to ?? state.containerSize, containerLayout: visual.containerLayout,
                sourceNode: options.sourceNode, reducingMotion: reducesMotion(in: state),
                fromContainerSize: visual.resize?.from)
        } catch {
            throw TransitionEngineError(
                .invalidAnimator, "Animator \(name) cannot run this transition: \(error.message)",
                parameter: error.parameter.isEmpty ? parameter : error.parameter)
        }
    }

    /// Checks that the first of `rules` matching `visual` (if any) lets a gesture drive it.
    ///
    /// - Throws: `interactionNotAllowed` naming `rules[i].interactive`.
    static func requireInteractionAllowed(_ visual: PlannedChange.Visual, rules: [AnimatorRule])
        throws(TransitionEngineError)
    {
        let ruleIndex = rules.firstIndex { $0.matches(visual.operation, from: visual.from, to: visual.to) }
        if let ruleIndex, !rules[ruleIndex].interactive {
            throw TransitionEngineError(
                .interactionNotAllowed, "The stack's rules do not allow this \(visual.operation) to be interactive.",
                parameter: "rules[\(ruleIndex)].interactive")
        }
    }
}
