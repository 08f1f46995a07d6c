import TransitionCore

/// Something that happened to a stack, as subscribers receive it.
///
/// Events of a transition come in the order began, then completed or cancelled, exactly once each.
/// `completed` and `stackChanged` of a committed change are sent only after the change is durable.
public struct StackEvent: Sendable, Equatable {
    /// The kind of event. Open on the wire: clients ignore kinds they do not know.
    public enum Kind: String, Sendable, Equatable {
        /// A transition began (plan time 0).
        case began
        /// A transition reached its end and its new state is committed and durable.
        case completed
        /// A transition returned to its start; the committed state is as before. `error` is set when
        /// the cancellation was forced because the new state could not be written.
        case cancelled
        /// The committed state changed (after `completed`, or after a change without animation).
        case stackChanged
        /// A queued operation turned out invalid when its turn came and was dropped, or a change without
        /// animation could not be written; see `error`.
        case operationFailed
    }

    /// The kind of event.
    public var kind: Kind
    /// The stack.
    public var stack: StackID
    /// The clock frame at which it happened.
    public var frameIndex: Int64
    /// The operation's id (for stackChanged: the operation that caused it, or 0 for configuration).
    public var transition: TransitionID
    /// The transition's operation, if a transition is concerned.
    public var operation: TransitionOperation?
    /// The animator's name, if a transition is concerned.
    public var animator: String?
    /// The screen the transition leaves.
    public var from: ScreenID?
    /// The screen the transition shows.
    public var to: ScreenID?
    /// Whether the transition began interactively.
    public var interactive: Bool
    /// For stackChanged: the selected tab's screens, root first.
    public var screens: [ScreenID]
    /// For stackChanged: the presented screens, bottom first.
    public var presented: [ScreenID]
    /// For stackChanged: the selected tab.
    public var selectedTab: TabID?
    /// For operationFailed and forced cancellations: why.
    public var error: TransitionEngineError?

    /// Creates an event.
    public init(
        kind: Kind, stack: StackID, frameIndex: Int64, transition: TransitionID,
        operation: TransitionOperation? = nil, animator: String? = nil, from: ScreenID? = nil, to: ScreenID? = nil,
        interactive: Bool = false, screens: [ScreenID] = [], presented: [ScreenID] = [], selectedTab: TabID? = nil,
        error: TransitionEngineError? = nil
    ) {
        self.kind = kind
        self.stack = stack
        self.frameIndex = frameIndex
        self.transition = transition
        self.operation = operation
        self.animator = animator
        self.from = from
        self.to = to
        self.interactive = interactive
        self.screens = screens
        self.presented = presented
        self.selectedTab = selectedTab
        self.error = error
    }
}

/// A subscription to one stack's frames and events.
public typealias StackSubscription = Subscription<Frame, StackEvent>
