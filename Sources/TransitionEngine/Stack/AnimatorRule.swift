import TransitionCore

/// One entry of a stack's delegate: which animator runs a transition, and whether it may be interactive.
///
/// A rule matches when every condition it sets holds (unset conditions match anything). The first matching
/// rule of `StackState.rules` wins; when none matches the system default `BuiltinAnimators.defaultName`
/// ("slide") runs and interaction is allowed, as when a UIKit delegate returns nil from
/// `navigationController:animationControllerForOperation:fromViewController:toViewController:`.
///
/// A `resize` (a change of the container's size) is not a navigation: only a rule whose `operation` is
/// `resize` matches it, and without one the built-in `resize` runs (`BuiltinAnimators.defaultName(for:)`).
/// A rule without an operation keeps meaning every navigation, as it did before resizes existed.
public struct AnimatorRule: Sendable, Equatable, Codable {
    /// The operation the rule applies to, or nil for any navigation (every operation but `resize`).
    public var operation: TransitionOperation?
    /// The from screen's kind, or nil for any.
    public var fromKind: String?
    /// The to screen's kind, or nil for any.
    public var toKind: String?
    /// The from screen's id, or nil for any.
    public var fromScreen: ScreenID?
    /// The to screen's id, or nil for any.
    public var toScreen: ScreenID?
    /// The animator's name (a built-in or one defined with the engine).
    public var animator: String
    /// Whether the transition may be driven interactively (the delegate's interaction controller).
    public var interactive: Bool

    /// Creates a rule.
    public init(
        operation: TransitionOperation? = nil, fromKind: String? = nil, toKind: String? = nil,
        fromScreen: ScreenID? = nil, toScreen: ScreenID? = nil, animator: String, interactive: Bool = true
    ) {
        self.operation = operation
        self.fromKind = fromKind
        self.toKind = toKind
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.animator = animator
        self.interactive = interactive
    }

    /// Whether the rule applies to a transition.
    public func matches(_ operation: TransitionOperation, from: Screen, to: Screen) -> Bool {
        (self.operation == nil ? operation.isNavigation : self.operation == operation)
            && (fromKind == nil || fromKind == from.kind)
            && (toKind == nil || toKind == to.kind)
            && (fromScreen == nil || fromScreen == from.id)
            && (toScreen == nil || toScreen == to.id)
    }

    func validate(parameter: String) throws(TransitionEngineError) {
        guard !animator.isEmpty, animator.utf8.count <= AnimatorSpecification.maximumNameLength else {
            throw TransitionEngineError(
                .invalidAnimator, "Name an animator of 1 to 64 bytes in every rule.", parameter: "\(parameter).animator"
            )
        }
    }
}

extension Array where Element == AnimatorRule {
    /// The rule deciding a transition, or nil for the system default.
    func rule(for operation: TransitionOperation, from: Screen, to: Screen) -> AnimatorRule? {
        first { $0.matches(operation, from: from, to: to) }
    }
}
