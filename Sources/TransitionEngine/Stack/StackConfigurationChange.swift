import TransitionCore

/// A change of a stack's settings; committed (and persisted) like a change without animation, in turn
/// with the stack's operations. The container size is not a setting: it changes by the navigation
/// operation `StackOperation.resize`, animated or not.
public enum StackConfigurationChange: Sendable, Equatable {
    /// Replaces the animator rules.
    case rules([AnimatorRule])
    /// Sets the operation policy.
    case policy(OperationPolicy)
    /// Sets the stack's Reduce Motion setting (`StackState.reduceMotion`): true or false overrides the
    /// daemon's, nil follows it. Transitions that begin after the change use it; a running one keeps its
    /// animator.
    case reduceMotion(Bool?)
}
