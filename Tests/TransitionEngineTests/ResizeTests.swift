import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

/// A stack's container size changed with `resize`: animated as a `resize` transition on the virtual
/// clock (its frames against an independent computation), at once without animation, refused when the
/// size is not one, under each operation policy while another transition runs, and durable.
@Suite struct ResizeTests {
    /// A screen declared 300 × 400 (its nodes `ResizeLayouts` lays out by hand), on a stack of that size.
    private static func state(policy: OperationPolicy = .queue, rules: [AnimatorRule] = []) -> StackState {
        StackState(
            id: "main", screens: [ResizeLayouts.screen], containerSize: ResizeLayouts.portrait, rules: rules,
            policy: policy)
    }

    /// Whether `nodes` (a frame's, one layout of the screen) lie where `ResizeLayouts` puts them at
    /// `progress`, within a millionth of a point.
    private static func check(_ nodes: some Collection<NodeState>, progress: Double, _ comment: Comment) {
        #expect(nodes.count == ResizeLayouts.layouts.count, comment)
        for node in nodes {
            let expected = ResizeLayouts.expectedRect(node.node, progress: progress)
            let quad = node.quad
            let error = max(
                abs(quad.topLeft.x - expected.origin.x), abs(quad.topLeft.y - expected.origin.y),
                abs(quad.bottomRight.x - expected.maxX), abs(quad.bottomRight.y - expected.maxY))
            #expect(error < 1e-6, "\(comment) \(node.node): \(quad) is not \(expected)")
        }
    }

    @Test func anAnimatedResizeRunsAsATransitionWhoseFramesFollowTheRotationCurve() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Self.state())
        let subscription = try await stack.subscribe()
        let receipt = try await stack.perform(.resize(ResizeLayouts.landscape))
        #expect(receipt.disposition == .began)
        let status = try #require(await stack.transitionStatus)
        #expect(status.operation == .resize)
        #expect(status.animator == "resize")
        #expect(status.duration == 0.3)
        // The committed size changes when the transition completes.
        #expect(await stack.state.containerSize == ResizeLayouts.portrait)
        // Read after every tick: a subscriber that reads late gets the latest frame only.
        var frames: [Frame] = []
        for _ in 0..<60 where await stack.transitionStatus != nil {
            await harness.clock.advance(frames: 1)
            frames += subscription.queuedFrames()
        }
        await harness.clock.advanceUntilIdle()
        frames += subscription.queuedFrames()
        #expect(await stack.state.containerSize == ResizeLayouts.landscape)
        let running = frames.filter { $0.transition != nil }
        // 0.3 s at 60 Hz: the frames at 1/60 s … 17/60 s; the settled frame takes the place of the last.
        #expect(running.count == 17)
        for frame in running {
            #expect(frame.transition?.operation == .resize)
            #expect(frame.transition?.animator == "resize")
            let progress = ReferenceCubicBezier.solve(0.42, 0, 0.58, 1, min(frame.time / 0.3, 1))
            let moving = frame.nodes.filter { !$0.hidden }
            Self.check(moving, progress: progress, "at \(frame.time) s")
        }
        // Checked at several instants at least, spread over the whole transition.
        #expect(Set(running.map { Int(($0.time * 60).rounded()) }).isSuperset(of: [1, 3, 9, 15, 17]))
        let settled = try #require(frames.last)
        #expect(settled.transition == nil)
        Self.check(settled.nodes, progress: 1, "settled")
        #expect(await harness.pendingWork().isEmpty)
    }

    /// No gesture drives a resize, as none drives a rotation on iOS: BeginInteractive with one is refused
    /// and nothing changes.
    @Test func aResizeIsNotInteractive() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Self.state())
        await expectError(.invalidParameter, parameter: "operation") {
            try await stack.beginInteractive(.resize(ResizeLayouts.landscape))
        }
        #expect(await stack.state.containerSize == ResizeLayouts.portrait)
        #expect(await stack.transitionStatus == nil)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func withoutAnimationTheNewSizeIsCommittedAtOnce() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Self.state())
        let subscription = try await stack.subscribe()
        _ = subscription.queuedFrames()
        let receipt = try await stack.perform(
            .resize(ResizeLayouts.landscape), options: OperationOptions(animated: false))
        #expect(receipt.disposition == .committed)
        #expect(await stack.state.containerSize == ResizeLayouts.landscape)
        #expect(await stack.transitionStatus == nil)
        let frames = subscription.queuedFrames()
        #expect(frames.allSatisfy { $0.transition == nil })
        Self.check(try #require(frames.last).nodes, progress: 1, "committed")
        // The same size again changes nothing.
        let again = try await stack.perform(.resize(ResizeLayouts.landscape))
        #expect(again.disposition == .unchanged)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test(arguments: [
        (Size(width: 0, height: 300), "width"), (Size(width: -400, height: 300), "width"),
        (Size(width: .nan, height: 300), "width"), (Size(width: 400, height: .infinity), "height"),
        (Size(width: 400, height: 1_000_001), "height"), (Size(width: 400, height: -0.0), "height"),
    ])
    func aSizeThatIsNoneIsRefusedAndChangesNothing(size: Size, parameter: String) async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Self.state())
        await expectError(.invalidParameter, parameter: parameter) {
            try await stack.perform(.resize(size))
        }
        await expectError(.invalidParameter, parameter: parameter) {
            try await stack.perform(.resize(size), options: OperationOptions(animated: false))
        }
        #expect(await stack.state == Self.state())
        #expect(await stack.transitionStatus == nil)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A rule without an operation names an animator for navigations: a resize still runs `resize`. A rule
    /// for `resize` names its animator, as does the call.
    @Test func rulesNameTheResizeAnimatorOnlyForResize() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Self.state(rules: [AnimatorRule(animator: "zoom")]))
        try await stack.perform(.resize(ResizeLayouts.landscape))
        #expect(await stack.transitionStatus?.animator == "resize")
        await harness.clock.advanceUntilIdle()
        try await stack.configure(.rules([AnimatorRule(operation: .resize, animator: "fade")]))
        try await stack.perform(.resize(ResizeLayouts.portrait))
        #expect(await stack.transitionStatus?.animator == "fade")
        await harness.clock.advanceUntilIdle()
        try await stack.perform(.resize(ResizeLayouts.landscape), options: OperationOptions(animator: "none"))
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.containerSize == ResizeLayouts.landscape)
        await expectError(.invalidAnimator, parameter: "animator") {
            try await stack.perform(.resize(ResizeLayouts.portrait), options: OperationOptions(animator: "zoom"))
        }
        #expect(await stack.state.containerSize == ResizeLayouts.landscape)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aResizeDuringAnotherTransitionFollowsThePolicy() async throws {
        // reject: refused while a push runs, nothing changed.
        do {
            let harness = try Harness()
            let stack = try await harness.engine.createStack(Self.state(policy: .reject))
            try await stack.push(Fixtures.screen("next"))
            await expectError(.transitionInProgress, parameter: "policy") {
                try await stack.perform(.resize(ResizeLayouts.landscape))
            }
            await harness.clock.advanceUntilIdle()
            #expect(await stack.state.containerSize == ResizeLayouts.portrait)
            #expect(await harness.pendingWork().isEmpty)
        }
        // queue: waits for the push, then runs its own transition.
        do {
            let harness = try Harness()
            let stack = try await harness.engine.createStack(Self.state(policy: .queue))
            try await stack.push(Fixtures.screen("next"))
            let queued = try await stack.perform(.resize(ResizeLayouts.landscape))
            #expect(queued.disposition == .queued)
            #expect(queued.position == 1)
            for _ in 0..<60 where await stack.transitionStatus?.id != queued.transition {
                await harness.clock.advance(frames: 1)
            }
            #expect(await stack.transitionStatus?.operation == .resize)
            await harness.clock.advanceUntilIdle()
            let state = await stack.state
            #expect(state.containerSize == ResizeLayouts.landscape)
            #expect(state.screens.map(\.id) == ["settings", "next"])
            #expect(await harness.pendingWork().isEmpty)
        }
        // retarget: a resize back to the size a running resize left reverses it; it ends cancelled.
        do {
            let harness = try Harness()
            let stack = try await harness.engine.createStack(Self.state(policy: .retarget))
            let first = try await stack.perform(.resize(ResizeLayouts.landscape))
            await harness.clock.advance(frames: 6)
            let back = try await stack.perform(.resize(ResizeLayouts.portrait))
            #expect(back.disposition == .retargeted)
            #expect(back.transition == first.transition)
            #expect(await stack.transitionStatus?.isReversed == true)
            await harness.clock.advanceUntilIdle()
            #expect(await stack.state.containerSize == ResizeLayouts.portrait)
            #expect(await stack.statistics.cancelled == 1)
            #expect(await harness.pendingWork().isEmpty)
        }
    }

    @Test func theNewSizeSurvivesARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            let stack = try await harness.engine.createStack(Self.state())
            try await stack.perform(.resize(ResizeLayouts.landscape))
            await harness.clock.advanceUntilIdle()
            try await stack.perform(.resize(Size(width: 500, height: 250)), options: OperationOptions(animated: false))
            await harness.engine.shutdown()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.isEmpty)
        let state = try await restarted.engine.stack("main").state
        #expect(state.containerSize == Size(width: 500, height: 250))
        #expect(state.screens == [ResizeLayouts.screen])
        await restarted.engine.shutdown()
    }
}
