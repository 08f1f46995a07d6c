import Testing
import TransitionEngine

@Suite struct VirtualClockTests {
    @Test func deliversTicksOnlyToParticipantsThatNeedThem() async throws {
        let clock = try VirtualClock(framesPerSecond: 60)
        let busy = TickRecorder()
        let idle = TickRecorder()
        let busyRegistration = clock.register(busy)
        _ = clock.register(idle)
        clock.setNeedsTicks(true, for: busyRegistration)
        await clock.advance(frames: 3)
        #expect(busy.ticks.map(\.index) == [1, 2, 3])
        #expect(busy.ticks.map(\.timestamp) == [16_666_666, 33_333_333, 50_000_000])
        #expect(busy.ticks.map(\.targetTimestamp) == [33_333_333, 50_000_000, 66_666_666])
        #expect(idle.ticks.isEmpty)
        #expect(clock.now == 50_000_000)
        #expect(throws: TransitionEngineError.self) { try clock.checkNothingPending() }
        clock.setNeedsTicks(false, for: busyRegistration)
        await clock.advance(frames: 2)
        #expect(busy.ticks.count == 3)
        #expect(clock.currentFrameIndex == 5)
        try clock.checkNothingPending()
    }

    @Test func advanceWaitsForEveryParticipant() async throws {
        let clock = try VirtualClock()
        let slow = SlowParticipant()
        clock.setNeedsTicks(true, for: clock.register(slow))
        await clock.advance(frames: 4)
        // Each handle(_:) suspended several times; advance still returned only after all four completed.
        #expect(await slow.completed == [1, 2, 3, 4])
    }

    @Test func rejectsRatesOutOfRange() {
        #expect(throws: TransitionEngineError.self) { try VirtualClock(framesPerSecond: 0) }
        #expect(throws: TransitionEngineError.self) { try VirtualClock(framesPerSecond: 241) }
    }
}

/// A participant whose tick handling suspends repeatedly before it records the tick.
private actor SlowParticipant: ClockParticipant {
    var completed: [Int64] = []

    func handle(_ tick: ClockTick) async {
        for _ in 0..<10 { await Task.yield() }
        completed.append(tick.index)
    }
}
