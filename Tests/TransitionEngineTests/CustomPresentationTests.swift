import JSON
import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

/// The `custom` presentation style: the presented screen rests in its animator's frame over the chrome
/// the animator declares, above the screens it was presented over; dismiss returns to the frame before;
/// the presentation is kept with the stack and refused, with nothing changed, when the animator has none.
@Suite struct CustomPresentationTests {
    /// A sheet of 60 % of the 667-point height over a black dimming overlay at 0.4 (etc/animators/sheet.json's
    /// presentation), whose present fades the dimming in over 0.5 s and dismiss slides the sheet away.
    private static let sheet: AnimatorSpecification = {
        let text = """
            {"name": "testSheet",
             "presentation": {
               "frame": [0, "containerHeight * 0.4", "containerWidth", "containerHeight * 0.6"],
               "chrome": [{"overlay": "dimming", "alpha": 0.4, "style": {"fill": "#000000"}}]},
             "variants": {
               "present": {"duration": 0.5, "layers": ["from", {"overlay": "dimming", "alpha": 0}, "to"],
                 "phases": [{"duration": "duration", "timing": "linear",
                   "tracks": [{"target": "container/dimming", "property": "alpha", "to": 0.4}]}]},
               "dismiss": {"duration": 0.3, "layers": ["to", "from"],
                 "phases": [{"duration": "duration", "timing": "linear",
                   "tracks": [{"target": "from", "property": "transform",
                               "to": [{"translate": [0, "containerHeight"]}]}]}]}}}
            """
        // The text is fixed and valid: a failure here is a bug in the test.
        return try! JSONValueDecoder().decode(AnimatorSpecification.self, from: try! JSONReader.parse(text))
    }()

    /// An engine that knows the test sheet, with its stack `main` showing `home`, and a subscription to it.
    private static func homeStackWithTheSheet() async throws -> (Harness, StackActor, StackSubscription) {
        let harness = try Harness()
        try harness.engine.defineAnimator(Self.sheet)
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        return (harness, stack, try await stack.subscribe())
    }

    /// Every frame until the stack is idle, one tick at a time (a subscription keeps only the newest frame).
    private static func framesUntilIdle(_ subscription: StackSubscription, clock: VirtualClock) async -> [Frame] {
        var frames = subscription.queuedFrames()
        for _ in 0..<1_000 {
            await clock.advance()
            frames += subscription.queuedFrames()
            if (try? clock.checkNothingPending()) != nil { break }
        }
        return frames
    }

    /// A node as `screen/node kind z, quad top-left to bottom-right, alpha`, coordinates rounded to
    /// thousandths of a point.
    private static func text(_ node: NodeState) -> String {
        func number(_ value: Double) -> String { "\((value * 1_000).rounded() / 1_000)" }
        let quad = node.quad
        return "\(node.screen)/\(node.node) \(node.kind) z\(node.z) (\(number(quad.topLeft.x)), "
            + "\(number(quad.topLeft.y))) to (\(number(quad.bottomRight.x)), \(number(quad.bottomRight.y))) "
            + "alpha \(number(node.alpha))"
    }

    /// The settled frame over `home` with the sheet `card` presented, worked out by hand: home's root
    /// (the container) and title (16, 80, 200 × 44); the dimming over the container at 0.4; the card's
    /// root at (0, 266.8) to (375, 667) (667 × 0.4 = 266.8) and its title 80 points lower than home's.
    private static let settledSheet = [
        "home/root view z0 (0.0, 0.0) to (375.0, 667.0) alpha 1.0",
        "home/title view z1 (16.0, 80.0) to (216.0, 124.0) alpha 1.0",
        "/dimming overlay z2 (0.0, 0.0) to (375.0, 667.0) alpha 0.4",
        "card/root view z3 (0.0, 266.8) to (375.0, 667.0) alpha 1.0",
        "card/title view z4 (16.0, 346.8) to (216.0, 390.8) alpha 1.0",
    ]

    private static let settledHome = [
        "home/root view z0 (0.0, 0.0) to (375.0, 667.0) alpha 1.0",
        "home/title view z1 (16.0, 80.0) to (216.0, 124.0) alpha 1.0",
    ]

    @Test func theSheetRestsInItsFrameOverItsChromeAndDismissReturns() async throws {
        let (harness, stack, subscription) = try await Self.homeStackWithTheSheet()
        try await stack.present(
            Fixtures.screen("card"), style: .custom, options: OperationOptions(animator: "testSheet"))
        let presenting = await Self.framesUntilIdle(subscription, clock: harness.clock)
        let settled = try #require(presenting.last)
        #expect(settled.transition == nil)
        #expect(settled.nodes.map(Self.text) == Self.settledSheet)
        #expect(settled.nodes[2].style == ["fill": "#000000"])
        // Every frame of the transition lays the card out in the sheet's frame.
        let running = presenting.filter { $0.transition != nil }
        #expect(running.count > 10)
        for frame in running {
            let root = try #require(frame.nodes.first { $0.screen == "card" && $0.node == "root" })
            #expect(Self.text(root).contains("(0.0, 266.8) to (375.0, 667.0)"), "\(Self.text(root))")
        }
        let state = await stack.state
        #expect(state.presentationStyles == [.custom])
        #expect(
            state.customPresentations == [CustomPresentation(screen: "card", presentation: Self.sheet.presentation!)])

        try await stack.dismiss(options: OperationOptions(animator: "testSheet"))
        let dismissing = await Self.framesUntilIdle(subscription, clock: harness.clock)
        // The dismiss slides the sheet down from where it rests: 400.2 points tall, below 266.8.
        let dismissFrames = dismissing.filter { $0.transition != nil }
        #expect(dismissFrames.count > 5)
        for frame in dismissFrames {
            let root = try #require(frame.nodes.first { $0.screen == "card" && $0.node == "root" })
            #expect(abs(root.size.height - 400.2) < 1e-9 && root.size.width == 375, "\(root.size)")
            #expect(root.quad.topLeft.y > 266.8, "\(Self.text(root))")
        }
        #expect(try #require(dismissing.last).nodes.map(Self.text) == Self.settledHome)
        #expect(await stack.state.customPresentations.isEmpty)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// A present over the sheet, and its dismiss, keep what the sheet's settled frame draws (home, the
    /// dimming, the sheet in its frame) in every frame of the transition, under the transition's screens.
    @Test func aPresentOverTheSheetKeepsTheScreensUnderItDrawn() async throws {
        let (harness, stack, subscription) = try await Self.homeStackWithTheSheet()
        try await stack.present(
            Fixtures.screen("card"), style: .custom, options: OperationOptions(animated: false, animator: "testSheet"))
        for style in [PresentationStyle.overCurrentContext, .fullScreen] {
            try await stack.present(Fixtures.screen("alert"), style: style, options: OperationOptions(animator: "fade"))
            let presenting = await Self.framesUntilIdle(subscription, clock: harness.clock)
            try await stack.dismiss(options: OperationOptions(animator: "fade"))
            let dismissing = await Self.framesUntilIdle(subscription, clock: harness.clock)
            let running = (presenting + dismissing).filter { $0.transition != nil }
            #expect(running.count > 10, "\(style)")
            for frame in running {
                // The sheet's settled nodes come first, unchanged; the fade moves only alpha, so the sheet
                // (the fade's lower screen) is where it rests, and the alert fills the container above it.
                let texts = frame.nodes.map(Self.text)
                #expect(Array(texts.prefix(3)) == Array(Self.settledSheet.prefix(3)), "\(style): \(texts)")
                func geometry(_ text: String) -> Substring { text.split(separator: " alpha")[0] }
                let card = frame.nodes.filter { $0.screen == "card" }.map { geometry(Self.text($0)) }
                #expect(card == Self.settledSheet[3...4].map(geometry), "\(style)")
                #expect(frame.nodes.suffix(2).map(\.screen) == ["alert", "alert"], "\(style)")
            }
            #expect(try #require(dismissing.last).nodes.map(Self.text) == Self.settledSheet)
        }
        #expect(await harness.pendingWork().isEmpty)
    }

    /// Turned to landscape (667 × 375) under the sheet, the stack keeps home and the dimming drawn under the
    /// sheet in every frame of the resize, and settles with the sheet at 60 % of the new height: its root
    /// from y = 375 × 0.4 = 150 to 375, over the dimming now 667 wide.
    @Test func aResizeUnderTheSheetMovesItToItsFrameInTheNewContainer() async throws {
        let (harness, stack, subscription) = try await Self.homeStackWithTheSheet()
        try await stack.present(
            Fixtures.screen("card"), style: .custom, options: OperationOptions(animated: false, animator: "testSheet"))
        try await stack.perform(.resize(Size(width: 667, height: 375)))
        let frames = await Self.framesUntilIdle(subscription, clock: harness.clock)
        let running = frames.filter { $0.transition?.operation == .resize }
        #expect(running.count > 5)
        for frame in running {
            #expect(frame.nodes.prefix(3).map { "\($0.screen)/\($0.node)" } == ["home/root", "home/title", "/dimming"])
            #expect(frame.nodes.suffix(2).map(\.screen) == ["card", "card"])
        }
        let settled = try #require(frames.last).nodes.map(Self.text)
        #expect(
            settled == [
                "home/root view z0 (0.0, 0.0) to (667.0, 375.0) alpha 1.0",
                "home/title view z1 (16.0, 80.0) to (216.0, 124.0) alpha 1.0",
                "/dimming overlay z2 (0.0, 0.0) to (667.0, 375.0) alpha 0.4",
                "card/root view z3 (0.0, 150.0) to (667.0, 375.0) alpha 1.0",
                "card/title view z4 (16.0, 230.0) to (216.0, 274.0) alpha 1.0",
            ])
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aPresentWithoutAnimationAndAQueuedOneKeepTheirPresentation() async throws {
        let harness = try Harness()
        try harness.engine.defineAnimator(Self.sheet)
        let stack = try await harness.engine.createStack(
            Fixtures.state(screens: ["home"], rules: [AnimatorRule(operation: .present, animator: "testSheet")]))
        let subscription = try await stack.subscribe()
        try await stack.present(Fixtures.screen("card"), style: .custom, options: OperationOptions(animated: false))
        await harness.clock.advanceUntilIdle()
        #expect(try #require(subscription.queuedFrames().last).nodes.map(Self.text) == Self.settledSheet)
        try await stack.dismiss(options: OperationOptions(animated: false))
        // Queued behind a running push, the present takes its presentation when it is accepted.
        try await stack.push(Fixtures.screen("next"))
        try await stack.pop()
        try await stack.present(Fixtures.screen("card"), style: .custom)
        await harness.clock.advanceUntilIdle()
        #expect(try #require(subscription.queuedFrames().last).nodes.map(Self.text) == Self.settledSheet)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func anInteractivePresentSettlesAsTheSheet() async throws {
        let (harness, stack, subscription) = try await Self.homeStackWithTheSheet()
        try await stack.beginInteractive(
            .present(Fixtures.screen("card"), style: .custom), options: OperationOptions(animator: "testSheet"))
        try await stack.updateInteractive(0.6)
        try await stack.finishInteractive()
        await harness.clock.advanceUntilIdle()
        #expect(try #require(subscription.queuedFrames().last).nodes.map(Self.text) == Self.settledSheet)
        #expect(await harness.pendingWork().isEmpty)
    }

    /// The custom style with an animator that declares no presentation (the default slideUp here) is the
    /// caller's `style` at fault: nothing is presented and no transition begins.
    @Test func theCustomStyleWithoutAPresentationIsRefusedAndChangesNothing() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let before = await stack.state
        for options in [OperationOptions(), OperationOptions(animator: "slideUp"), OperationOptions(animated: false)] {
            do {
                try await stack.present(Fixtures.screen("card"), style: .custom, options: options)
                Issue.record("accepted with \(options)")
            } catch {
                #expect(error.code == .invalidParameter && error.parameter == "style", "\(error)")
                #expect(error.message.contains("declares no presentation"), "\(error.message)")
            }
        }
        do {
            try await stack.beginInteractive(.present(Fixtures.screen("card"), style: .custom))
            Issue.record("began")
        } catch {
            #expect(error.parameter == "style")
        }
        #expect(await stack.state == before)
        #expect(await stack.transitionStatus == nil)
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func thePresentationPersistsAcrossARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            try harness.engine.defineAnimator(Self.sheet)
            let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
            try await stack.present(
                Fixtures.screen("card"), style: .custom, options: OperationOptions(animator: "testSheet"))
            await harness.clock.advanceUntilIdle()
        }
        // The restarted engine does not know the animator: the stack keeps the presentation itself.
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(restarted.engine.restoreProblems.isEmpty)
        let stack = try restarted.engine.stack("main")
        let state = await stack.state
        #expect(state.presentationStyles == [.custom])
        #expect(state.customPresentations.map(\.presentation) == [Self.sheet.presentation!])
        let subscription = try await stack.subscribe()
        let frames = await Self.framesUntilIdle(subscription, clock: restarted.clock)
        #expect(try #require(frames.last).nodes.map(Self.text) == Self.settledSheet)
        await restarted.engine.shutdown()
    }

    @Test func aStateWhosePresentationsDoNotMatchItsStylesIsRefused() {
        var state = Fixtures.state(screens: ["home"], presented: ["card"])
        state.presentationStyles = [.custom]
        #expect(throws: TransitionEngineError.self) { try state.validate() }
        state.customPresentations = [CustomPresentation(screen: "card", presentation: Self.sheet.presentation!)]
        #expect(throws: Never.self) { try state.validate() }
        state.presentationStyles = [.overCurrentContext]
        #expect(throws: TransitionEngineError.self) { try state.validate() }
        // Removing the screen removes its record with it.
        state.presented = []
        #expect(state.customPresentations.isEmpty)
    }
}
