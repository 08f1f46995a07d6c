import JSON

/// A stack as `GetStack` and `CreateStack` describe it (the IDL's `StackState`).
public struct StackDescription: Sendable, Equatable, Decodable {
    /// The stack's name.
    public var name: String
    /// The uid of the client that created it.
    public var ownerUid: UInt32
    /// The container's width in points.
    public var containerWidth: Double
    /// The container's height in points.
    public var containerHeight: Double
    /// The selected tab's navigation stack, root first (screen identifiers).
    public var screens: [String]
    /// The presented screens, bottom first.
    public var presented: [String]
    /// Each presented screen's presentation style, in the order of `presented`: `fullScreen` or
    /// `overCurrentContext` (open set); nil from a daemon older than presentation styles.
    public var presentationStyles: [String]?
    /// The tab names (`["main"]` for a stack created without tabs).
    public var tabs: [String]
    /// The selected tab.
    public var selectedTab: String?
    /// What happens to operations arriving during a transition: `queue`, `retarget` or `reject`.
    public var policy: String
    /// The animator rules, tried in order.
    public var rules: [AnimatorRuleDescription]
    /// The stack's Reduce Motion setting: `on`, `off` or `followDaemon` (open set); nil from a daemon
    /// older than the setting.
    public var reduceMotion: String?
    /// Operations waiting behind the running transition.
    public var queuedOperations: Int
    /// The running transition, if any.
    public var transition: TransitionDescription?
    /// The screens as JSON objects (`screens` then `presented`), when asked for with `includeScreens`.
    public var screenObjects: [JSONValue]?

    /// The visible screen: the top presented one, else the top of the navigation stack.
    public var visibleScreen: String? { presented.last ?? screens.last }
}

/// A running transition (the IDL's `TransitionState`).
public struct TransitionDescription: Sendable, Equatable, Decodable {
    /// The operation's number, unique within its stack for the daemon's run.
    public var id: UInt64
    /// `push`, `pop`, `present`, `dismiss`, `selectTab` or `resize` (open set).
    public var operation: String
    /// The animator's name.
    public var animator: String
    /// The screen being left.
    public var fromScreen: String
    /// The screen being shown.
    public var toScreen: String
    /// Plan time over completion time, 0 to 1.
    public var fraction: Double
    /// Seconds from the beginning to completion.
    public var durationSeconds: Double
    /// Whether a gesture drives it.
    public var interactive: Bool
    /// Whether it is paused.
    public var paused: Bool
    /// Whether it heads back to its start.
    public var reversed: Bool
}

/// One line of `ListStacks` (the IDL's `StackSummary`).
public struct StackSummary: Sendable, Equatable, Decodable {
    /// The stack's name.
    public var name: String
    /// The uid of the client that created it.
    public var ownerUid: UInt32
    /// The visible screen.
    public var topScreen: String
    /// Screens in the selected tab's navigation stack.
    public var depth: Int
    /// Whether a transition runs.
    public var animating: Bool
}
