/// Counters of one stack since it was created or restored.
public struct StackStatistics: Sendable, Equatable {
    /// Transitions that emitted `began`.
    public var began: UInt64 = 0
    /// Transitions that completed (durably).
    public var completed: UInt64 = 0
    /// Transitions that were cancelled (returned to their start, or their commit failed).
    public var cancelled: UInt64 = 0
    /// Transition frames handed to subscribers (each sampled only if a subscriber reads it).
    public var frames: UInt64 = 0
    /// Commits that failed to be written.
    public var commitFailures: UInt64 = 0
    /// Subscribers ended for falling too far behind.
    public var subscriberDrops: UInt64 = 0

    /// Creates zero counters.
    public init() {}

    /// Adds another stack's counters.
    public mutating func add(_ other: StackStatistics) {
        began += other.began
        completed += other.completed
        cancelled += other.cancelled
        frames += other.frames
        commitFailures += other.commitFailures
        subscriberDrops += other.subscriberDrops
    }
}
