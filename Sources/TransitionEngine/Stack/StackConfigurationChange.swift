import TransitionCore

/// A change of a stack's settings; committed (and persisted) like a change without animation, in turn
/// with the stack's operations.
public enum StackConfigurationChange: Sendable, Equatable {
    /// Sets the container size in points (both > 0 and finite).
    case containerSize(Size)
    /// Replaces the animator rules.
    case rules([AnimatorRule])
    /// Sets the operation policy.
    case policy(OperationPolicy)
}

/// What a stack is asked to do, in order: a navigation operation or a settings change.
enum PendingOperation: Equatable {
    case navigation(StackOperation, OperationOptions)
    case configuration(StackConfigurationChange)

    var options: OperationOptions {
        switch self {
        case .navigation(_, let options): options
        case .configuration: OperationOptions(animated: false)
        }
    }
}

extension StackState {
    /// Applies a navigation or configuration operation (pure); `screenCheck` as for a navigation operation.
    func applying(
        _ operation: PendingOperation, screenCheck: ScreenCheck = .full
    ) throws(TransitionEngineError) -> PlannedChange {
        switch operation {
        case .navigation(let operation, _):
            return try applying(operation, screenCheck: screenCheck)
        case .configuration(let change):
            // The rest of the state was valid before and stays as it was: only the changed part is checked,
            // not every screen of the stack again.
            var target = self
            switch change {
            case .containerSize(let size):
                target.containerSize = size
                try target.validateContainerSize()
            case .rules(let rules):
                target.rules = rules
                try target.validateRules()
            case .policy(let policy):
                target.policy = policy
            }
            return PlannedChange(target: target, visual: nil, base: self)
        }
    }
}

/// Compiles transitions: resolves the animator (explicit, the stack's rules, or the system default) and
/// builds the plan. `animator` looks a name up in the engine's registry (only when a plan is compiled,
/// never on a plain tick). Plans of requests seen before come from `cache`. One per engine, held by its
/// context; a stack's environment refers to it without counting (see `StackStateMachine.Environment`).
final class TransitionPlanner: Sendable {
    let animator: @Sendable (String) -> AnimatorSpecification?
    let cache = PlanCache()

    init(animator: @escaping @Sendable (String) -> AnimatorSpecification?) { self.animator = animator }

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
        if interactive, let ruleIndex, !state.rules[ruleIndex].interactive {
            throw TransitionEngineError(
                .interactionNotAllowed, "The stack's rules do not allow this \(visual.operation) to be interactive.",
                parameter: "rules[\(ruleIndex)].interactive")
        }
        let name = options.animator ?? ruleIndex.map { state.rules[$0].animator } ?? BuiltinAnimators.defaultName
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
            return try cache.plan(
                animator: animator, operation: visual.operation, from: visual.from, to: visual.to,
                containerSize: state.containerSize, sourceNode: options.sourceNode)
        } catch {
            throw TransitionEngineError(
                .invalidAnimator, "Animator \(name) cannot run this transition: \(error.message)",
                parameter: error.parameter.isEmpty ? parameter : error.parameter)
        }
    }
}
