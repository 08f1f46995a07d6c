import SystemPrimitives

/// A clock that advances only when told, for deterministic tests and offline rendering.
///
/// `advance(frames:)` delivers ticks one at a time and, for each, awaits `handle(_:)` of every
/// participant that needs ticks before delivering the next: when it returns, every participant has
/// finished with every tick (an explicit handshake, not a yield heuristic). Because
/// `waitsForSideEffects` is `true`, the engine also waits for the durable writes and the events of
/// each tick, so nothing is left in flight. Frame 0 is the origin; the first `advance` delivers frame 1.
///
/// Example:
/// ```swift
/// let clock = try VirtualClock(framesPerSecond: 60)
/// // ... start transitions ...
/// await clock.advance(frames: 36)      // 0.6 s of ticks, all handled
/// try clock.checkNothingPending()      // test teardown
/// ```
public actor VirtualClock: TransitionClock {
    private struct State {
        var participants: [UInt64: (participant: any ClockParticipant, needsTicks: Bool)] = [:]
        var nextRegistration: UInt64 = 1
        var index: Int64 = 0
        var statistics: ClockStatistics
    }

    /// The frame rate in frames per second.
    public nonisolated let framesPerSecond: Int
    /// The grid; frame 0 is at `origin`.
    public nonisolated let grid: FrameGrid
    private nonisolated let state: Locked<State>
    private var advancing = false

    /// Creates a virtual clock at frame 0.
    ///
    /// - Parameters:
    ///   - framesPerSecond: 1...240, default 60.
    ///   - origin: the monotonic time of frame 0 in nanoseconds (default 0).
    /// - Throws: `invalidParameter` (parameter `framesPerSecond`) for a rate out of range.
    public init(framesPerSecond: Int = DisplayLink.defaultRate, origin: Int64 = 0) throws(TransitionEngineError) {
        guard DisplayLink.supportedRates.contains(framesPerSecond) else {
            throw TransitionEngineError(
                .invalidParameter, "Choose a frame rate between 1 and 240 frames per second.",
                parameter: "framesPerSecond")
        }
        self.framesPerSecond = framesPerSecond
        grid = FrameGrid(origin: origin, framesPerSecond: framesPerSecond)
        state = Locked(
            State(statistics: ClockStatistics(framesPerSecond: framesPerSecond)), inheritingPriority: true)
    }

    /// Delivers `frames` ticks, each one only after every participant that needs ticks has handled the
    /// previous one. Participants that do not need ticks are skipped, but time still passes.
    ///
    /// - Parameter frames: how many frames to advance; 0 or less does nothing.
    public func advance(frames: Int = 1) async {
        precondition(!advancing, "VirtualClock.advance is not reentrant: await one call before the next")
        advancing = true
        defer { advancing = false }
        for _ in 0..<max(frames, 0) {
            let (tick, participants) = state.withLock { state in
                state.index += 1
                let tick = ClockTick(frame: state.index, on: grid, skippedFrames: 0)
                let participants = state.participants.sorted { $0.key < $1.key }
                    .compactMap { $0.value.needsTicks ? $0.value.participant : nil }
                if !participants.isEmpty { state.statistics.ticksDelivered += 1 }
                return (tick, participants)
            }
            for participant in participants {
                await participant.handle(tick)
            }
        }
    }

    /// Advances until no participant needs ticks, at most `limit` frames.
    ///
    /// - Returns: the number of frames advanced.
    @discardableResult
    public func advanceUntilIdle(limit: Int = 100_000) async -> Int {
        var advanced = 0
        while advanced < limit && state.withLock({ $0.participants.values.contains { $0.needsTicks } }) {
            await advance(frames: 1)
            advanced += 1
        }
        return advanced
    }

    /// Participants (by registration number) that still need ticks, for test teardown messages.
    public nonisolated var participantsNeedingTicks: [ClockRegistration] {
        state.withLock { state in
            state.participants.filter { $0.value.needsTicks }.keys.sorted().map(ClockRegistration.init(rawValue:))
        }
    }

    /// Throws when a participant still needs ticks: at the end of a test something is still animating.
    public nonisolated func checkNothingPending() throws(TransitionEngineError) {
        let pending = participantsNeedingTicks
        guard pending.isEmpty else {
            throw TransitionEngineError(
                .transitionInProgress,
                "Advance the clock until idle before the test ends: \(pending.count) participant(s) need ticks.")
        }
    }

    /// The timestamp of the last delivered frame (frame 0 before any), in nanoseconds.
    public nonisolated var now: Int64 { grid.timestamp(ofFrame: currentFrameIndex) }

    /// The last frame delivered (0 before any).
    public nonisolated var currentFrameIndex: Int64 { state.withLock { $0.index } }

    /// True: a tick is handled only when its writes and events are done.
    public nonisolated var waitsForSideEffects: Bool { true }

    /// False: a tick is due when a test asks for it, not at a time.
    public nonisolated var ticksHaveDeadlines: Bool { false }

    /// What the clock measured about itself.
    public nonisolated var statistics: ClockStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.isTicking = state.participants.values.contains { $0.needsTicks }
            return statistics
        }
    }

    /// Adds a participant; it receives no ticks until it asks for them.
    public nonisolated func register(_ participant: any ClockParticipant) -> ClockRegistration {
        state.withLock { state in
            let number = state.nextRegistration
            state.nextRegistration += 1
            state.participants[number] = (participant, false)
            return ClockRegistration(rawValue: number)
        }
    }

    /// Removes a participant.
    public nonisolated func unregister(_ registration: ClockRegistration) {
        _ = state.withLock { $0.participants.removeValue(forKey: registration.rawValue) }
    }

    /// Asks for ticks, or says the participant is idle.
    public nonisolated func setNeedsTicks(_ needsTicks: Bool, for registration: ClockRegistration) {
        state.withLock { state in
            state.participants[registration.rawValue]?.needsTicks = needsTicks
        }
    }
}
