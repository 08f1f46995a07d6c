/// What the timing thread shares with the display link and the tick loop: read and written only under
/// the timing worker's lock (`WorkerThreads<TimingLoop>`).
struct TimingThreadState {
    struct Participant {
        var participant: any ClockParticipant
        var needsTicks: Bool
    }

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
    /// The grid frame the timing thread sleeps toward; nil while the clock is idle.
    var nextIndex: Int64?
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

    /// The participants that currently need ticks.
    func activeParticipants() -> [any ClockParticipant] {
        participants.values.compactMap { $0.needsTicks ? $0.participant : nil }
    }
}
