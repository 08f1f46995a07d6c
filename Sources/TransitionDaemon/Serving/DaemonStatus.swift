import TransitionEngine

/// A snapshot of the daemon for monitoring (the status line itself is `StatusSummary`'s).
public struct DaemonStatus: Sendable, Equatable {
    /// Stacks held.
    public var stacks: Int
    /// Stacks with a transition running.
    public var animatingStacks: Int
    /// Client connections open.
    public var clients: Int
    /// Subscription streams open.
    public var subscribers: Int
    /// The display link's rate.
    public var framesPerSecond: Int
    /// Whether a stop has begun.
    public var isStopping: Bool

    /// Creates a status.
    public init(
        stacks: Int, animatingStacks: Int, clients: Int, subscribers: Int, framesPerSecond: Int, isStopping: Bool
    ) {
        self.stacks = stacks
        self.animatingStacks = animatingStacks
        self.clients = clients
        self.subscribers = subscribers
        self.framesPerSecond = framesPerSecond
        self.isStopping = isStopping
    }
}

/// The display link's health, for a watchdog: a clock that should tick and does not is stuck.
public struct ClockHealth: Sendable, Equatable {
    /// Whether the clock delivers ticks now (something animates); false when idle.
    public var isTicking: Bool
    /// Ticks delivered since start.
    public var ticksDelivered: UInt64
    /// Frames skipped because the timing thread woke after later deadlines.
    public var framesSkippedLate: UInt64
    /// The 99th percentile of tick lateness, nanoseconds.
    public var latenessP99Nanoseconds: Int64

    /// Creates the health report from the clock's statistics.
    public init(_ statistics: ClockStatistics) {
        isTicking = statistics.isTicking
        ticksDelivered = statistics.ticksDelivered
        framesSkippedLate = statistics.framesSkippedLate
        latenessP99Nanoseconds = statistics.lateness.p99
    }

    /// Whether the clock did its job between `previous` and this report: it is idle, or it delivered at
    /// least one tick since. Ping the watchdog only when this holds (at intervals well above a frame).
    public func isHealthy(since previous: ClockHealth) -> Bool {
        !isTicking || ticksDelivered > previous.ticksDelivered
    }
}
