import JSON
import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

/// Presentation styles: what a settled frame draws under a presented screen, what a dismiss returns to,
/// and the style as part of the stack's state (validated, persisted, absent in older states).
@Suite struct PresentationStyleTests {
    /// The last frame without a transition the subscription has queued.
    private static func lastSettledFrame(_ subscription: StackSubscription) -> Frame? {
        subscription.queuedFrames().last { $0.transition == nil }
    }

    /// A frame's nodes as `screen/node kind z position size alpha quad-top-left quad-bottom-right`, one a
    /// line.
    private static func text(_ frame: Frame?) -> String {
        guard let frame else { return "no settled frame" }
        return frame.nodes.map { node in
            let quad = node.quad
            return "\(node.screen)/\(node.node) \(node.kind) z\(node.z) at \(node.position.x),\(node.position.y) "
                + "size \(node.size.width)x\(node.size.height) alpha \(node.alpha) hidden \(node.hidden) "
                + "from \(quad.topLeft.x),\(quad.topLeft.y) to \(quad.bottomRight.x),\(quad.bottomRight.y)"
        }.joined(separator: "\n")
    }

    /// What a settled frame holds for the fixture screens `screens`, bottom first, worked out by hand:
    /// each screen's root fills the 375 × 667 container (centre 187.5, 333.5) and its title is the
    /// 200 × 44 rectangle at (16, 80) (centre 116, 102), both at rest; `z` counts through the screens.
    private static func expected(_ screens: [String]) -> String {
        screens.enumerated().map { index, screen in
            "\(screen)/root view z\(2 * index) at 187.5,333.5 size 375.0x667.0 alpha 1.0 hidden false "
                + "from 0.0,0.0 to 375.0,667.0\n"
                + "\(screen)/title view z\(2 * index + 1) at 116.0,102.0 size 200.0x44.0 alpha 1.0 hidden false "
                + "from 16.0,80.0 to 216.0,124.0"
        }.joined(separator: "\n")
    }

    @Test func overCurrentContextKeepsThePresentingScreenDrawnBeneath() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        try await stack.present(Fixtures.screen("sheet"), style: .overCurrentContext)
        await harness.clock.advanceUntilIdle()
        #expect(Self.text(Self.lastSettledFrame(subscription)) == Self.expected(["home", "sheet"]))
        #expect(await stack.state.presentationStyles == [.overCurrentContext])
        try await stack.dismiss()
        await harness.clock.advanceUntilIdle()
        #expect(Self.text(Self.lastSettledFrame(subscription)) == Self.expected(["home"]))
        #expect(await stack.state.presentationStyles.isEmpty)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func fullScreenDrawsThePresentedScreenAlone() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        try await stack.present(Fixtures.screen("modal"))
        await harness.clock.advanceUntilIdle()
        #expect(Self.text(Self.lastSettledFrame(subscription)) == Self.expected(["modal"]))
        #expect(await stack.state.presentationStyles == [.fullScreen])
        try await stack.dismiss()
        await harness.clock.advanceUntilIdle()
        #expect(Self.text(Self.lastSettledFrame(subscription)) == Self.expected(["home"]))
        #expect(await harness.pendingWork().isEmpty)
    }

    /// Presentations over the current context pile up down to the nearest full-screen one, which covers
    /// everything under it; each dismiss returns to the frame before its present.
    @Test func aFullScreenPresentationCoversWhatIsUnderItAndDismissesReturnStepByStep() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        let steps: [(String, PresentationStyle, [String])] = [
            ("a", .overCurrentContext, ["home", "a"]),
            ("b", .fullScreen, ["b"]),
            ("c", .overCurrentContext, ["b", "c"]),
            ("d", .overCurrentContext, ["b", "c", "d"]),
        ]
        var shown: [[String]] = [["home"]]
        for (screen, style, expected) in steps {
            try await stack.present(Fixtures.screen(screen), style: style)
            await harness.clock.advanceUntilIdle()
            #expect(Self.text(Self.lastSettledFrame(subscription)) == Self.expected(expected), "present \(screen)")
            shown.append(expected)
        }
        shown.removeLast()
        while let expected = shown.popLast() {
            try await stack.dismiss()
            await harness.clock.advanceUntilIdle()
            #expect(Self.text(Self.lastSettledFrame(subscription)) == Self.expected(expected), "back to \(expected)")
        }
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aPresentWithoutAnimationSettlesOverTheCurrentContextToo() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let subscription = try await stack.subscribe()
        try await stack.present(
            Fixtures.screen("sheet"), style: .overCurrentContext, options: OperationOptions(animated: false))
        await harness.clock.advanceUntilIdle()
        #expect(Self.text(Self.lastSettledFrame(subscription)) == Self.expected(["home", "sheet"]))
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aStateWithoutAStylePerPresentedScreenIsRefused() {
        var state = Fixtures.state(screens: ["home"])
        state.presented = [Fixtures.screen("modal")]
        #expect(state.presentationStyles == [.fullScreen], "a screen added without its style is full screen")
        state.presentationStyles = [.fullScreen, .overCurrentContext]
        #expect(throws: TransitionEngineError.self) { try state.validate() }
        do {
            try state.validate()
        } catch {
            #expect(error.code == .invalidParameter && error.parameter == "presentationStyles")
        }
    }

    @Test func theStylePersistsAcrossARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
            try await stack.present(Fixtures.screen("a"), style: .overCurrentContext)
            try await stack.present(Fixtures.screen("b"))
            await harness.clock.advanceUntilIdle()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.isEmpty)
        let state = try await restarted.engine.stack("main").state
        #expect(state.presented.map(\.id) == ["a", "b"])
        #expect(state.presentationStyles == [.overCurrentContext, .fullScreen])
        await restarted.engine.shutdown()
    }

    /// A state written before presentation styles has none: every presented screen is full screen, read
    /// directly and through the decoder (the fallback for forms the direct reader leaves to it).
    @Test func aStoredStateWithoutStylesLoadsAsFullScreen() throws {
        let screen = #"{"id":"modal","root":{"id":"v","frame":[0,0,1,1]}}"#
        let stored =
            #"{"id":"s","tabs":[{"id":"main","screens":[{"id":"a","root":{"id":"v","frame":[0,0,1,1]}}]}],"#
            + #""selectedTab":0,"presented":["# + screen + #"],"containerSize":[10,20],"rules":[],"policy":"queue"}"#
        let bytes = Array(stored.utf8)
        #expect(try StackState(storedBytes: bytes).presentationStyles == [.fullScreen])
        let decoded = try JSONValueDecoder().decode(StackState.self, from: try JSONReader.parse(bytes))
        #expect(decoded.presentationStyles == [.fullScreen])
    }

    @Test func aStoredStateWithAnUnknownStyleIsRefused() {
        let stored =
            #"{"id":"s","tabs":[{"id":"main","screens":[{"id":"a","root":{"id":"v","frame":[0,0,1,1]}}]}],"#
            + #""selectedTab":0,"presented":[{"id":"m","root":{"id":"v","frame":[0,0,1,1]}}],"#
            + #""presentationStyles":["popover"],"containerSize":[10,20],"rules":[],"policy":"queue"}"#
        #expect(throws: TransitionEngineError.self) { try StackState(storedBytes: Array(stored.utf8)) }
    }
}
