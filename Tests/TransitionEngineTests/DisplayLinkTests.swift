import Testing
import TransitionEngine

/// Real-clock tests assert only order and grid properties, never durations.
@Suite struct DisplayLinkTests {
    /// Runs a 240 Hz display link until a recorder has seen at least `count` ticks, then stops it.
    static func recordTicks(
        _ count: Int, realTimeScheduling: RealTimeScheduling = .whenAllowed
    ) async throws -> (link: DisplayLink, recorder: TickRecorder) {
        let link = try DisplayLink(framesPerSecond: 240, realTimeScheduling: realTimeScheduling)
        let recorder = TickRecorder()
        let registration = link.register(recorder)
        await link.start()
        link.setNeedsTicks(true, for: registration)
        await recorder.waitForTicks(count)
        link.setNeedsTicks(false, for: registration)
        await link.stop()
        return (link, recorder)
    }

    @Test func ticksLieOnTheGridAndAccountForSkippedFrames() async throws {
        let (link, recorder) = try await Self.recordTicks(20)
        let ticks = recorder.ticks
        #expect(ticks.count >= 20)
        let first = try #require(ticks.first)
        for (previous, tick) in zip(ticks, ticks.dropFirst()) {
            #expect(tick.index > previous.index, "\(previous) then \(tick)")
            #expect(tick.index - previous.index - 1 == tick.skippedFrames, "\(previous) then \(tick)")
        }
        for tick in ticks {
            // On the grid: the offset from the first tick is exactly a whole number of frames.
            let frames = tick.index - first.index
            // Each grid timestamp is rounded down on its own, so the offset is within 1 ns of exact.
            let expected = first.timestamp + frames * 1_000_000_000 / 240
            #expect(abs(tick.timestamp - expected) <= 1, "\(tick)")
            #expect(tick.targetTimestamp > tick.timestamp)
        }
        let statistics = link.statistics
        #expect(statistics.ticksDelivered >= 20)
        #expect(statistics.ticksWhileIdle == 0)
        // Lateness is recorded per deadline slept to with demand; the one deadline that may pass after
        // the recorder asked to stop wakes the thread idle and has no lateness.
        #expect(statistics.idleWakeups <= 1)
        #expect(statistics.lateness.count == statistics.wakeups - statistics.idleWakeups)
        #expect(!statistics.isTicking)
    }

    /// The tick loop runs on the first shard executor's thread as tick jobs (ahead of ordinary jobs, at
    /// real time where allowed), whatever priority the runtime gave its task.
    @Test func ticksAreHandledAsTickJobs() async throws {
        let handled = try await Self.recordTicks(3).recorder.handledAsTickJob
        #expect(handled.count >= 3)
        #expect(handled.allSatisfy { $0 }, "\(handled)")
    }

    /// `.off` never asks for real time; `.whenAllowed` gets it exactly when the system allows it (as root here
    /// and in CI it does; as a user, or in a container without CAP_SYS_NICE, it does not).
    @Test func realTimeSchedulingFollowsTheSetting() async throws {
        let off = try await Self.recordTicks(3, realTimeScheduling: .off).link.statistics
        #expect(!off.realTimeScheduling)
        let allowed = RealTimeScheduling.systemAllows()
        let asked = try await Self.recordTicks(3, realTimeScheduling: .whenAllowed).link.statistics
        #expect(asked.realTimeScheduling == allowed)
    }

    @Test func stopEndsAnIdleClock() async throws {
        let link = try DisplayLink()
        await link.start()
        await link.stop()
        #expect(link.statistics.ticksDelivered == 0)
        #expect(link.statistics.wakeups == 0)
    }

    @Test func rejectsRatesOutOfRange() {
        #expect(throws: TransitionEngineError.self) { try DisplayLink(framesPerSecond: 0) }
        #expect(throws: TransitionEngineError.self) { try DisplayLink(framesPerSecond: 1_000) }
    }
}
