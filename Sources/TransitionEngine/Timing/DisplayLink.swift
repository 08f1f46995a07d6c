import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The production clock: ticks on a fixed frame grid of `CLOCK_MONOTONIC`, like CADisplayLink.
///
/// One dedicated thread (named `transitiond-tick`, timer slack 1 ns, a `WorkerThreads` running
/// `TimingLoop`) waits on a condition variable until the absolute `CLOCK_MONOTONIC` due time of the next
/// frame, so the clock never drifts. At each deadline it hands the tick to a single loop task that runs on the first
/// `ShardExecutor`'s thread (one thread wake-up per tick, never a wait for the cooperative pool), which
/// awaits each participant in turn. If the participants are still
/// busy with the previous tick, or the thread woke after the next frame was already due, the missed frames
/// are skipped: the next tick carries the current grid frame and `skippedFrames` counts the gap, as
/// CADisplayLink skips frames (see Apple's "CADisplayLink" documentation: `timestamp`, `targetTimestamp`).
///
/// When no participant needs ticks the thread blocks on a condition variable and wakes no more, so an
/// idle daemon costs nothing; `setNeedsTicks(true, for:)` wakes it and the grid resumes where it would
/// have been (frame indices count from the clock's creation).
public actor DisplayLink: TransitionClock {
    /// The supported range of frame rates, in frames per second.
    public static let supportedRates = 1...240
    /// The default rate, in frames per second.
    public static let defaultRate = 60
    /// Timer slack requested for the timing thread, in nanoseconds: the kernel may otherwise defer
    /// wake-ups by its default 50 µs slack (prctl(2), PR_SET_TIMERSLACK).
    static let timerSlackNanoseconds: UInt = 1
    /// `SCHED_FIFO` priority asked for the timing thread: the lowest real-time priority, enough to preempt
    /// every `SCHED_OTHER` thread (sched(7)) while staying below anything the system runs at real time.
    static let realTimePriority: Int32 = 1

    /// The frame rate in frames per second.
    public nonisolated let framesPerSecond: Int
    /// Whether the timing thread and the shard threads, while they tick, ask for real-time scheduling.
    public nonisolated let realTimeScheduling: RealTimeScheduling
    /// The timing thread and the state it shares with this actor and the tick loop.
    private nonisolated let timing: WorkerThreads<TimingLoop>
    private var loop: Task<Void, Never>?

    /// Creates a stopped display link.
    ///
    /// - Parameters:
    ///   - framesPerSecond: 1...240, default 60.
    ///   - realTimeScheduling: whether the tick threads ask for `SCHED_FIFO` (see `RealTimeScheduling`);
    ///     `.required` behaves as `.whenAllowed` here: refusing to start is the daemon's decision. The shard
    ///     threads are the process's, so the last display link started sets their behaviour.
    /// - Throws: `invalidParameter` (parameter `framesPerSecond`) for a rate out of range.
    public init(
        framesPerSecond: Int = DisplayLink.defaultRate, realTimeScheduling: RealTimeScheduling = .whenAllowed
    ) throws(TransitionEngineError) {
        guard Self.supportedRates.contains(framesPerSecond) else {
            throw TransitionEngineError(
                .invalidParameter, "Choose a frame rate between 1 and 240 frames per second.",
                parameter: "framesPerSecond")
        }
        self.framesPerSecond = framesPerSecond
        self.realTimeScheduling = realTimeScheduling
        timing = WorkerThreads(
            state: TimingThreadState(
                grid: FrameGrid(origin: MonotonicClock.now(), framesPerSecond: framesPerSecond),
                asksForRealTime: realTimeScheduling.asks),
            inheritingPriority: true)
    }

    /// Starts the timing thread and the tick loop. Calling it again does nothing.
    public func start() {
        let timing = self.timing
        let alreadyStarted = timing.withState { state in
            defer { state.started = true }
            return state.started || state.stopped
        }
        guard !alreadyStarted else { return }
        ShardExecutor.setTicksAskForRealTime(realTimeScheduling.asks)
        timing.start(TimingLoop(), name: "transitiond-tick")
        // The loop runs on the first shard's thread as tick jobs: each tick resumes it there directly, never
        // through the cooperative pool (where it would wait behind whatever the pool runs). Its priority
        // says nothing to the shard executor (the lane does); high, for any pool it might touch.
        loop = Task.detached(executorPreference: ShardExecutor.forShard(0).tickLane, priority: .high) {
            await TimingLoop.deliver(timing)
        }
    }

    /// Stops the clock for good: no tick is delivered after the current one, and this returns once the
    /// tick loop has ended. The timing thread exits at once.
    public func stop() async {
        var waiter: CheckedContinuation<ClockTick?, Never>?
        timing.update { state in
            state.stopped = true
            swap(&waiter, &state.waiter)
            return .all
        }
        waiter?.resume(returning: nil)
        await loop?.value
        loop = nil
    }

    #if DEBUG
        /// A fault hook of debug builds, for testing a watchdog: the timing thread stalls for the rest of
        /// the process at its next decision (at once while idle or ticking), so no tick is delivered again
        /// while everything else goes on.
        nonisolated public func stallForTesting() {
            timing.update { state in
                state.stallRequested = true
                return .all
            }
        }
    #endif

    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    public nonisolated var now: Int64 { MonotonicClock.now() }

    /// The grid frame at or before now.
    public nonisolated var currentFrameIndex: Int64 {
        let grid = timing.withState { $0.grid }
        return grid.frameIndex(atOrBefore: MonotonicClock.now())
    }

    /// False: a tick never waits for a disk.
    public nonisolated var waitsForSideEffects: Bool { false }

    /// True: each tick is due on the frame grid.
    public nonisolated var ticksHaveDeadlines: Bool { true }

    /// What the clock measured about itself.
    public nonisolated var statistics: ClockStatistics {
        timing.withState { state in
            var statistics = state.statistics
            statistics.isTicking = state.demand > 0
            return statistics
        }
    }

    /// Adds a participant; it receives no ticks until it asks for them.
    public nonisolated func register(_ participant: any ClockParticipant) -> ClockRegistration {
        timing.withState { state in
            let number = state.nextRegistration
            state.nextRegistration += 1
            state.participants[number] = .init(participant: participant, needsTicks: false)
            return ClockRegistration(rawValue: number)
        }
    }

    /// Removes a participant.
    public nonisolated func unregister(_ registration: ClockRegistration) {
        setNeedsTicks(false, for: registration)
        _ = timing.withState { $0.participants.removeValue(forKey: registration.rawValue) }
    }

    /// Asks for ticks, or says the participant is idle.
    public nonisolated func setNeedsTicks(_ needsTicks: Bool, for registration: ClockRegistration) {
        timing.update { state in
            guard var entry = state.participants[registration.rawValue], entry.needsTicks != needsTicks else {
                return .none
            }
            entry.needsTicks = needsTicks
            state.participants[registration.rawValue] = entry
            state.demand += needsTicks ? 1 : -1
            // The first demand wakes an idle timing thread; a thread already ticking sees the rest.
            return state.demand == 1 && needsTicks ? .one : .none
        }
    }
}
