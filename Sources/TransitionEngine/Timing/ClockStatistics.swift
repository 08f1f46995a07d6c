/// What a clock measured about itself since it was created.
public struct ClockStatistics: Sendable, Equatable {
    /// The configured rate in frames per second.
    public var framesPerSecond: Int
    /// Ticks handed to participants.
    public var ticksDelivered: UInt64 = 0
    /// Frames skipped because the timing thread woke after the following frame was already due.
    public var framesSkippedLate: UInt64 = 0
    /// Frames skipped because the participants were still handling the previous tick.
    public var framesSkippedBusy: UInt64 = 0
    /// Times the timing thread returned from a deadline sleep.
    public var wakeups: UInt64 = 0
    /// Deadline wake-ups that found no participant needing ticks; at most one per pause, since a paused
    /// clock blocks on a condition variable and wakes no more.
    public var idleWakeups: UInt64 = 0
    /// Ticks delivered while no participant needed ticks. Always 0: the demand is checked under the
    /// same lock that delivers the tick. Kept as a measured invariant.
    public var ticksWhileIdle: UInt64 = 0
    /// Whether the timing thread got `SCHED_FIFO` (false without CAP_SYS_NICE / RLIMIT_RTPRIO).
    public var realTimeScheduling: Bool = false
    /// Whether a participant currently needs ticks.
    public var isTicking: Bool = false
    /// Wake-up time minus the deadline slept to, per deadline, in nanoseconds. Empty for a
    /// `VirtualClock`, which is never late.
    public var lateness = LatenessHistogram()

    /// Creates empty statistics for a clock of the given rate.
    public init(framesPerSecond: Int) { self.framesPerSecond = framesPerSecond }
}
