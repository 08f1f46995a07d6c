import JSON
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

/// Present's `style` over the wire: GetStack reports each presented screen's style, Dismiss takes it away,
/// and a style given as `null` presents full screen as an absent one does.
@Suite struct TransitionServicePresentationStylesTests {
    @Test func getStackReportsEachPresentedScreensStyle() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            #expect(try connection.stack("main")["presentationStyles"] == [])
            let over = try connection.call(
                "Present",
                ["stack": "main", "screen": Screens.json("sheet"), "style": "overCurrentContext", "animated": false])
            #expect(over["result"]?["outcome"] == "completed")
            try connection.call("Present", ["stack": "main", "screen": Screens.json("full"), "animated": false])
            try connection.call(
                "Present", ["stack": "main", "screen": Screens.json("null"), "style": nil, "animated": false])
            try connection.call(
                "Present",
                ["stack": "main", "screen": Screens.json("last"), "style": "fullScreen", "animated": false])
            let stack = try connection.stack("main")
            #expect(stack["presented"] == ["sheet", "full", "null", "last"])
            #expect(stack["presentationStyles"] == ["overCurrentContext", "fullScreen", "fullScreen", "fullScreen"])
            for _ in 0..<3 { try connection.call("Dismiss", ["stack": "main", "animated": false]) }
            #expect(try connection.stack("main")["presentationStyles"] == ["overCurrentContext"])
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// An animated present over the current context runs the present transition like any other; the
    /// style is committed with the screen when it completes.
    @Test func anAnimatedPresentCommitsItsStyleWhenItCompletes() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let result = try connection.call(
                "Present", ["stack": "main", "screen": Screens.json("sheet"), "style": "overCurrentContext"])
            #expect(result["result"]?["outcome"] == "started")
            let running = try connection.stack("main")
            #expect(running["transition"]?["operation"] == "present")
            #expect(running["transition"]?["containerWidth"] == 375, "a present runs in the stack's container")
            #expect(running["presentationStyles"] == [])
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["presentationStyles"] == ["overCurrentContext"])
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// The example animator etc/animators/sheet.json declares a presentation: presented `custom` with it,
    /// the screen stays a sheet; an animator whose presentation cannot be laid out is refused when it is
    /// defined, naming the field.
    @Test func theExampleSheetPresentsInTheCustomStyle() async throws {
        let text = try #require(TextFile.read(RepositoryFiles.path("etc/animators/sheet.json")))
        let sheet = try JSONReader.parse(text)
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("DefineAnimator", ["animator": sheet])
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call(
                "Present", ["stack": "main", "screen": Screens.json("card"), "style": "custom", "animator": "sheet"])
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let stack = try connection.stack("main")
            #expect(stack["presented"] == ["card"])
            #expect(stack["presentationStyles"] == ["custom"])
            guard case .object(var broken) = sheet, case .object(var presentation)? = broken["presentation"] else {
                Issue.record("sheet.json has no presentation")
                return
            }
            presentation["frame"] = [0, 0, "containerWidth - 1000", 10]
            broken["presentation"] = .object(presentation)
            broken["name"] = "brokenSheet"
            let failure = try connection.error("DefineAnimator", ["animator": .object(broken)])
            #expect(failure.name == "io.transitiond.InvalidAnimator", "\(failure)")
            #expect(failure.parameters["parameter"] == "animator.presentation.frame", "\(failure)")
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// An interactive present takes its style as Present does, committed when the gesture finishes.
    @Test func anInteractivePresentTakesItsStyle() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call(
                "BeginInteractive",
                [
                    "stack": "main", "operation": "present", "screen": Screens.json("sheet"),
                    "style": "overCurrentContext",
                ])
            try connection.call("FinishInteractive", ["stack": "main"])
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let stack = try connection.stack("main")
            #expect(stack["presented"] == ["sheet"])
            #expect(stack["presentationStyles"] == ["overCurrentContext"])
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }
}
