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

    func plan(
        _ visual: PlannedChange.Visual, in state: StackState, options: OperationOptions, interactive: Bool
    ) throws(TransitionEngineError) -> CompiledPlan {
        let ruleIndex = state.rules.firstIndex { $0.matches(visual.operation, from: visual.from, to: visual.to) }
        if interactive { try Self.requireInteractionAllowed(visual, rules: state.rules) }
        let name =
            options.animator ?? ruleIndex.map { state.rules[$0].animator }
            ?? BuiltinAnimators.defaultName(for: visual.operation)
        let parameter = options.animator != nil ? "animator" : ruleIndex.map { "rules[\($0)].animator" } ?? "animator"
        guard let animator = animator(name) else {
            throw TransitionEngineError(
                .invalidAnimator, "There is no animator named \(name); use a built-in or define it first.",
                parameter: parameter)
        }
        guard animator.supports(visual.operation) else {
            throw TransitionEngineError(
                .invalidAnimator, "Animator \(name) has no \(visual.operation) variant; choose another.",
                parameter: parameter)
        }
        try Self.checkSourceNode(of: options, leaving: visual.from)
        do {
            // A resize runs in the new container, its from screen laid out at the old size.
            return try cache.plan(
                animator: animator, operation: visual.operation, from: visual.from, to: visual.to,
                containerSize: visual.resize?.to ?? state.containerSize, sourceNode: options.sourceNode,
                reducingMotion: reducesMotion(in: state), fromContainerSize: visual.resize?.from)
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
