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

    /// The walk runs in a job of the stacks' own executor, so entering a stack queues no job; from a
    /// nonisolated walk each stack cost one (1,004 for this tick of 1,000 stacks).
    @Test func aTickEntersItsStacksWithoutQueueingJobs() async throws {
        let harness = try Harness(shardCount: 2)
        let count = 1_000
        let stacks = try await (0..<count).asyncMap { index in
            try await harness.engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
        }
        for stack in stacks { try await stack.push(Fixtures.screen("a")) }
        await harness.clock.advance(frames: 1)
        #expect(harness.engine.context.scheduler.activeCount == count)
        func jobsEnqueued() -> UInt64 { ShardExecutor.shared.reduce(0) { $0 + $1.jobsEnqueued } }
        let before = jobsEnqueued()
        await harness.clock.advance(frames: 1)
        let during = jobsEnqueued() - before
        #expect(harness.engine.context.scheduler.activeCount == count)
        // A few jobs per shard (the walk's task, its hop to the walker and back); other tests share these
        // executors and may add some meanwhile, far fewer than one per stack.
        #expect(during < UInt64(count / 2), "\(during) jobs for a tick of \(count) stacks")
    }

    /// On a clock with deadlines (a `DisplayLink`) each shard's walk runs as a tick job of its executor
    /// (sent to its `tickLane`): ahead of waiting ordinary jobs and at real time where allowed. Tasks asked
    /// for above user-initiated are created at user-initiated, so a walk told apart by its priority ran as
    /// an ordinary job. The last executor counts only walks (the tick loop runs on the first), of this
    /// test or of any other running a display link meanwhile.
    @Test func aDisplayLinkTickWalksEachShardInATickJob() async throws {
        let link = try DisplayLink(framesPerSecond: 240)
        let executors = ShardExecutor.shared
        let engine = TransitionEngine(clock: link, store: .inMemory(), shardCount: executors.count)
        await link.start()
        let stacks = try await (0..<executors.count).asyncMap { index in
            try await engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
        }
        let last = try #require(executors.last)
        let before = last.tickJobsRun
        for stack in stacks {
            let subscription = try await stack.subscribe()
            try await stack.push(Fixtures.screen("a"))
            for try await element in subscription {
                if case .event(let event) = element, event.kind == .completed { break }
            }
        }
        #expect(last.tickJobsRun > before)
        await engine.shutdown()
        await link.stop()
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
