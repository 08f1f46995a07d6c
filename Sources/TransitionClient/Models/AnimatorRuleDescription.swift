import JSON

/// An animator rule (the IDL's `AnimatorRule`): which animator runs a transition, and whether it may be
/// interactive. `nil` conditions match anything; the first matching rule of a stack wins.
public struct AnimatorRuleDescription: Sendable, Equatable, Codable {
    /// The operation (`push`, `pop`, `present`, `dismiss`, `selectTab`), or nil for any.
    public var operation: String?
    /// The kind of the screen being left, or nil for any.
    public var fromKind: String?
    /// The kind of the screen being shown, or nil for any.
    public var toKind: String?
    /// The identifier of the screen being left, or nil for any.
    public var fromScreen: String?
    /// The identifier of the screen being shown, or nil for any.
    public var toScreen: String?
    /// The animator's name.
    public var animator: String
    /// Whether BeginInteractive may drive the transition; nil means true.
    public var interactive: Bool?

    /// Creates a rule.
    public init(
        operation: String? = nil, fromKind: String? = nil, toKind: String? = nil, fromScreen: String? = nil,
        toScreen: String? = nil, animator: String, interactive: Bool? = nil
    ) {
        self.operation = operation
        self.fromKind = fromKind
        self.toKind = toKind
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.animator = animator
        self.interactive = interactive
    }
}

/// Statistics of the daemon or of one stack (the IDL's `Statistics`).
public struct ServiceStatistics: Sendable, Equatable, Decodable {
    /// Transitions that began.
    public var transitionsBegun: UInt64
    /// Transitions that completed durably.
    public var transitionsCompleted: UInt64
    /// Transitions that were cancelled.
    public var transitionsCancelled: UInt64
    /// Commits that could not be written.
    public var commitFailures: UInt64
    /// Transition frames sampled.
    public var framesProduced: UInt64
    /// Frames replaced before a subscriber read them.
    public var subscriberFramesCoalesced: UInt64
    /// Subscribers ended for falling behind on events.
    public var subscribersEnded: UInt64
    /// Stacks held (1 for one stack's statistics).
    public var stacks: Int
    /// Stacks animating.
    public var animatingStacks: Int
    /// Connections open (the daemon), or subscribers (one stack).
    public var clients: Int
    /// Display-link ticks delivered.
    public var ticks: UInt64
    /// Frames skipped because a tick came late.
    public var framesSkippedLate: UInt64
    /// Frames skipped because the previous tick was still busy.
    public var framesSkippedBusy: UInt64
    /// Tick lateness percentiles and maximum, microseconds.
    public var latenessP50Microseconds: Double
    /// See `latenessP50Microseconds`.
    public var latenessP99Microseconds: Double
    /// See `latenessP50Microseconds`.
    public var latenessMaxMicroseconds: Double
    /// Ticks while nothing animated (0 when healthy).
    public var idleTicks: UInt64
    /// The display link's rate.
    public var framesPerSecond: Double
}
