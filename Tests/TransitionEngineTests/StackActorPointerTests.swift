import Testing
import TransitionCore

@testable import TransitionEngine

/// Pointer-driven interaction through a stack actor on a virtual clock at 60 Hz: the slide pop of the
/// fixtures lasts 0.3 s (18 frames) in a 375-point-wide container.
@Suite struct StackActorPointerTests {
    private func makeStack() async throws -> (Harness, StackActor, Timeline) {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home", "a"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        return (harness, stack, timeline)
    }

    private static func sample(_ x: Double, at time: Double) -> PointerSample {
        PointerSample(position: Point(x: x, y: 300), timestamp: time)
    }

    /// Moves the pointer along x from `from` to `to` in `steps` samples 1/120 s apart after `start`.
    private static func drag(
        _ stack: StackActor, from: Double, to: Double, steps: Int, start: Double
    ) async throws -> Double {
        var fraction = 0.0
        for step in 1...steps {
            let x = from + (to - from) * Double(step) / Double(steps)
            fraction = try await stack.movePointer(to: sample(x, at: start + Double(step) / 120))
        }
        return fraction
    }

    @Test func anEdgePanToSevenTenthsAndReleasePops() async throws {
        let (harness, stack, timeline) = try await makeStack()
        try await stack.beginInteractive(
            .pop, pan: PanStart(gesture: PanGesture(edge: .left), touchDown: Self.sample(4, at: 10)))
        // 262.5 points in 1 s: 0.7, at 0.7 widths per second (slower than a flick).
        let fraction = try await Self.drag(stack, from: 4, to: 266.5, steps: 120, start: 10)
        #expect(abs(fraction - 0.7) < 1e-12)
        await timeline.advance(1)
        #expect(abs((timeline.progresses.withLock { $0.last } ?? 0) - 0.7) < 1e-12)
        let release = try await stack.releasePointer()
        #expect(release.decision == .finish)
        #expect(abs(release.fractionVelocity - 0.7) < 1e-6)
        await timeline.advanceUntilIdle()
        #expect(timeline.text.contains("completed#1@"), "\(timeline.text)")
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await stack.panTracker == nil)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func anEdgePanToThreeTenthsAndReleaseCancels() async throws {
        let (harness, stack, timeline) = try await makeStack()
        let before = await stack.state
        try await stack.beginInteractive(
            .pop, pan: PanStart(gesture: PanGesture(edge: .left), touchDown: Self.sample(0, at: 3)))
        _ = try await Self.drag(stack, from: 0, to: 112.5, steps: 120, start: 3)
        // Released where it rests, 60 ms later: no velocity, the curve takes the rest back.
        let release = try await stack.releasePointer(at: Self.sample(112.5, at: 4.06))
        #expect(release.decision == .cancel)
        #expect(release.velocity == 0)
        await timeline.advanceUntilIdle()
        #expect(timeline.text.contains("cancelled#1@"), "\(timeline.text)")
        #expect(await stack.state == before)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aFastFlickToThreeTenthsFinishesWithItsVelocity() async throws {
        let (harness, stack, timeline) = try await makeStack()
        try await stack.beginInteractive(
            .pop, pan: PanStart(gesture: PanGesture(edge: .left), touchDown: Self.sample(0, at: 0)))
        _ = try await Self.drag(stack, from: 0, to: 112.5, steps: 12, start: 0)  // 0.1 s
        await timeline.advance(1)
        let release = try await stack.releasePointer()
        #expect(release.decision == .finish)
        #expect(abs(release.fractionVelocity - 3) < 1e-6)
        await timeline.advanceUntilIdle()
        let progresses = timeline.progresses.withLock { $0 }
        // The spring starts at 0.3 moving at 3 fractions per second: the next frame is well past 0.3.
        #expect(progresses.count > 2 && progresses[1] > 0.3 + 0.5 * 3 / 60, "\(progresses)")
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aPanThatStartsOutsideItsEdgeIsRefusedAndNothingBegins() async throws {
        let (harness, stack, timeline) = try await makeStack()
        await expectError(.pointerOutsideEdge) {
            try await stack.beginInteractive(
                .pop, pan: PanStart(gesture: PanGesture(edge: .left), touchDown: Self.sample(21, at: 0)))
        }
        await timeline.advance(2)
        #expect(await stack.transitionStatus == nil)
        #expect(timeline.text == "")
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func samplesAfterTheReleaseAndWithoutAPointerAreRefused() async throws {
        let (harness, stack, _) = try await makeStack()
        try await stack.beginInteractive(.pop)  // fraction-driven: no pointer
        await expectError(.notInteractive) { try await stack.movePointer(to: Self.sample(10, at: 0)) }
        try await stack.cancelInteractive()
        await harness.clock.advance(frames: 30)
        try await stack.beginInteractive(.pop, pan: PanStart(gesture: PanGesture(), touchDown: Self.sample(100, at: 1)))
        await expectError(.invalidParameter) { try await stack.movePointer(to: Self.sample(120, at: 0.5)) }
        try await stack.releasePointer(cancelled: true)
        await expectError(.notInteractive) { try await stack.movePointer(to: Self.sample(130, at: 2)) }
        await harness.clock.advance(frames: 30)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A push grabbed mid-flight: the frame after the grab shows the fraction the last frame showed (no jump),
    /// the pointer's offset moves it on, and the release finishes it with the pointer's velocity.
    @Test func aRunningTransitionCaughtMidFlightContinuesWithoutAJump() async throws {
        let (harness, stack, timeline) = try await makeStack()
        _ = try await stack.push(Fixtures.screen("detail"))
        await timeline.advance(6)
        let beforeGrab = timeline.progresses.withLock { $0.last }!
        let status = try await stack.catchTransition(
            PanStart(gesture: PanGesture(direction: .left), touchDown: Self.sample(300, at: 50)))
        #expect(status.isInteractive && status.isPaused)
        #expect(abs(status.fraction - beforeGrab) < 1e-9, "grabbed at \(status.fraction), shown \(beforeGrab)")
        await timeline.advance(3)
        let atGrab = timeline.progresses.withLock { $0.last }!
        #expect(abs(atGrab - beforeGrab) < 1e-9)
        // 75 points left of the grab over 75 ms: +0.2, at 1,000 points per second (2.67 widths a second).
        let fraction = try await Self.drag(stack, from: 300, to: 225, steps: 9, start: 50)
        #expect(abs(fraction - (beforeGrab + 0.2)) < 1e-9)
        let release = try await stack.releasePointer()
        #expect(release.decision == .finish)
        #expect(abs(release.velocity - 1000) < 1e-6)
        await timeline.advanceUntilIdle()
        #expect(timeline.text.contains("completed#1@"), "\(timeline.text)")
        #expect(await stack.state.screens.map(\.id) == ["home", "a", "detail"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func catchingNeedsARunningTransitionNotDrivenYet() async throws {
        let (harness, stack, _) = try await makeStack()
        await expectError(.noTransition) { try await stack.catchTransition() }
        try await stack.beginInteractive(.pop)
        await expectError(.transitionInProgress) { try await stack.catchTransition() }
        try await stack.cancelInteractive()
        await harness.clock.advance(frames: 30)
        // Caught without a pointer: fractions drive it as after BeginInteractive.
        _ = try await stack.push(Fixtures.screen("detail"))
        await harness.clock.advance(frames: 3)
        try await stack.catchTransition()
        try await stack.updateInteractive(0.1)
        try await stack.cancelInteractive()
        await harness.clock.advance(frames: 30)
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func theRulesThatForbidInteractionForbidACatch() async throws {
        let harness = try Harness()
        let rule = AnimatorRule(operation: .push, animator: "slide", interactive: false)
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"], rules: [rule]))
        _ = try await stack.push(Fixtures.screen("detail"))
        await harness.clock.advance(frames: 2)
        await expectError(.interactionNotAllowed) { try await stack.catchTransition() }
        await harness.clock.advance(frames: 30)
        #expect(await stack.state.screens.map(\.id) == ["home", "detail"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func resumeWithAVelocityContinuesOnASpring() async throws {
        let (harness, stack, timeline) = try await makeStack()
        _ = try await stack.push(Fixtures.screen("detail"))
        await timeline.advance(3)
        try await stack.pause()
        try await stack.scrub(to: 0.4)
        await timeline.advance(1)
        try await stack.resume(ResumeContinuation(velocity: 4))
        await timeline.advance(1)
        let progresses = timeline.progresses.withLock { $0 }
        // At 4 fractions a second the first frame after resuming is past 0.4 + 4/60 · ½ (a spring slows).
        #expect(progresses.last! > 0.4 + 4.0 / 60 / 2, "\(progresses)")
        await timeline.advanceUntilIdle()
        #expect(timeline.text.contains("completed#1@"))
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func resumeWithADurationFactorTakesThatShareOfTheDuration() async throws {
        let (harness, stack, timeline) = try await makeStack()
        _ = try await stack.push(Fixtures.screen("detail"))
        await timeline.advance(1)
        try await stack.pause()
        try await stack.scrub(to: 0.5)
        await expectError(.invalidParameter) { try await stack.resume(ResumeContinuation(velocity: 1, curve: .linear)) }
        await expectError(.invalidParameter) { try await stack.resume(ResumeContinuation(durationFactor: 0)) }
        timeline.note("resume")
        try await stack.resume(ResumeContinuation(curve: .easeInEaseOut, durationFactor: 2))
        await timeline.advanceUntilIdle()
        // 2 · 0.3 s = 0.6 s = 36 frames from the resume.
        #expect(timeline.text.hasSuffix("resume@1 frames:36 completed#1@37 changed@37"), "\(timeline.text)")
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aTakeoverIsAnnouncedToSubscribers() async throws {
        let (harness, stack, timeline) = try await makeStack()
        await expectError(.noTransition) { try await stack.announceInteractionTakenOver() }
        try await stack.beginInteractive(.pop)
        try await stack.announceInteractionTakenOver()
        try await stack.cancelInteractive()
        await timeline.advanceUntilIdle()
        #expect(timeline.text.hasPrefix("began#1@0 takenOver#1@0"), "\(timeline.text)")
        #expect(await harness.pendingWork().isEmpty)
    }
}
