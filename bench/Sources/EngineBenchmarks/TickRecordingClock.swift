import BenchmarkSupport
import Synchronization
import SystemPrimitives
import TransitionEngine

/// A `DisplayLink` seen through a recorder: every participant (the engine's tick scheduler) is wrapped
/// so that each tick's work (from the moment the tick reaches the engine until the engine returns) and
/// its delivery lateness (that moment minus the tick's grid timestamp) are recorded. Everything else is
/// the display link's own.
final class TickRecordingClock: TransitionClock {
    /// The real clock.
    let displayLink: DisplayLink
    /// What the wrapped participants recorded.
    let recorder: TickRecorder

    init(_ displayLink: DisplayLink) {
        self.displayLink = displayLink
        recorder = TickRecorder(framesPerSecond: displayLink.framesPerSecond)
    }

    var framesPerSecond: Int { displayLink.framesPerSecond }
    var now: Int64 { displayLink.now }
    var currentFrameIndex: Int64 { displayLink.currentFrameIndex }
    var waitsForSideEffects: Bool { displayLink.waitsForSideEffects }
    var ticksHaveDeadlines: Bool { displayLink.ticksHaveDeadlines }
    var statistics: ClockStatistics { displayLink.statistics }

    func register(_ participant: any ClockParticipant) -> ClockRegistration {
        displayLink.register(TimedParticipant(participant: participant, recorder: recorder))
    }

    func unregister(_ registration: ClockRegistration) { displayLink.unregister(registration) }

    func setNeedsTicks(_ needsTicks: Bool, for registration: ClockRegistration) {
        displayLink.setNeedsTicks(needsTicks, for: registration)
    }
}

/// Times one participant's ticks.
private final class TimedParticipant: ClockParticipant {
    let participant: any ClockParticipant
    let recorder: TickRecorder

    init(participant: any ClockParticipant, recorder: TickRecorder) {
        self.participant = participant
        self.recorder = recorder
    }

    func handle(_ tick: ClockTick) async {
        let started = MonotonicClock.now()
        await participant.handle(tick)
        recorder.record(tick, started: started, finished: MonotonicClock.now())
    }
}

/// Histograms of tick work and delivery lateness, with the display link's grid as the ticks show it.
final class TickRecorder: Sendable {
    /// What has been recorded since the last reset.
    struct Record: Sendable {
        /// Wall time of each tick's work, nanoseconds.
        var work = LatenessHistogram()
        /// When each tick reached the engine minus its grid timestamp, nanoseconds.
        var delivery = LatenessHistogram()
        /// Ticks recorded.
        var ticks = 0
        /// Frames the display link skipped between recorded ticks (`ClockTick.skippedFrames`).
        var skippedFrames: Int64 = 0
    }

    private let framesPerSecond: Int
    private let state = Mutex((record: Record(), grid: FrameGrid?.none))

    init(framesPerSecond: Int) { self.framesPerSecond = framesPerSecond }

    func record(_ tick: ClockTick, started: Int64, finished: Int64) {
        state.withLock { state in
            state.record.work.record(finished - started)
            state.record.delivery.record(started - tick.timestamp)
            state.record.ticks += 1
            state.record.skippedFrames += tick.skippedFrames
            if state.grid == nil {
                // timestamp = origin + ⌊index · 10⁹ / rate⌋ (FrameGrid), so the origin follows from any tick.
                let offset = FrameGrid(origin: 0, framesPerSecond: framesPerSecond).timestamp(ofFrame: tick.index)
                state.grid = FrameGrid(origin: tick.timestamp - offset, framesPerSecond: framesPerSecond)
            }
        }
    }

    /// Forgets what was recorded (the grid stays).
    func reset() { state.withLock { $0.record = Record() } }

    /// What was recorded since the last reset.
    var record: Record { state.withLock { $0.record } }

    /// The display link's grid, known once a tick has been recorded.
    var grid: FrameGrid? { state.withLock { $0.grid } }
}
