import TransitionCore

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
    /// Applies a navigation or configuration operation (pure); `limits` and `screenCheck` as for a
    /// navigation operation.
    func applying(
        _ operation: PendingOperation, limits: TransitionEngine.Limits, screenCheck: ScreenCheck = .full
    ) throws(TransitionEngineError) -> PlannedChange {
        switch operation {
        case .navigation(let operation, _):
            return try applying(operation, limits: limits, screenCheck: screenCheck)
        case .configuration(let change):
            // The rest of the state was valid before and stays as it was: only the changed part is checked,
            // not every screen of the stack again.
            var target = self
            switch change {
            case .rules(let rules):
                target.rules = rules
                try target.requireRuleCount(rules.count, within: limits)
                try target.validateRules()
            case .policy(let policy):
                target.policy = policy
            case .reduceMotion(let reduceMotion):
                target.reduceMotion = reduceMotion
            }
            return PlannedChange(target: target, visual: nil, base: self)
        }
    }
}
