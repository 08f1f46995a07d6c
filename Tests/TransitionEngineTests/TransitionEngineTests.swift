import JSON
import SystemPrimitives
import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TransitionEngineTests {
    @Test func createListDeleteStacks() async throws {
        let harness = try Harness()
        try await harness.engine.createStack(Fixtures.state("b"))
        try await harness.engine.createStack(Fixtures.state("a"))
        #expect(harness.engine.stackIDs == ["a", "b"])
        await expectError(.stackExists) { try await harness.engine.createStack(Fixtures.state("a")) }
        let subscription = try await harness.engine.stack("a").subscribe()
        try await harness.engine.deleteStack("a")
        #expect(harness.engine.stackIDs == ["b"])
        await expectError(.noSuchStack) { _ = try harness.engine.stack("a") }
        await expectError(.noSuchStack) { try await harness.engine.deleteStack("a") }
        #expect(subscription.isFinished)
        #expect(harness.store.values.keys.sorted() == ["b"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func stackCountsAreThoseOfTheStatistics() async throws {
        let harness = try Harness()
        #expect(harness.engine.stackCount == 0 && harness.engine.animatingStackCount == 0)
        let moving = try await harness.engine.createStack(Fixtures.state("moving"))
        try await harness.engine.createStack(Fixtures.state("still"))
        try await moving.push(Fixtures.screen("detail"))
        await harness.clock.advance(frames: 2)
        #expect(harness.engine.stackCount == 2)
        #expect(harness.engine.animatingStackCount == 1)
        let statistics = await harness.engine.statistics()
        #expect(statistics.stacks == 2 && statistics.animatingStacks == 1)
        _ = await harness.clock.advanceUntilIdle()
        #expect(harness.engine.animatingStackCount == 0)
        try await harness.engine.deleteStack("still")
        #expect(harness.engine.stackCount == 1)
    }

    @Test func deletingAnAnimatingStackStopsItsTicks() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        try await stack.push(Fixtures.screen("a"))
        await harness.clock.advance(frames: 5)
        #expect(!harness.clock.participantsNeedingTicks.isEmpty)
        try await harness.engine.deleteStack("main")
        #expect(harness.clock.participantsNeedingTicks.isEmpty)
        await expectError(.noSuchStack) { try await stack.pop() }
        #expect(subscription.isFinished)
        #expect(harness.store.values.isEmpty)
        await harness.clock.advance(frames: 20)
        #expect(await harness.engine.statistics().totals.completed == 0)
    }

    @Test func aFailedDeletionKeepsTheStack() async throws {
        let store = StateStore.inMemory()
        let harness = try Harness(store: store)
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        try await stack.push(Fixtures.screen("a"))
        store.injectFailure(TransitionEngineError(.diskFull, "full"))
        await expectError(.diskFull) { try await harness.engine.deleteStack("main") }
        store.injectFailure(nil)
        #expect(harness.engine.stackIDs == ["main"])
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func anUndecodableStoredStackIsReportedAndSkipped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            try await harness.engine.createStack(Fixtures.state("good"))
            try await harness.store.write([.put(key: "bad") { Array("{not json".utf8) }])
            await harness.engine.shutdown()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.stackIDs == ["good"])
        #expect(restarted.engine.restoreProblems.map(\.code) == [.corruptState])
        await restarted.engine.shutdown()
    }

    @Test func theDeepestValidScreenSurvivesARestart() async throws {
        // Nodes nested as deep as `Screen.validate()` allows, in a tab, lie deeper in the stored JSON than
        // in any call that sends them: the state's own nesting comes on top.
        var node = Node(id: "leaf", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        for level in (1..<Screen.maximumDepth).reversed() {
            node = Node(
                id: NodeID(rawValue: "n\(level)"), frame: Rect(x: 0, y: 0, width: 2, height: 2), children: [node])
        }
        let deep = Screen(id: "deep", kind: "", root: node)
        try deep.validate()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            let stack = try await harness.engine.createStack(Fixtures.state(tabs: [("a", ["home"]), ("b", ["other"])]))
            try await stack.push(deep, options: OperationOptions(animated: false))
            var presented = deep
            presented.id = "deep modal"
            try await stack.present(presented, options: OperationOptions(animated: false))
            await harness.engine.shutdown()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.isEmpty)
        let state = try await restarted.engine.stack("main").state
        #expect(state.screens.last == deep)
        #expect(state.presented.map(\.root) == [deep.root])
        await restarted.engine.shutdown()
    }

    @Test func aStateLargerThanOneCallSurvivesARestart() async throws {
        // Each screen fits in a call (1 MiB by default); together they pass the JSON reader's default size.
        let style = JSONValue.string(String(repeating: "x", count: 300_000))
        let screens = (0..<5).map { index in
            Screen(
                id: ScreenID(rawValue: "large\(index)"), kind: "",
                root: Node(id: "root", frame: Rect(x: 0, y: 0, width: 10, height: 10), style: style))
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            // Past the default stored size of a stack (1 MiB) too: the limit is raised for it.
            let harness = try Harness(
                store: try StateStore.open(directory: directory.path),
                limits: TransitionEngine.Limits(storedBytesPerStack: 4 << 20))
            let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
            try await stack.perform(.setScreens(screens), options: OperationOptions(animated: false))
            #expect(try await stack.state.encodedForStore().count > JSONReader.Limits().maximumBytes)
            await harness.engine.shutdown()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.isEmpty)
        #expect(try await restarted.engine.stack("main").state.screens == screens)
        await restarted.engine.shutdown()
    }

    @Test func limitsAreEnforced() async throws {
        let clock = try VirtualClock()
        let engine = TransitionEngine(
            clock: clock, store: .inMemory(), limits: .init(stacks: 1, subscribersPerStack: 2))
        let stack = try await engine.createStack(Fixtures.state("a"))
        await expectError(.limitExceeded) { try await engine.createStack(Fixtures.state("b")) }
        let first = try await stack.subscribe()
        _ = try await stack.subscribe()
        await expectError(.limitExceeded) { _ = try await stack.subscribe() }
        first.cancel()
        _ = try await stack.subscribe()
    }

    @Test func animatorsCanBeDefinedButNotReplacingBuiltins() async throws {
        let harness = try Harness()
        var custom = try #require(BuiltinAnimators.named("fade"))
        custom.name = "myFade"
        try harness.engine.defineAnimator(custom)
        #expect(harness.engine.animators.map(\.name).contains("myFade"))
        await expectError(.invalidAnimator) { try harness.engine.defineAnimator(BuiltinAnimators.slide) }
        let stack = try await harness.engine.createStack(
            Fixtures.state(screens: ["home"], rules: [AnimatorRule(operation: .push, animator: "myFade")]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        try await stack.push(Fixtures.screen("a"))
        await timeline.advanceUntilIdle()
        #expect(timeline.text.hasPrefix("began#1@0"))
        await expectError(.invalidAnimator) {
            try await stack.pop(options: OperationOptions(animator: "nonexistent"))
        }
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func stateSurvivesARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            let stack = try await harness.engine.createStack(
                Fixtures.state(tabs: [("a", ["home"]), ("b", ["other"])], policy: .retarget))
            try await stack.push(Fixtures.screen("detail"))
            try await stack.present(Fixtures.screen("modal"))
            try await stack.configure(.rules([AnimatorRule(operation: .pop, animator: "fade", interactive: false)]))
            try await stack.configure(.reduceMotion(false))
            await harness.clock.advanceUntilIdle()
            #expect(harness.store.statistics.groups >= 4)
            // A transition in flight when the daemon dies: its change was never committed.
            try await stack.dismiss()
            await harness.clock.advance(frames: 3)
            #expect(await stack.transitionStatus != nil)
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.isEmpty)
        let state = try await restarted.engine.stack("main").state
        #expect(state.screens.map(\.id) == ["home", "detail"])
        #expect(state.presented.map(\.id) == ["modal"], "the dismiss in flight resolves to the committed state")
        #expect(state.policy == .retarget)
        #expect(state.rules == [AnimatorRule(operation: .pop, animator: "fade", interactive: false)])
        #expect(state.reduceMotion == false, "a stack's Reduce Motion setting persists")
        #expect(state.tabs.map(\.id) == ["a", "b"])
        await restarted.engine.shutdown()
    }

    @Test func aTornWriteLosesOnlyTheLastChange() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
            try await stack.push(Fixtures.screen("a"))
            await harness.clock.advanceUntilIdle()
            try await stack.push(Fixtures.screen("b"))
            await harness.clock.advanceUntilIdle()
        }
        var journal = directory.read("state.journal")
        journal.removeLast(7)
        try directory.write("state.journal", journal)
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.map(\.code) == [.corruptState])
        #expect(try await restarted.engine.stack("main").state.screens.map(\.id) == ["home", "a"])
        await restarted.engine.shutdown()
    }

    @Test func aFullDiskRefusesTheChangeAndKeepsTheState() async throws {
        let store = StateStore.inMemory()
        let harness = try Harness(store: store)
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        let full = TransitionEngineError(.diskFull, "full", parameter: "stateDirectory", cause: "ENOSPC")
        store.injectFailure(full)
        await expectError(.diskFull) { try await harness.engine.createStack(Fixtures.state("other")) }
        #expect(harness.engine.stackIDs == ["main"])
        await expectError(.diskFull) {
            try await stack.push(Fixtures.screen("a"), options: OperationOptions(animated: false))
        }
        timeline.note("push")
        try await stack.push(Fixtures.screen("a"))
        await timeline.advanceUntilIdle()
        // The transition ran, but its state could not be written: it ends cancelled and nothing changed.
        #expect(timeline.text == "failed#1@0 push@0 began#2@0 frames:18 cancelled#2@18!")
        #expect(await stack.state.screens.map(\.id) == ["home"])
        #expect(await stack.statistics.commitFailures == 2)
        store.injectFailure(nil)
        try await stack.push(Fixtures.screen("a"))
        await harness.clock.advanceUntilIdle()
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aStateTooLargeToStoreIsRefusedAndNothingIsLost() async throws {
        // Styles are free-form, so the node budget does not bound a stack's stored size; one record must.
        let style = JSONValue.string(String(repeating: "x", count: StackState.maximumStoredBytes))
        var huge = Fixtures.screen("huge")
        huge.root.style = style
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
            let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
            do {
                try await stack.push(huge, options: OperationOptions(animated: false))
                Issue.record("a state past the store's limit was accepted")
            } catch {
                #expect(error.code == .limitExceeded)
                #expect(error.parameter == "storedState")
            }
            timeline.note("push")
            try await stack.push(huge)
            await timeline.advanceUntilIdle()
            // The transition ran, but its state could not be written: it ends cancelled and nothing changed.
            #expect(timeline.text.hasSuffix("cancelled#2@18!"), "\(timeline.text)")
            #expect(await stack.state.screens.map(\.id) == ["home"])
            try await stack.push(Fixtures.screen("after"), options: OperationOptions(animated: false))
            await harness.engine.shutdown()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.isEmpty)
        #expect(try await restarted.engine.stack("main").state.screens.map(\.id) == ["home", "after"])
        await restarted.engine.shutdown()
    }

    @Test func aRealFullDiskIsReportedAsDiskFull() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // /dev/full fails every write with ENOSPC (null(4)).
        #expect(symlink("/dev/full", directory.file("state.journal")) == 0)
        let harness = try Harness(store: try StateStore.open(directory: directory.path))
        await expectError(.diskFull) { try await harness.engine.createStack(Fixtures.state()) }
        #expect(harness.engine.stackIDs.isEmpty)
        await harness.engine.shutdown()
    }

    /// On the real clock only order is asserted: began, frames with increasing indices, completed, changed.
    @Test func aTransitionRunsOnTheDisplayLink() async throws {
        let link = try DisplayLink(framesPerSecond: 240)
        let engine = TransitionEngine(clock: link, store: .inMemory())
        await link.start()
        let stack = try await engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        try await stack.push(Fixtures.screen("a"))
        var kinds: [String] = []
        var indices: [Int64] = []
        reading: for try await element in subscription {
            switch element {
            case .frame(let frame, _):
                if frame.transition != nil {
                    indices.append(frame.index)
                    if kinds.last != "frames" { kinds.append("frames") }
                }
            case .event(let event):
                kinds.append(event.kind.rawValue)
                if event.kind == .stackChanged { break reading }
            }
        }
        // A reader slower than the whole transition could see its frames coalesced into the settled one.
        #expect(
            kinds == ["began", "frames", "completed", "stackChanged"]
                || kinds == ["began", "completed", "stackChanged"])
        #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 })
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        let statistics = await engine.statistics()
        #expect(statistics.ticksWhileIdle == 0)
        #expect(statistics.clock.ticksDelivered > 0)
        await engine.shutdown()
        await link.stop()
    }

    @Test func aThousandStacksAnimateTogetherWithManySubscribers() async throws {
        let harness = try Harness(shardCount: 2)
        let count = 1_000
        let (stacks, subscriptions) = try await makeStacks(count, subscribersEach: 3, on: harness)
        // Readers on other tasks drain while the clock runs, as socket writers would.
        let counts = KindCounter()
        let readers = subscriptions.enumerated().filter { $0.offset % 3 == 0 }.map { _, subscription in
            Task {
                for try await element in subscription {
                    if case .event(let event) = element { counts.add(event.kind) }
                }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for (index, stack) in stacks.enumerated() {
                group.addTask { _ = try? await stack.push(Fixtures.screen("detail\(index)")) }
            }
        }
        let frames = await harness.clock.advanceUntilIdle()
        #expect(frames == Fixtures.slideFrames)
        for stack in stacks {
            let state = await stack.state
            #expect(state.screens.count == 2, "\(state.id)")
        }
        let statistics = await harness.engine.statistics()
        #expect(statistics.totals.began == UInt64(count))
        #expect(statistics.totals.completed == UInt64(count))
        #expect(statistics.totals.frames == UInt64(count * Fixtures.slideFrames))
        #expect(statistics.ticks == UInt64(Fixtures.slideFrames))
        #expect(statistics.ticksWhileIdle == 0)
        #expect(statistics.animatingStacks == 0)
        // Every subscriber not read during the run still holds every event: began, completed, changed.
        for (index, subscription) in subscriptions.enumerated() where index % 3 != 0 {
            var kinds: [StackEvent.Kind] = []
            while case .element(let element) = subscription.poll() {
                if case .event(let event) = element { kinds.append(event.kind) }
            }
            #expect(kinds == [.began, .completed, .stackChanged])
        }
        for id in harness.engine.stackIDs { try await harness.engine.deleteStack(id) }
        for reader in readers { _ = try await reader.value }
        #expect(counts.value == [.began: count, .completed: count, .stackChanged: count])
        #expect(await harness.pendingWork().isEmpty)
    }
}

extension TransitionEngineTests {
    /// Stacks with one subscriber each, read by threads while the clock runs: the path where a tick
    /// refreshes the frame its reader has not read, or takes back the one it has (`Subscription.send`),
    /// while readers sample frames into one spare each. Run under ThreadSanitizer in CI.
    @Test func stacksWithOneSubscriberEachAreReadByThreadsWhileTheyAnimate() async throws {
        let harness = try Harness(shardCount: 2)
        let count = 200
        let (stacks, subscriptions) = try await makeStacks(count, subscribersEach: 1, on: harness)
        let readers = try [0, 1].map { lane in
            try PollingReader(subscriptions.enumerated().filter { $0.offset % 2 == lane }.map(\.element))
        }
        await withTaskGroup(of: Void.self) { group in
            for stack in stacks { group.addTask { _ = try? await stack.push(Fixtures.screen("detail")) } }
        }
        // Every other tick, the readers read through everything before the next: at least half of the
        // ticks' frames are read, and on the other ticks the readers race the next tick.
        var ticks = 0
        while !harness.clock.participantsNeedingTicks.isEmpty, ticks < 1_000 {
            await harness.clock.advance(frames: 1)
            ticks += 1
            if ticks % 2 == 0 { for reader in readers { reader.waitUntilDrained() } }
        }
        #expect(ticks == Fixtures.slideFrames)
        let results = readers.map { $0.finish() }
        let frames = results.flatMap(\.frames)
        let events = results.flatMap(\.events)
        #expect(frames.count == count && events.count == count)
        for kinds in events { #expect(kinds == [.began, .completed, .stackChanged]) }
        // Every stack shows the same screens: the frames of one tick are the same whichever stack made them,
        // and a frame whose fields changed while it was sampled would not match the others.
        var firstOfTick: [String: [Quad]] = [:]
        for summaries in frames {
            #expect(zip(summaries, summaries.dropFirst()).allSatisfy { $0.index <= $1.index })
            #expect(summaries.last?.transition == nil, "the last frame shows the stack settled")
            for summary in summaries {
                let key = "\(summary.index) \(summary.transition == nil ? "settled" : "running")"
                let first = firstOfTick[key, default: summary.quads]
                firstOfTick[key] = first
                #expect(first == summary.quads, "frame \(key)")
            }
        }
        #expect(firstOfTick.count > Fixtures.slideFrames / 2, "most ticks' frames were read")
        #expect(await harness.pendingWork().isEmpty)
    }
}

/// `count` stacks named s0, s1… on `harness`'s engine, each with `subscribersEach` subscriptions, listed
/// stack by stack.
private func makeStacks(
    _ count: Int, subscribersEach: Int, on harness: Harness
) async throws -> ([StackActor], [StackSubscription]) {
    var stacks: [StackActor] = []
    var subscriptions: [StackSubscription] = []
    for index in 0..<count {
        let stack = try await harness.engine.createStack(Fixtures.state(StackID(rawValue: "s\(index)")))
        stacks.append(stack)
        for _ in 0..<subscribersEach { subscriptions.append(try await stack.subscribe()) }
    }
    return (stacks, subscriptions)
}

/// Counts event kinds seen by several readers.
private final class KindCounter: Sendable {
    private let counts = Locked<[StackEvent.Kind: Int]>([:])
    func add(_ kind: StackEvent.Kind) { counts.withLock { $0[kind, default: 0] += 1 } }
    var value: [StackEvent.Kind: Int] { counts.withLock { $0 } }
}
