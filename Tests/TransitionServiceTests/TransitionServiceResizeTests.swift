import JSON
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

/// Resize over the wire: the new size as GetStack reports it, the transition it runs, the refusals (each
/// naming its parameter, the stack unchanged), the stack's policy while another transition runs, and the
/// size after a restart.
@Suite struct TransitionServiceResizeTests {
    private static func size(_ stack: JSONValue) -> [Double?] {
        [stack["containerWidth"]?.doubleValue, stack["containerHeight"]?.doubleValue]
    }

    @Test func anAnimatedResizeRunsAResizeTransitionThenReportsTheNewSize() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let result = try connection.call("Resize", ["stack": "main", "width": 667, "height": 375])
            #expect(result["result"]?["outcome"] == "started")
            let running = try connection.stack("main")
            #expect(running["transition"]?["operation"] == "resize")
            #expect(running["transition"]?["animator"] == "resize")
            #expect(running["transition"]?["durationSeconds"]?.doubleValue == 0.3)
            #expect(Self.size(running) == [375, 667], "the committed size until the transition completes")
            // The frames are drawn in the new container meanwhile, which the transition says.
            #expect(running["transition"]?["containerWidth"] == 667 && running["transition"]?["containerHeight"] == 375)
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(Self.size(try connection.stack("main")) == [667, 375])
            let same = try connection.call("Resize", ["stack": "main", "width": 667, "height": 375])
            #expect(same["result"]?["outcome"] == "unchanged")
            let immediate = try connection.call(
                "Resize", ["stack": "main", "width": 320.5, "height": 480, "animated": false, "animator": "fade"])
            #expect(immediate["result"]?["outcome"] == "completed")
            #expect(Self.size(try connection.stack("main")) == [320.5, 480])
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// Resize's fields besides `stack`, the error and the parameter it names.
    static let badCalls: [(JSONObject, String, String)] = [
        (["width": 0, "height": 375], "io.transitiond.InvalidValue", "width"),
        (["width": -667, "height": 375], "io.transitiond.InvalidValue", "width"),
        (["width": 667, "height": 1_000_001], "io.transitiond.InvalidValue", "height"),
        (["width": "667", "height": 375], "org.varlink.service.InvalidParameter", "width"),
        (["width": 667], "org.varlink.service.InvalidParameter", "height"),
        (["width": 667, "height": 375, "animator": "zoom"], "io.transitiond.NoSuchAnimator", "animator"),
        (["width": 667, "height": 375, "animator": "nope"], "io.transitiond.NoSuchAnimator", "animator"),
        (["width": 667, "height": 375, "animated": "no"], "org.varlink.service.InvalidParameter", "animated"),
    ]

    @Test(arguments: badCalls)
    func badCallsAreRefusedAndChangeNothing(fields: JSONObject, error: String, parameter: String) async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let before = try connection.stack("main")
            var parameters = fields
            parameters["stack"] = "main"
            let refused = try connection.error("Resize", parameters)
            #expect(refused.name == error)
            #expect(refused.parameters["parameter"]?.stringValue == parameter, "\(refused)")
            #expect(try connection.stack("main") == before)
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    @Test func aResizeDuringAPushFollowsThePolicy() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            var create = Screens.createParameters("main")
            create["policy"] = "reject"
            try connection.call("CreateStack", create)
            try connection.call("Push", ["stack": "main", "screen": Screens.json("next")])
            let busy = try connection.error("Resize", ["stack": "main", "width": 667, "height": 375])
            #expect(busy.name == "io.transitiond.TransitionInProgress")
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(Self.size(try connection.stack("main")) == [375, 667])
            try connection.call("SetRules", ["stack": "main", "rules": [], "policy": "queue"])
            try connection.call("Pop", ["stack": "main"])
            let queued = try connection.call("Resize", ["stack": "main", "width": 667, "height": 375])
            #expect(queued["result"]?["outcome"] == "queued")
            #expect(queued["result"]?["queuePosition"] == 1)
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let stack = try connection.stack("main")
            #expect(Self.size(stack) == [667, 375])
            #expect(stack["screens"] == ["home"])
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// A rule for resize names its animator; a resize is not a gesture's to drive.
    @Test func rulesForResizeAndNoInteractiveResize() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call(
                "SetRules", ["stack": "main", "rules": [["operation": "resize", "animator": "fade"]]])
            #expect(try connection.stack("main")["rules"]?[0]?["operation"] == "resize")
            try connection.call("Resize", ["stack": "main", "width": 667, "height": 375])
            #expect(try connection.stack("main")["transition"]?["animator"] == "fade")
            let interactive = try connection.error("BeginInteractive", ["stack": "main", "operation": "resize"])
            #expect(interactive.name == "io.transitiond.InvalidValue")
            #expect(interactive.parameters["parameter"]?.stringValue == "operation")
        }
        await harness.settle()
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    @Test func theNewSizeSurvivesARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try ServiceHarness(directory: directory, persistent: true)
        try await first.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Resize", ["stack": "main", "width": 1024, "height": 768, "animated": false])
        }
        await first.stop()
        let second = try ServiceHarness(directory: directory, persistent: true)
        try await second.withConnection { connection throws in
            #expect(Self.size(try connection.stack("main")) == [1024, 768])
        }
        await second.shutdown()
    }
}
