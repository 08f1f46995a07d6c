import Testing
import TransitionCore

@testable import TransitionEngine

/// The settled frame after a transition: its nodes come from the transition's plan, which laid out both
/// screens at rest once (`CompiledPlan.SettledScreens`), not from a layout made for each transition.
@Suite struct SettledFrameTests {
    private static func layout(_ screen: String) -> [NodeState] {
        SettledLayout.nodes(of: Fixtures.screen(screen), containerSize: Fixtures.containerSize)
    }

    /// The last frame without a transition the subscription has queued, reading everything.
    private static func lastSettledFrame(_ subscription: StackSubscription, spare: inout Frame?) -> Frame? {
        var settled: Frame?
        while case .element(let element) = subscription.poll(reusing: &spare) {
            if case .frame(let frame, _) = element, frame.transition == nil { settled = frame }
        }
        return settled
    }

    private static func storage(_ nodes: [NodeState]) -> UnsafeRawPointer? {
        nodes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aCompletedTransitionSettlesOnItsPlansLayoutOfTheScreenShown() async throws {
        let harness = try Harness()
        let one = try await harness.engine.createStack(Fixtures.state("one"))
        let two = try await harness.engine.createStack(Fixtures.state("two"))
        let subscriptions = [try await one.subscribe(), try await two.subscribe()]
        try await one.push(Fixtures.screen("a"))
        try await two.push(Fixtures.screen("a"))
        await harness.clock.advanceUntilIdle()
        var spare: Frame?
        let settled = subscriptions.compactMap { Self.lastSettledFrame($0, spare: &spare) }
        #expect(settled.count == 2)
        #expect(settled.allSatisfy { $0.nodes == Self.layout("a") && $0.transition == nil })
        // Laid out once, in the plan both pushes share.
        #expect(Self.storage(settled[0].nodes) == Self.storage(settled[1].nodes))
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aCancelledTransitionSettlesOnItsPlansLayoutOfTheScreenItLeft() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        try await stack.push(Fixtures.screen("a"))
        await harness.clock.advance(frames: 3)
        try await stack.reverse()
        await harness.clock.advanceUntilIdle()
        var spare: Frame?
        let settled = Self.lastSettledFrame(subscription, spare: &spare)
        #expect(settled?.nodes == Self.layout("home"))
        #expect(await stack.statistics.cancelled == 1)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A reader hands a settled frame back as its spare; the next frame it reads is sampled into that
    /// storage, which the plan shares: the plan's layout must stay as it was.
    @Test func samplingIntoASettledFramesStorageLeavesThePlansLayoutAlone() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        try await stack.push(Fixtures.screen("a"))
        await harness.clock.advanceUntilIdle()
        let request = TransitionRequest(
            animator: BuiltinAnimators.slide, operation: .push, from: Fixtures.screen("home"),
            to: Fixtures.screen("a"), containerSize: Fixtures.containerSize, sourceNode: nil)
        let plan = try harness.engine.context.planner.cache.plan(for: request)
        var spare: Frame?
        let settled = try #require(Self.lastSettledFrame(subscription, spare: &spare))
        spare = settled
        // The spare's storage is the plan's.
        #expect(Self.storage(spare!.nodes) == plan.settled.map { Self.storage($0.to) })
        try await stack.pop()
        await harness.clock.advance(frames: 2)
        var sampled = 0
        while case .element(let element) = subscription.poll(reusing: &spare) {
            if case .frame(let frame, _) = element, frame.transition != nil {
                sampled += 1
                #expect(frame.nodes != Self.layout("a"))
            }
        }
        #expect(sampled > 0)
        #expect(plan.settled?.to == Self.layout("a"))
        #expect(plan.settled?.from == Self.layout("home"))
        await harness.clock.advanceUntilIdle()
        #expect(await harness.pendingWork().isEmpty)
    }
}
