import SystemThreads

/// The state the timing thread shares with the pool, guarded by one `ConditionLock`.
///
/// Every field is read and written only while `lock` is held.
final class TimingThreadState: @unchecked Sendable {
    struct Participant {
        var participant: any ClockParticipant
        var needsTicks: Bool
    }

    let lock = ConditionLock(inheritingPriority: true)
    var grid: FrameGrid
    var participants: [UInt64: Participant] = [:]
    var nextRegistration: UInt64 = 1
    var demand = 0
    var stopped = false
    var started = false
    /// A fault hook of debug builds asked the timing thread to stall (`DisplayLink.stallForTesting`).
    var stallRequested = false
    /// The tick loop waiting for the next tick, if it is not busy handling one.
    var waiter: CheckedContinuation<ClockTick?, Never>?
    /// The last index delivered since the clock last resumed, for `skippedFrames`.
    var lastDeliveredIndex: Int64?
    var statistics: ClockStatistics
    /// Whether the timing thread asks for real-time scheduling (`DisplayLink.realTimeScheduling`); set once.
    let asksForRealTime: Bool

    init(grid: FrameGrid, asksForRealTime: Bool) {
        self.grid = grid
        self.asksForRealTime = asksForRealTime
        statistics = ClockStatistics(framesPerSecond: grid.framesPerSecond)
    }

    /// The participants that currently need ticks. Caller holds the lock.
    func activeParticipants() -> [any ClockParticipant] {
        participants.values.compactMap { $0.needsTicks ? $0.participant : nil }
    }
}
