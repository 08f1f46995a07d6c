import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

/// Reduce Motion in the engine: the daemon's setting, each stack's override of it, and what a transition
/// already running or queued does when the setting changes.
@Suite struct ReduceMotionTests {
    /// Full push: 0.5 s; reduced push: 0.2 s. Full pop: completes at 0.25 s though its `duration` is 0.4
    /// s, and has no reduced variant, so Reduce Motion cross-fades it for 0.4 s. Each plan's completion time
    /// tells which script ran.
    private static let timed = AnimatorSpecification(
        name: "timed",
        variants: [
            .push: BuiltinAnimators.crossFade(for: .push, duration: 0.5),
            .pop: TransitionScript(
                duration: 0.4, layers: [.to, .from],
                phases: [Phase(duration: 0.25, tracks: [Track(.from, .alpha, to: .number(0))])]),
        ],
        reducedVariants: [.push: BuiltinAnimators.crossFade(for: .push, duration: 0.2)])

    private static let timedRules = [AnimatorRule(animator: "timed")]

    /// The duration of the transition `perform` starts on `stack`, then the stack settled again.
    private static func duration(
        of stack: StackActor, harness: Harness, _ perform: () async throws -> Void
    ) async throws -> Double? {
        try await perform()
        let duration = await stack.transitionStatus?.duration
        await harness.clock.advanceUntilIdle()
        return duration
    }

    /// The running transition once it is `id`: the clock advanced a frame at a time (each advance returns
    /// once every stack has taken the tick), at most a second's frames.
    private static func status(
        of stack: StackActor, harness: Harness, once id: TransitionID
    ) async -> TransitionStatus? {
        for _ in 0..<60 {
            if let status = await stack.transitionStatus, status.id == id { return status }
            await harness.clock.advance(frames: 1)
        }
        return nil
    }

    @Test func theDaemonSettingChoosesTheReducedVariantOrTheCrossFade() async throws {
        let harness = try Harness()
        try harness.engine.defineAnimator(Self.timed)
        let stack = try await harness.engine.createStack(Fixtures.state(rules: Self.timedRules))
        #expect(!harness.engine.reducesMotion)
        #expect(
            try await Self.duration(of: stack, harness: harness) { try await stack.push(Fixtures.screen("a")) } == 0.5)
        #expect(try await Self.duration(of: stack, harness: harness) { try await stack.pop() } == 0.25)
        harness.engine.setReducesMotion(true)
        #expect(harness.engine.reducesMotion)
        #expect(
            try await Self.duration(of: stack, harness: harness) { try await stack.push(Fixtures.screen("a")) } == 0.2)
        #expect(try await Self.duration(of: stack, harness: harness) { try await stack.pop() } == 0.4)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aStacksOwnSettingOverridesTheDaemons() async throws {
        let harness = try Harness()
        try harness.engine.defineAnimator(Self.timed)
        let stack = try await harness.engine.createStack(Fixtures.state(rules: Self.timedRules))
        let push = { () async throws -> Void in _ = try await stack.push(Fixtures.screen("a")) }
        let pop = { () async throws -> Void in _ = try await stack.pop() }
        try await stack.configure(.reduceMotion(true))
        #expect(await stack.state.reduceMotion == true)
        #expect(try await Self.duration(of: stack, harness: harness, push) == 0.2, "on over the daemon's off")
        #expect(try await Self.duration(of: stack, harness: harness, pop) == 0.4)
        harness.engine.setReducesMotion(true)
        try await stack.configure(.reduceMotion(false))
        #expect(try await Self.duration(of: stack, harness: harness, push) == 0.5, "off over the daemon's on")
        #expect(try await Self.duration(of: stack, harness: harness, pop) == 0.25)
        try await stack.configure(.reduceMotion(nil))
        #expect(await stack.state.reduceMotion == nil)
        #expect(try await Self.duration(of: stack, harness: harness, push) == 0.2, "following the daemon's on")
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A transition already running keeps its animator when the setting changes; one queued behind it
    /// begins with the setting in force when its turn comes, and so does a stack's change queued before it.
    @Test func aRunningTransitionKeepsItsAnimatorAndAQueuedOneTakesTheNewSetting() async throws {
        let harness = try Harness()
        try harness.engine.defineAnimator(Self.timed)
        let stack = try await harness.engine.createStack(Fixtures.state(rules: Self.timedRules))
        try await stack.push(Fixtures.screen("a"))
        await harness.clock.advance(frames: 3)
        harness.engine.setReducesMotion(true)
        #expect(await stack.transitionStatus?.duration == 0.5)
        let queued = try await stack.push(Fixtures.screen("b"))
        #expect(queued.disposition == .queued)
        let queuedStatus = await Self.status(of: stack, harness: harness, once: queued.transition)
        #expect(queuedStatus?.duration == 0.2, "the queued push began reduced")
        await harness.clock.advanceUntilIdle()
        // A stack's setting queued behind a running transition applies to the operations after it.
        try await stack.pop()
        #expect(await stack.transitionStatus?.duration == 0.4, "the first pop cross-fades")
        _ = try await stack.configure(.reduceMotion(false))
        let second = try await stack.pop()
        let secondStatus = await Self.status(of: stack, harness: harness, once: second.transition)
        #expect(secondStatus?.duration == 0.25, "the second pop runs in full")
        await harness.clock.advanceUntilIdle()
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A gesture still drives a reduced transition: the fraction maps onto the reduced plan's time.
    @Test func aGestureDrivesTheReducedTransition() async throws {
        let harness = try Harness()
        try harness.engine.defineAnimator(Self.timed)
        let stack = try await harness.engine.createStack(Fixtures.state(rules: Self.timedRules))
        try await stack.configure(.reduceMotion(true))
        try await stack.beginInteractive(.push(Fixtures.screen("a")))
        try await stack.updateInteractive(0.5)
        let status = try #require(await stack.transitionStatus)
        #expect(status.duration == 0.2)
        #expect(status.fraction == 0.5)
        try await stack.cancelInteractive()
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await harness.pendingWork().isEmpty)
    }
}
