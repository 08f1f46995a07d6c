import JSON
import Testing
import TransitionEngine
import TransitionService
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
            #expect(running["presentationStyles"] == [])
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["presentationStyles"] == ["overCurrentContext"])
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
