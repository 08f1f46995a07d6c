import Testing
import TransitionCore

@testable import TransitionEngine

/// Every pair of operations under every policy: the first runs, the second arrives two frames later.
/// Expectations come from the pure model (`StackState.applying`), so each case states what must happen.
@Suite struct StackStateMachineTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case push, pop, popToRoot, popTo, setScreens, present, dismiss, selectTab
        var testDescription: String { rawValue }

        func operation(second: Bool) -> StackOperation {
            let suffix = second ? "2" : "1"
            switch self {
            case .push: return .push(Fixtures.screen("n" + suffix))
            case .pop: return .pop
            case .popToRoot: return .popToRoot
            case .popTo: return .popTo("s1")
            case .setScreens: return .setScreens([Fixtures.screen("root"), Fixtures.screen("m" + suffix)])
            case .present: return .present(Fixtures.screen("p" + suffix))
            case .dismiss: return .dismiss
            case .selectTab: return .selectTab(second ? "a" : "b")
            }
        }
    }

    struct Pair: Sendable, CustomTestStringConvertible {
        var first: Kind
        var second: Kind
        var testDescription: String { "\(first.rawValue) then \(second.rawValue)" }
    }

    static let pairs = Kind.allCases.flatMap { first in Kind.allCases.map { Pair(first: first, second: $0) } }

    @Test(arguments: OperationPolicy.allCases, pairs)
    func operationArrivingDuringATransition(policy: OperationPolicy, pair: Pair) async throws {
        var initial = Fixtures.state(tabs: [("a", ["root", "s1", "s2"]), ("b", ["broot"])], policy: policy)
        if pair.first == .dismiss { initial.presented = [Fixtures.screen("p0")] }
        let harness = try Harness()
        let stack = try await harness.engine.createStack(initial)
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        let first = pair.first.operation(second: false)
        let second = pair.second.operation(second: true)

        let firstChange = try initial.applying(first, limits: TransitionEngine.Limits())
        #expect(try await stack.perform(first).disposition == .began)
        await timeline.advance(2)
        let running = await stack.transitionStatus != nil

        var expected = firstChange.target
        var expectedDisposition: OperationReceipt.Disposition?
        var expectedError: TransitionEngineError.Code?
        if !running {
            // The first transition was instant (slide's selectTab has duration 0): the stack is idle.
            switch Result(catching: { () throws(TransitionEngineError) in try expected.applying(second) }) {
            case .success(let change):
                expectedDisposition = change.isUnchanged ? .unchanged : .began
                expected = change.target
            case .failure(let error): expectedError = error.code
            }
        } else if policy == .reject {
            expectedError = .transitionInProgress
        } else {
            switch Result(catching: { () throws(TransitionEngineError) in try expected.applying(second) }) {
            case .success(let change):
                if policy == .retarget, change.visual != nil, change.target == initial {
                    expectedDisposition = .retargeted
                    expected = initial
                } else {
                    expectedDisposition = .queued
                    expected = change.target
                }
            case .failure(let error): expectedError = error.code
            }
        }

        do {
            let receipt = try await stack.perform(second)
            #expect(receipt.disposition == expectedDisposition, "\(timeline.text)")
            #expect(expectedError == nil)
        } catch {
            #expect(error.code == expectedError, "\(error)")
        }
        await timeline.advanceUntilIdle()
        let final = await stack.state
        #expect(final == expected, "\(timeline.text)")
        try final.validate()
        // Every transition that began ended exactly once.
        let words = timeline.text.split(separator: " ")
        for id in 1...3 {
            let began = words.filter { $0.hasPrefix("began#\(id)@") }.count
            let ended = words.filter { $0.hasPrefix("completed#\(id)@") || $0.hasPrefix("cancelled#\(id)@") }.count
            #expect(began == ended && began <= 1, "transition \(id): \(timeline.text)")
        }
        if expectedDisposition == .retargeted {
            #expect(timeline.text.contains("cancelled#1@"), "\(timeline.text)")
        }
        #expect(await harness.pendingWork().isEmpty)
    }

    /// Every stack keeps a state machine inline in its actor, idle ones too: what exists only part of the
    /// time (the pending commit, 291 bytes as an inline optional) stays out of line. 464 bytes now.
    @Test func anIdleStateMachineStaysSmall() {
        #expect(MemoryLayout<StackStateMachine.PendingCommit?>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<StackStateMachine>.size <= 512)
    }

    @Test func queuedOperationsRunInOrder() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        timeline.note("push")
        try await stack.push(Fixtures.screen("a"))
        timeline.note("push")
        #expect(
            try await stack.push(Fixtures.screen("b"))
                == OperationReceipt(transition: 2, disposition: .queued, position: 1))
        timeline.note("pop")
        #expect(try await stack.pop().disposition == .queued)
        await timeline.advanceUntilIdle()
        #expect(
            timeline.text
                == "push@0 began#1@0 push@0 pop@0 frames:18 completed#1@18 changed@18 began#2@18 frames:18 "
                + "completed#2@36 changed@36 began#3@36 frames:18 completed#3@54 changed@54")
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        // Each queued operation started from the state it was validated against, with that change.
        #expect(await reappliedQueuedOperations(of: stack) == 0)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aQueuedOperationThatBecameInvalidFailsWithAnEvent() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        try await stack.push(Fixtures.screen("a"))
        try await stack.pop()  // valid where the stack is heading: [home, a]
        await timeline.advance(3)
        try await stack.reverse()  // the push now ends cancelled: the queued pop would pop the root
        await timeline.advanceUntilIdle()
        #expect(timeline.text == "began#1@0 frames:6 cancelled#1@6 failed#2@6")
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aQueuedPushIsCheckedAgainstTheStateItStartsFrom() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home", "a"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        try await stack.pop()
        try await stack.push(Fixtures.screen("a"))  // valid where the stack is heading: [home]
        await timeline.advance(3)
        try await stack.reverse()  // the pop ends cancelled: "a" is still in the stack when the push starts
        await timeline.advanceUntilIdle()
        #expect(timeline.text == "began#1@0 frames:6 cancelled#1@6 failed#2@6")
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        // Validated against [home], the push met [home, a]: it was applied again, and refused.
        #expect(await reappliedQueuedOperations(of: stack) == 1)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A client keeping a few operations queued sends one per transition: the queue's projection is kept
    /// across the transitions the queue runs, not computed again (every queued operation applied again)
    /// for each arrival.
    @Test func theQueuesProjectionIsKeptWhileItsTransitionsRun() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        try await stack.push(Fixtures.screen("a"))
        try await stack.push(Fixtures.screen("b"))
        try await stack.push(Fixtures.screen("c"))
        #expect(await keptProjection(of: stack) == ["home", "a", "b", "c"])
        await harness.clock.advance(frames: Fixtures.slideFrames)  // a completes and b begins
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        #expect(await keptProjection(of: stack) == ["home", "a", "b", "c"])
        await expectError(.duplicateScreen) { try await stack.push(Fixtures.screen("c")) }
        try await stack.push(Fixtures.screen("d"))
        #expect(await keptProjection(of: stack) == ["home", "a", "b", "c", "d"])
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.map(\.id) == ["home", "a", "b", "c", "d"])
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A push reversed and cancelled leaves the queue to go on from the state before it: the projection
    /// kept while the push ran ([home, a, b, c]) is wrong, and the next arrival is checked against
    /// [home, b, c].
    @Test func aCancelledTransitionDropsTheKeptProjection() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        try await stack.push(Fixtures.screen("a"))
        try await stack.push(Fixtures.screen("b"))
        try await stack.push(Fixtures.screen("c"))
        await timeline.advance(3)
        try await stack.reverse()
        await timeline.advance(3)  // the push of a ends cancelled; the push of b begins from [home]
        #expect(await keptProjection(of: stack) == nil)
        await expectError(.noSuchScreen) { try await stack.perform(.popTo("a")) }
        try await stack.perform(.popTo("b"))
        await timeline.advanceUntilIdle()
        #expect(
            timeline.text
                == "began#1@0 frames:6 cancelled#1@6 began#2@6 frames:18 completed#2@24 changed@24 began#3@24 "
                + "frames:18 completed#3@42 changed@42 began#4@42 frames:18 completed#4@60 changed@60")
        #expect(await stack.state.screens.map(\.id) == ["home", "b"])
        // b and c were validated where a would have been; the pop, after the cancel, where it started.
        #expect(await reappliedQueuedOperations(of: stack) == 2)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A transition whose commit fails ends cancelled, and the queue goes on from the committed state: the
    /// projection kept while it ran is dropped.
    @Test func aFailedCommitDropsTheKeptProjection() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        try await stack.push(Fixtures.screen("a"))
        try await stack.push(Fixtures.screen("b"))
        try await stack.push(Fixtures.screen("c"))
        harness.store.injectFailure(TransitionEngineError(.persistenceFailed, "refused", parameter: "stateDirectory"))
        await harness.clock.advance(frames: Fixtures.slideFrames)  // a's commit fails; b begins from [home]
        harness.store.injectFailure(nil)
        #expect(await stack.statistics.commitFailures == 1)
        #expect(await keptProjection(of: stack) == nil)
        await expectError(.noSuchScreen) { try await stack.perform(.popTo("a")) }
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.map(\.id) == ["home", "b", "c"])
        #expect(await reappliedQueuedOperations(of: stack) == 2)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func theQueueIsBounded() async throws {
        let harness = try Harness(limits: TransitionEngine.Limits(queuedOperationsPerStack: 3))
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        try await stack.push(Fixtures.screen("s0"))
        for index in 1...3 { try await stack.push(Fixtures.screen("s\(index)")) }
        do {
            try await stack.push(Fixtures.screen("overflow"))
            Issue.record("a fourth operation was queued")
        } catch {
            #expect(error.exceededLimit == ExceededLimit("queuedOperations", maximum: 3))
            #expect(error.parameter == "operation")
        }
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.count == 5)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func changesWithoutAnimationCommitAtOnce() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock, showSettled: true)
        timeline.note("push")
        let receipt = try await stack.push(Fixtures.screen("a"), options: OperationOptions(animated: false))
        #expect(receipt.disposition == .committed)
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        timeline.note("configure")
        #expect(try await stack.configure(.policy(.reject)).disposition == .committed)
        #expect(timeline.text == "push@0 changed@0 settled@0 configure@0 changed@0 settled@0")
        #expect(await stack.state.policy == .reject)
        #expect(await harness.pendingWork().isEmpty)
    }
}

/// The screens of the stack's kept projection (`StackStateMachine.keptProjection`): nil when the next
/// arrival would compute it again.
private func keptProjection(of stack: isolated StackActor) -> [ScreenID]? {
    stack.machine.keptProjection?.screens.map(\.id)
}

private func reappliedQueuedOperations(of stack: isolated StackActor) -> UInt32 {
    stack.machine.reappliedQueuedOperations
}

extension Result where Failure == TransitionEngineError {
    init(catching body: () throws(TransitionEngineError) -> Success) {
        do {
            self = .success(try body())
        } catch {
            self = .failure(error)
        }
    }
}
