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

    /// A stack whose transition ends during a walk stays in the shard's array until the walk is over:
    /// taking it out at once changed the array the walk holds, which copied it whole (a retain per stack).
    @Test func aStackLeavingDuringAWalkIsTakenOutAfterIt() async throws {
        let harness = try Harness()
        let stacks = try await (0..<3).asyncMap { index in
            try await harness.engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
        }
        let (first, second, third) = (stacks[0], stacks[1], stacks[2])
        var shard = TickScheduler.Shard()
        // `#expect` cannot call a mutating method on a variable it captures: each result is taken first.
        var results: [Bool] = []
        for stack in stacks { results.append(shard.insert(stack)) }
        results.append(shard.insert(first))
        #expect(results == [true, true, true, false])
        let walked = shard.stacks
        results = [shard.remove(second, walking: true), shard.remove(second, walking: true)]
        #expect(results == [true, false])
        // Nothing moved while the walk holds the array: the same storage, not a copy.
        #expect(identities(shard.stacks) == identities(walked))
        #expect(
            shard.stacks.withUnsafeBufferPointer { $0.baseAddress }
                == walked.withUnsafeBufferPointer { $0.baseAddress })
        // Back before the walk is over: it never left.
        results = [shard.insert(second)]
        shard.removeLeaving()
        #expect(identities(shard.stacks) == identities(walked))
        results.append(shard.remove(third, walking: true))
        shard.removeLeaving()
        #expect(identities(shard.stacks) == identities([first, second]))
        // Outside a walk a stack is taken out at once.
        results += [shard.remove(first, walking: false), shard.remove(third, walking: false)]
        #expect(identities(shard.stacks) == identities([second]))
        #expect(results == [true, true, true, false])
    }

    /// Stacks whose transitions end in a tick are no longer walked once the tick is over, while one that
    /// goes on with a queued operation stays.
    @Test func stacksThatStopAnimatingLeaveTheWalkAfterTheTick() async throws {
        let harness = try Harness(shardCount: 2)
        let stacks = try await (0..<4).asyncMap { index in
            try await harness.engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
        }
        for stack in stacks { try await stack.push(Fixtures.screen("a")) }
        try await stacks[1].push(Fixtures.screen("b"))
        await harness.clock.advance(frames: 1)
        #expect(harness.engine.context.scheduler.walkedStackCount == 4)
        await harness.clock.advance(frames: Fixtures.slideFrames - 1)
        #expect(harness.engine.context.scheduler.activeCount == 1)
        #expect(harness.engine.context.scheduler.walkedStackCount == 1)
        await harness.clock.advanceUntilIdle()
        #expect(await stacks[1].state.screens.map(\.id) == ["home", "a", "b"])
        #expect(harness.engine.context.scheduler.walkedStackCount == 0)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func shardsAreAssignedRoundRobin() throws {
        let harness = try Harness(shardCount: 3)
        let shards = (0..<7).map { _ in harness.engine.context.scheduler.assignShard() }
        #expect(shards == [0, 1, 2, 0, 1, 2, 0])
    }
}

private func identities(_ stacks: [StackActor]) -> [ObjectIdentifier] { stacks.map(ObjectIdentifier.init) }

extension Sequence {
    func asyncMap<Mapped>(_ transform: (Element) async throws -> Mapped) async rethrows -> [Mapped] {
        var mapped: [Mapped] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
