import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

@Suite struct StackActorTests {
    /// The walk asks for a stack object's first lines ahead of its tick (`StackActor.prefetchedLines`): the
    /// whole object, so that whatever a tick reads of it (fields declared anywhere, the state machine's
    /// running transition and counters) has been asked for.
    @Test func theLinesTheWalkAsksForHoldTheWholeStack() {
        let size = instanceSize(of: StackActor.self)
        #expect(size <= StackActor.prefetchedLines * 64, "a stack actor takes \(size) bytes")
    }

    /// The tick asks for a stack's only subscriber's lines from what the stack keeps of it; what it keeps
    /// follows the subscribers: the one subscriber's, none with two, the remaining one's after the other
    /// ends.
    @Test func theLinesKeptForTheOnlySubscriberFollowTheSubscribers() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        #expect(await stack.subscribers.onlySubscriptionLines == nil)
        let first = try await stack.subscribe()
        #expect(await stack.subscribers.onlySubscriptionLines?.state.start == first.cacheLines.state.start)
        let second = try await stack.subscribe()
        #expect(await stack.subscribers.onlySubscriptionLines == nil)
        second.cancel()
        await stack.removeEndedSubscriptions()
        #expect(await stack.subscribers.onlySubscriptionLines?.state.start == first.cacheLines.state.start)
        #expect(await stack.subscribers.onlySubscriptionLines?.object.start == first.cacheLines.object.start)
        // A tick's frame for the only subscriber leaves where it lies; a change of subscribers forgets it.
        #expect(await stack.subscribers.onlySubscriptionFrameLines == nil)
        _ = try await stack.push(Fixtures.screen("detail"))
        await harness.clock.advance()
        let queuedFrame = first.state.withLock { $0.queue.frame.map { Unmanaged.passUnretained($0).toOpaque() } }
        #expect(queuedFrame != nil)
        #expect(await stack.subscribers.onlySubscriptionFrameLines?.start == queuedFrame.map(UnsafeRawPointer.init))
        let third = try await stack.subscribe()
        #expect(await stack.subscribers.onlySubscriptionFrameLines == nil)
        third.cancel()
    }

    @Test func pushRunsItsFramesAndCommitsAtTheEnd() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        timeline.note("push")
        let receipt = try await stack.push(Fixtures.screen("detail"))
        #expect(receipt == OperationReceipt(transition: 1, disposition: .began))
        #expect(await stack.state.screens.map(\.id) == ["home"])
        await timeline.advanceUntilIdle()
        #expect(timeline.text == "push@0 began#1@0 frames:18 completed#1@18 changed@18")
        #expect(await stack.state.screens.map(\.id) == ["home", "detail"])
        let progresses = timeline.progresses.withLock { $0 }
        #expect(zip(progresses, progresses.dropFirst()).allSatisfy { $0 < $1 }, "\(progresses)")
        // Frame k is at plan time k/60 s (the grid rounds each timestamp down to whole nanoseconds):
        // progress k/18; the last one was replaced by the settled frame of the same tick.
        #expect(abs(progresses[0] - 1.0 / 18) < 1e-8)
        #expect(progresses.count == 17)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A `sourceNode` the screen being left does not have is the caller's parameter at fault, whatever the
    /// animator: refused when the push would start, and when it would be queued (checked against the
    /// screen it will leave), with nothing changed either way.
    @Test func aSourceNodeTheScreenLacksIsRefused() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let absent = OperationOptions(sourceNode: "nowhere")
        let immediate = await #expect(throws: TransitionEngineError.self) {
            try await stack.push(Fixtures.screen("detail"), options: absent)
        }
        #expect(immediate?.code == .invalidParameter)
        #expect(immediate?.parameter == "sourceNode")
        #expect(
            immediate?.message == "Screen home has no node nowhere; name a node of the screen the transition leaves.")
        #expect(await stack.state.screens.map(\.id) == ["home"])

        // Queued behind a running push, the push is checked against `detail`, the screen it will leave.
        #expect(try await stack.push(Fixtures.screen("detail")).disposition == .began)
        let queued = await #expect(throws: TransitionEngineError.self) {
            try await stack.push(Fixtures.screen("more"), options: absent)
        }
        #expect(queued?.parameter == "sourceNode")
        #expect(queued?.message.hasPrefix("Screen detail has no node nowhere") == true)
        #expect(await stack.queuedOperations == 0)
        let accepted = try await stack.push(Fixtures.screen("more"), options: OperationOptions(sourceNode: "title"))
        #expect(accepted.disposition == .queued)
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.map(\.id) == ["home", "detail", "more"])
        #expect(await harness.pendingWork().isEmpty)
    }
}

@Suite struct StackActorInteractionTests {
    private func makeStack(
        _ screens: [String] = ["home", "a"], rules: [AnimatorRule] = []
    ) async throws -> (Harness, StackActor, Timeline) {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: screens, rules: rules))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        return (harness, stack, timeline)
    }

    @Test func interactiveFinishRunsTheRestWithTheCompletionCurve() async throws {
        let (harness, stack, timeline) = try await makeStack()
        timeline.note("begin")
        try await stack.beginInteractive(.pop)
        try await stack.updateInteractive(0.5)
        await timeline.advance(6)  // paused: one frame for the update, then no ticks at all
        timeline.note("finish")
        try await stack.finishInteractive()
        await timeline.advanceUntilIdle()
        // (1 − 0.5) · 0.3 s / speed 1 = 0.15 s = 9 frames at 60 Hz.
        #expect(timeline.text == "begin@0 began#1@0 frames:1 finish@6 frames:9 completed#1@15 changed@15")
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func interactiveCancelReturnsAndChangesNothing() async throws {
        let (harness, stack, timeline) = try await makeStack()
        let before = await stack.state
        try await stack.beginInteractive(.pop)
        try await stack.updateInteractive(0.25)
        await timeline.advance(1)
        timeline.note("cancel")
        try await stack.cancelInteractive(InteractionCompletion(speed: 0.5))
        await timeline.advanceUntilIdle()
        // 0.25 · 0.3 s / speed 0.5 = 0.15 s = 9 frames.
        #expect(timeline.text == "began#1@0 frames:1 cancel@1 frames:9 cancelled#1@10")
        #expect(await stack.state == before)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func completionSpeedShortensTheRest() async throws {
        let (harness, stack, timeline) = try await makeStack()
        try await stack.beginInteractive(.pop)
        try await stack.updateInteractive(0.5)
        try await stack.finishInteractive(InteractionCompletion(speed: 2))
        await timeline.advanceUntilIdle()
        // 0.5 · 0.3 s / 2 = 0.075 s: 4.5 frames, so the end is reached at the fifth tick.
        #expect(timeline.text == "began#1@0 frames:5 completed#1@5 changed@5")
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A completion speed that would stretch the rest past `TransitionPlan.maximumDuration` (600 s) is
    /// refused, and the gesture goes on as if it had not been sent.
    @Test func aCompletionLongerThanAnyTransitionIsRefused() async throws {
        let (harness, stack, timeline) = try await makeStack()
        let before = await stack.state
        try await stack.beginInteractive(.pop)
        try await stack.updateInteractive(0.5)
        do throws(TransitionEngineError) {
            // 0.5 · 0.3 s / 1e-4 = 1,500 s.
            try await stack.finishInteractive(InteractionCompletion(speed: 1e-4))
            Issue.record("a completion of 1,500 s was accepted")
        } catch {
            #expect(error.code == .invalidParameter)
            #expect(error.parameter == "completionSpeed")
        }
        // Still driven by the gesture; a slow cancel within the limit (0.5 · 0.3 s / 5e-4 = 300 s) is taken,
        // then hurried back to the start.
        try await stack.updateInteractive(0.5)
        try await stack.cancelInteractive(InteractionCompletion(speed: 5e-4))
        try await stack.pause()
        try await stack.scrub(to: 0)
        try await stack.resume()
        await timeline.advanceUntilIdle()
        #expect(timeline.text.contains("cancelled#1@"), "\(timeline.text)")
        #expect(await stack.state == before)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func finishWithVelocityContinuesTheGestureOnASpring() async throws {
        let (harness, stack, timeline) = try await makeStack()
        try await stack.beginInteractive(.pop)
        try await stack.updateInteractive(0.5)
        await timeline.advance(1)
        try await stack.finishInteractive(InteractionCompletion(velocity: 2))
        await timeline.advanceUntilIdle()
        let progresses = timeline.progresses.withLock { $0 }
        // Moving on from 0.5 at once (the exact velocity continuity is checked in TransitionTimelineTests).
        #expect(progresses[1] > 0.5, "\(progresses)")
        #expect(zip(progresses.dropFirst(), progresses.dropFirst(2)).allSatisfy { $0 <= $1 }, "\(progresses)")
        #expect(timeline.text.hasSuffix("changed@\(harness.clock.currentFrameIndex)"))
        #expect(timeline.text.contains("completed#1@"))
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func cancelWithForwardVelocityFirstKeepsMovingForward() async throws {
        let (harness, stack, timeline) = try await makeStack()
        try await stack.beginInteractive(.pop)
        try await stack.updateInteractive(0.4)
        await timeline.advance(1)
        // A soft spring (response 1 s) so the turn happens after the first frame: the peak is at
        // t = −v₀ / (ω(ω − v₀)) with ω = 2π, v₀ = −1.5 · 0.3 / 0.12 = −3.75: 0.06 s, 3.6 frames.
        try await stack.cancelInteractive(InteractionCompletion(velocity: 1.5, springResponse: 1))
        await timeline.advanceUntilIdle()
        let progresses = timeline.progresses.withLock { $0 }
        #expect(progresses.dropFirst().max()! > 0.4, "the gesture's forward velocity is kept: \(progresses)")
        #expect(timeline.text.contains("cancelled#1@"))
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func interactiveErrorsAreNamed() async throws {
        let (harness, stack, _) = try await makeStack(rules: [
            AnimatorRule(operation: .push, animator: "fade", interactive: false)
        ])
        await expectError(.noTransition) { try await stack.updateInteractive(0.5) }
        try await stack.beginInteractive(.pop)
        for fraction in [-0.1, 1.5, .nan, .infinity] {
            await expectError(.invalidFraction) {
                try await stack.updateInteractive(fraction)
            }
        }
        await expectError(.transitionInProgress) { try await stack.pause() }
        await expectError(.invalidParameter) {
            try await stack.finishInteractive(InteractionCompletion(velocity: .nan))
        }
        try await stack.cancelInteractive()
        await expectError(.notInteractive) { try await stack.updateInteractive(0.5) }
        await harness.clock.advanceUntilIdle()
        await expectError(.interactionNotAllowed) {
            try await stack.beginInteractive(.push(Fixtures.screen("b")))
        }
        try await stack.pop()
        await harness.clock.advanceUntilIdle()
        await expectError(.stackUnderflow) { try await stack.beginInteractive(.pop) }
        await harness.clock.advanceUntilIdle()
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func pauseScrubResume() async throws {
        let (harness, stack, timeline) = try await makeStack(["home"])
        timeline.note("push")
        try await stack.push(Fixtures.screen("a"))
        await timeline.advance(6)
        timeline.note("pause")
        try await stack.pause()
        await expectError(.transitionNotPaused) {
            try await stack.resume()
            try await stack.scrub(to: 0.5)
        }
        try await stack.pause()
        await timeline.advance(10)
        #expect(harness.clock.participantsNeedingTicks.isEmpty, "a paused transition asks for no ticks")
        timeline.note("scrub")
        try await stack.scrub(to: 0.5)
        await timeline.advance(1)
        #expect(await stack.transitionStatus?.fraction == 0.5)
        timeline.note("resume")
        try await stack.resume()
        await timeline.advanceUntilIdle()
        // Resuming at 0.5 runs the remaining 0.15 s at normal speed: 9 frames.
        #expect(
            timeline.text
                == "push@0 began#1@0 frames:6 pause@6 frames:1 scrub@16 frames:1 resume@17 frames:9 completed#1@26 changed@26"
        )
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func reverseReturnsToTheStart() async throws {
        let (harness, stack, timeline) = try await makeStack(["home"])
        try await stack.push(Fixtures.screen("a"))
        await timeline.advance(6)
        timeline.note("reverse")
        try await stack.reverse()
        #expect(await stack.transitionStatus?.isReversed == true)
        await timeline.advanceUntilIdle()
        // Played back at the same pace: 0.1 s back = 6 frames.
        #expect(timeline.text == "began#1@0 frames:6 reverse@6 frames:6 cancelled#1@12")
        #expect(await stack.state.screens.map(\.id) == ["home"])
        await expectError(.noTransition) { try await stack.reverse() }
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func retargetKeepsTheVelocityOfThePush() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"], policy: .retarget))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        try await stack.push(Fixtures.screen("a"))
        await timeline.advance(6)
        timeline.note("pop")
        #expect(try await stack.pop() == OperationReceipt(transition: 1, disposition: .retargeted))
        await timeline.advanceUntilIdle()
        let progresses = timeline.progresses.withLock { $0 }
        // The push moved forward at 1 plan second per second; the reversing spring starts with that
        // velocity, so the next frame is still ahead of 6/18 before it turns back.
        #expect(progresses[6] > progresses[5], "\(progresses)")
        #expect(timeline.text.hasPrefix("began#1@0 frames:6 pop@6 frames:"))
        #expect(timeline.text.contains("cancelled#1@"))
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aSlowSubscriberIsEndedWithoutDelayingOthers() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let slow = try await stack.subscribe(eventCapacity: 2)
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        try await stack.push(Fixtures.screen("a"))
        await timeline.advanceUntilIdle()
        #expect(timeline.text == "began#1@0 frames:18 completed#1@18 changed@18")
        guard case .finished(let error?) = slow.poll() else {
            Issue.record("the slow subscriber should have been ended")
            return
        }
        #expect(error.code == .limitExceeded)
        #expect(await stack.statistics.subscriberDrops == 1)
        #expect(await stack.subscriberCount == 1)
        #expect(await harness.pendingWork().isEmpty)
    }
}

@Suite struct StackActorSubscriptionTests {
    /// The frame a new subscriber reads first, without any tick in between; nil if nothing is queued.
    private func firstFrame(of subscription: StackSubscription) -> (Frame, missed: Int)? {
        guard case .element(.frame(let frame, let missed)) = subscription.poll() else { return nil }
        return (frame, missed)
    }

    @Test func aSubscriberToAPausedTransitionGetsItsCurrentFrameAtOnce() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        try await stack.push(Fixtures.screen("a"))
        await timeline.advance(6)
        try await stack.pause()
        await timeline.advance(1)  // the pause's own frame; then the clock stops
        #expect(harness.clock.participantsNeedingTicks.isEmpty)
        let late = try await stack.subscribe()
        let first = firstFrame(of: late)
        // Paused 6 ticks into the 0.3 s slide at 60 Hz: plan time 0.1 s, progress 1/3.
        #expect(first.map { abs($0.0.transition!.progress - 1.0 / 3) < 1e-9 } == true, "\(String(describing: first))")
        #expect(first?.0.transition?.id == 1)
        #expect(first?.missed == 0)
        guard case .empty = late.poll() else {
            Issue.record("one frame, then nothing until the transition moves")
            return
        }
        try await stack.resume()
        await timeline.advanceUntilIdle()
        #expect(timeline.text == "began#1@0 frames:19 completed#1@19 changed@19")
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aSubscriberToAHeldGestureGetsItsCurrentFrameAtOnce() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home", "a"]))
        try await stack.beginInteractive(.pop)
        try await stack.updateInteractive(0.4)
        await harness.clock.advance(frames: 1)  // the update's frame; a held gesture asks for no more
        #expect(harness.clock.participantsNeedingTicks.isEmpty)
        let late = try await stack.subscribe()
        let first = firstFrame(of: late)
        #expect(first?.0.transition?.progress == 0.4, "\(String(describing: first))")
        #expect(first?.0.transition?.interactive == true)
        try await stack.cancelInteractive()
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aSubscriberToARunningTransitionWaitsForTheNextTick() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        try await stack.push(Fixtures.screen("a"))
        await harness.clock.advance(frames: 3)
        let late = try await stack.subscribe()
        guard case .empty = late.poll() else {
            Issue.record("a running transition's frame comes with the next tick, not at subscribe")
            return
        }
        await harness.clock.advance(frames: 1)
        // Tick 4 of the 0.3 s slide at 60 Hz: plan time 4/60 s, progress 4/18 (the grid rounds each
        // timestamp down to whole nanoseconds: 2e-9 off).
        #expect(firstFrame(of: late).map { abs($0.0.transition!.progress - 4.0 / 18) < 1e-8 } == true)
        await harness.clock.advanceUntilIdle()
        #expect(await harness.pendingWork().isEmpty)
    }
}

@Suite struct StackActorGoldenFrameTests {
    /// Every frame a subscriber reads, one JSON line each (the core's frame format, 6 fixed decimals).
    private func frames(of subscription: StackSubscription, into lines: inout [String]) {
        while case .element(let element) = subscription.poll() {
            if case .frame(let frame, _) = element { lines.append(frame.json) }
        }
    }

    @Test func interactivePopFrames() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home", "detail"]))
        let subscription = try await stack.subscribe()
        var lines: [String] = []
        frames(of: subscription, into: &lines)
        try await stack.beginInteractive(.pop)
        for fraction in [0.1, 0.3, 0.6] {
            try await stack.updateInteractive(fraction)
            await harness.clock.advance(frames: 1)
            frames(of: subscription, into: &lines)
        }
        try await stack.finishInteractive()
        while !harness.clock.participantsNeedingTicks.isEmpty {
            await harness.clock.advance(frames: 1)
            frames(of: subscription, into: &lines)
        }
        GoldenFile.check(lines.joined(separator: "\n") + "\n", named: "interactivePopFrames")
        #expect(await harness.pendingWork().isEmpty)
    }
}
