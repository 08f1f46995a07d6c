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
    /// The tab names (`["main"]` for a stack created without tabs).
    public var tabs: [String]
    /// The selected tab.
    public var selectedTab: String?
    /// What happens to operations arriving during a transition: `queue`, `retarget` or `reject`.
    public var policy: String
    /// The animator rules, tried in order.
    public var rules: [AnimatorRuleDescription]
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
    /// `push`, `pop`, `present`, `dismiss` or `selectTab` (open set).
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

/// What an operation did (the IDL's `OperationResult`).
public struct OperationResult: Sendable, Equatable, Decodable {
    /// What happened to an operation. Open: compare with the constants, treat others as done.
    public struct Outcome: RawRepresentable, Hashable, Sendable, Decodable, CustomStringConvertible {
        /// The wire value.
        public var rawValue: String
        /// Wraps a wire value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Decodes the wire value.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Its transition runs now.
        public static let started = Outcome(rawValue: "started")
        /// It waits behind the running transition.
        public static let queued = Outcome(rawValue: "queued")
        /// It reversed the running transition (policy retarget), which will end cancelled.
        public static let retargeted = Outcome(rawValue: "retargeted")
        /// It changed the stack at once, durably.
        public static let completed = Outcome(rawValue: "completed")
        /// The stack already showed what was asked for.
        public static let unchanged = Outcome(rawValue: "unchanged")

        /// The wire value.
        public var description: String { rawValue }
    }

    /// The operation's number (for retargeted, the reversed transition's).
    public var transitionId: UInt64
    /// What happened.
    public var outcome: Outcome
    /// Place in the queue (1 = next) for a queued operation, else 0.
    public var queuePosition: Int
}

/// One line of `ListAnimators` (the IDL's `AnimatorSummary`).
public struct AnimatorSummary: Sendable, Equatable, Decodable {
    /// The animator's name.
    public var name: String
    /// One line saying what it looks like.
    public var summary: String
    /// The operations it has variants for.
    public var operations: [String]
    /// Whether it is built in.
    public var builtin: Bool
}

/// What `org.varlink.service.GetInfo` reports.
public struct ServiceInfo: Sendable, Equatable, Decodable {
    /// Who made the daemon.
    public var vendor: String
    /// The product name.
    public var product: String
    /// The daemon's version.
    public var version: String
    /// A web page about it.
    public var url: String
    /// The interfaces it implements.
    public var interfaces: [String]
}
