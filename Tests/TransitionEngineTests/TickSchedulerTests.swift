import Testing

@testable import TransitionEngine

@Suite struct TickSchedulerTests {
    @Test func theClockTicksOnlyWhileAStackAnimates() async throws {
        let harness = try Harness(shardCount: 2)
        let stacks = try await (0..<4).asyncMap { index in
            try await harness.engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
        }
        #expect(harness.clock.participantsNeedingTicks.isEmpty)
        try await stacks[0].push(Fixtures.screen("a"))
        try await stacks[3].push(Fixtures.screen("b"))
        #expect(harness.engine.context.scheduler.activeCount == 2)
        #expect(harness.clock.participantsNeedingTicks.count == 1)
        await harness.clock.advance(frames: 100)
        #expect(harness.engine.context.scheduler.activeCount == 0)
        let (ticks, whileIdle) = harness.engine.context.scheduler.tickCounts
        #expect(ticks == UInt64(Fixtures.slideFrames))
        #expect(whileIdle == 0)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func shardsAreAssignedRoundRobin() throws {
        let harness = try Harness(shardCount: 3)
        let shards = (0..<7).map { _ in harness.engine.context.scheduler.assignShard() }
        #expect(shards == [0, 1, 2, 0, 1, 2, 0])
    }
}

extension Sequence {
    func asyncMap<Mapped>(_ transform: (Element) async throws -> Mapped) async rethrows -> [Mapped] {
        var mapped: [Mapped] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
