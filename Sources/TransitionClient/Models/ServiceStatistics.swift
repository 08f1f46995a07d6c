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
    /// Transition plans the daemon compiled; nil from a daemon that does not report it.
    public var plansCompiled: UInt64?
    /// Transitions that began with a plan from the daemon's cache; nil from a daemon that does not report it.
    public var plansReused: UInt64?
}
