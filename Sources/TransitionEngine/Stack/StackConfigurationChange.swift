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
    /// Sets the stack's Reduce Motion setting (`StackState.reduceMotion`): true or false overrides the
    /// daemon's, nil follows it. Transitions that begin after the change use it; a running one keeps its
    /// animator.
    case reduceMotion(Bool?)
}
