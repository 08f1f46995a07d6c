import JSON
import Testing
import TransitionEngine
import TransitionService
import Varlink

/// Push, Pop, PopToRoot, PopTo, SetScreens, Present, Dismiss and SelectTab: what each reply says was
/// done, the state after, and every rejection leaving the state as it was.
@Suite struct TransitionServiceOperationsTests {
    /// The slide animator's push and pop last 0.3 s: 18 frames at 60 Hz (TransitionCore's built-in).
    static let slideFrames = 18

    @Test func pushRunsATransitionThenCommits() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let result = try connection.call("Push", ["stack": "main", "screen": Screens.json("detail")])["result"]
            #expect(result?["outcome"] == "started")
            #expect(result?["transitionId"] == 1)
            #expect(result?["queuePosition"] == 0)
            let running = try connection.stack("main")
            #expect(running["screens"] == ["home"])
            #expect(running["transition"]?["operation"] == "push")
            #expect(running["transition"]?["animator"] == "slide")
            #expect(running["transition"]?["fromScreen"] == "home")
            #expect(running["transition"]?["toScreen"] == "detail")
            #expect(running["transition"]?["fraction"] == 0)
            #expect(running["transition"]?["interactive"] == false)
            // With the screens, the pushed one comes as the transition's: it is in no committed list yet.
            #expect(running["screenObjects"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["home"])
            #expect(running["transition"]?["toScreenObject"] == Screens.json("detail"))
            let brief = try connection.call("GetStack", ["name": "main"])["stack"]
            #expect(brief?["transition"]?["toScreen"] == "detail")
            #expect(brief?["transition"]?["toScreenObject"] == nil)
        }
        await harness.clock.advance(frames: Self.slideFrames / 2)
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["transition"]?["fraction"] == 0.5)
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let settled = try connection.stack("main")
            #expect(settled["screens"] == ["home", "detail"])
            #expect(settled["transition"] == nil)
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    @Test func operationsWhileATransitionRunsAreQueued() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Push", ["stack": "main", "screen": Screens.json("a")])
            let second = try connection.call("Push", ["stack": "main", "screen": Screens.json("b")])["result"]
            #expect(second?["outcome"] == "queued")
            #expect(second?["transitionId"] == 2)
            #expect(second?["queuePosition"] == 1)
            #expect(try connection.stack("main")["queuedOperations"] == 1)
        }
        await harness.clock.advance(frames: Self.slideFrames + 1)
        try await harness.withConnection { connection throws in
            let stack = try connection.stack("main")
            #expect(stack["screens"] == ["home", "a"])
            #expect(stack["transition"]?["id"] == 2)
            #expect(stack["transition"]?["toScreen"] == "b")
            #expect(stack["transition"]?["toScreenObject"]?["id"] == "b")
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["screens"] == ["home", "a", "b"])
        }
        await harness.shutdown()
    }

    @Test func notAnimatedOperationsCompleteAtOnce() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let push = try connection.call(
                "Push", ["stack": "main", "screen": Screens.json("a"), "animated": false])["result"]
            #expect(push?["outcome"] == "completed")
            try connection.call("Push", ["stack": "main", "screen": Screens.json("b"), "animated": false])
            try connection.call("Push", ["stack": "main", "screen": Screens.json("c"), "animated": false])
            #expect(try connection.stack("main")["screens"] == ["home", "a", "b", "c"])
            try connection.call("PopTo", ["stack": "main", "screen": "a", "animated": false])
            #expect(try connection.stack("main")["screens"] == ["home", "a"])
            let same = try connection.call("PopTo", ["stack": "main", "screen": "a"])["result"]
            #expect(same?["outcome"] == "unchanged")
            try connection.call("Pop", ["stack": "main", "animated": false])
            #expect(try connection.stack("main")["screens"] == ["home"])
            try connection.call(
                "SetScreens",
                ["stack": "main", "screens": [Screens.json("home"), Screens.json("x")], "animated": false])
            #expect(try connection.stack("main")["screens"] == ["home", "x"])
            try connection.call("PopToRoot", ["stack": "main", "animated": false])
            #expect(try connection.stack("main")["screens"] == ["home"])
            try connection.call("Present", ["stack": "main", "screen": Screens.json("modal"), "animated": false])
            #expect(try connection.stack("main")["presented"] == ["modal"])
            try connection.call("Dismiss", ["stack": "main", "animated": false])
            #expect(try connection.stack("main")["presented"] == [])
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    @Test func selectTabAndAnimatedPopToRoot() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call(
                "CreateStack",
                [
                    "name": "tabs", "width": 375, "height": 667,
                    "tabs": [
                        ["name": "one", "screens": [Screens.json("a"), Screens.json("b"), Screens.json("c")]],
                        ["name": "two", "screens": [Screens.json("d")]],
                    ],
                ])
            let pop = try connection.call("PopToRoot", ["stack": "tabs"])["result"]
            #expect(pop?["outcome"] == "started")
            #expect(try connection.stack("tabs")["transition"]?["toScreen"] == "a")
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let select = try connection.call("SelectTab", ["stack": "tabs", "tab": "two", "animator": "fade"])["result"]
            #expect(select?["outcome"] == "started")
            #expect(try connection.stack("tabs")["transition"]?["toScreen"] == "d")
            let missing = try connection.error("SelectTab", ["stack": "tabs", "tab": "three"])
            #expect(missing.name == "io.transitiond.NoSuchTab")
            #expect(missing.parameters["tab"] == "three")
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let stack = try connection.stack("tabs")
            #expect(stack["selectedTab"] == "two")
            #expect(stack["screens"] == ["d"])
        }
        await harness.shutdown()
    }

    /// Each rejected operation names its error and parameter and leaves the stack exactly as it was.
    @Test(
        arguments: [
            ("Pop", ["stack": "main"], "StackUnderflow", "stack"),
            ("PopToRoot", ["stack": "main"], "StackUnderflow", "stack"),
            ("PopTo", ["stack": "main", "screen": "nowhere"], "NoSuchScreen", "screen"),
            ("Dismiss", ["stack": "main"], "NothingPresented", "stack"),
            ("Push", ["stack": "main", "screen": Screens.json("home")], "ScreenExists", "screen"),
            ("Push", ["stack": "main", "screen": ["id": "bad"]], "InvalidScreen", "screen.nodes"),
            ("Push", ["stack": "main", "screen": Screens.json("x"), "animator": "nope"], "NoSuchAnimator", "animator"),
            (
                "Push", ["stack": "main", "screen": Screens.json("x"), "animator": "slideUp"], "NoSuchAnimator",
                "animator"
            ),
            ("Push", ["stack": "nope", "screen": Screens.json("x")], "NoSuchStack", "stack"),
            (
                "Push", ["stack": "main", "screen": Screens.json("x"), "sourceNode": "nowhere"], "InvalidValue",
                "sourceNode"
            ),
            (
                "BeginInteractive",
                ["stack": "main", "operation": "push", "screen": Screens.json("x"), "sourceNode": "nowhere"]
                    as JSONObject,
                "InvalidValue", "sourceNode"
            ),
            ("SetScreens", ["stack": "main", "screens": []], "InvalidValue", "screens"),
            (
                "SetScreens", ["stack": "main", "screens": [Screens.json("a"), Screens.json("a")]] as JSONObject,
                "ScreenExists", "screens[1]"
            ),
            ("SelectTab", ["stack": "main", "tab": "other"], "NoSuchTab", "tab"),
            ("Scrub", ["stack": "main", "fraction": 0.5], "NoTransition", "stack"),
            ("Scrub", ["stack": "main", "fraction": 1.5], "InvalidValue", "fraction"),
            ("Pause", ["stack": "main"], "NoTransition", "stack"),
            ("GetStats", ["stack": ""], "InvalidValue", "stack"),
            ("Resume", ["stack": "main"], "NoTransition", "stack"),
            ("Reverse", ["stack": "main"], "NoTransition", "stack"),
            ("UpdateInteractive", ["stack": "main", "fraction": 0.5], "NoTransition", "stack"),
            ("FinishInteractive", ["stack": "main"], "NoTransition", "stack"),
            ("CancelInteractive", ["stack": "main", "completionSpeed": 0], "InvalidValue", "completionSpeed"),
            ("CancelInteractive", ["stack": "main", "completionCurve": "bouncy"], "InvalidValue", "completionCurve"),
            ("BeginInteractive", ["stack": "main", "operation": "pop"], "StackUnderflow", "operation"),
            ("BeginInteractive", ["stack": "main", "operation": "push"], "InvalidValue", "screen"),
            ("BeginInteractive", ["stack": "main", "operation": "pop", "tab": "x"], "InvalidValue", "tab"),
            ("BeginInteractive", ["stack": "main", "operation": "pop", "toScreen": "x"], "NoSuchScreen", "toScreen"),
            (
                "BeginInteractive", ["stack": "main", "operation": "selectTab", "tab": "main"], "NoTransition",
                "operation"
            ),
            (
                "BeginInteractive", ["stack": "main", "operation": "pop", "onDisconnect": "explode"],
                "InvalidParameter",
                "onDisconnect"
            ),
            ("Present", ["stack": "main", "screen": Screens.json("m"), "style": "sheet"], "InvalidParameter", "style"),
            (
                "Present", ["stack": "main", "screen": Screens.json("m"), "style": "FullScreen"], "InvalidParameter",
                "style"
            ),
            ("Present", ["stack": "main", "screen": Screens.json("m"), "style": 1], "InvalidParameter", "style"),
            ("Present", ["stack": "main", "screen": Screens.json("m"), "style": true], "InvalidParameter", "style"),
            (
                "BeginInteractive", ["stack": "main", "operation": "pop", "style": "overCurrentContext"],
                "InvalidValue",
                "style"
            ),
            (
                "BeginInteractive",
                ["stack": "main", "operation": "present", "screen": Screens.json("m"), "style": "sheet"],
                "InvalidParameter", "style"
            ),
            // The custom style needs an animator that declares a presentation; the default has none.
            ("Present", ["stack": "main", "screen": Screens.json("m"), "style": "custom"], "InvalidValue", "style"),
            (
                "Present",
                ["stack": "main", "screen": Screens.json("m"), "style": "custom", "animated": false],
                "InvalidValue", "style"
            ),
            (
                "BeginInteractive",
                ["stack": "main", "operation": "present", "screen": Screens.json("m"), "style": "custom"],
                "InvalidValue", "style"
            ),
        ] as [(String, JSONObject, String, String)])
    func rejectedOperationsChangeNothing(
        method: String, parameters: JSONObject, error: String, parameter: String
    ) async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let before = try connection.stack("main")
            let failure = try connection.error(method, parameters)
            #expect(failure.name.hasSuffix("." + error), "\(failure)")
            #expect(failure.parameters["parameter"]?.stringValue == parameter, "\(failure)")
            #expect(try connection.stack("main") == before)
        }
        // Logged as the journal's `request-rejected` entry, naming the method, the error and the parameter,
        // whether the service refused the call or the Varlink layer did (`InvalidParameter`, a value the IDL
        // does not allow).
        #expect(
            harness.log.all.contains {
                $0.field("EVENT") == "request-rejected" && $0.field("OPERATION") == method
                    && $0.field("ERROR") == error && $0.field("PARAMETER") == parameter
            }, "\(harness.log.all.map(\.fields))")
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// Navigation while a screen is presented, and operations under policy reject while a transition
    /// runs, are refused with the running transition named.
    @Test func presentedAndRejectPolicyErrors() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            var parameters = Screens.createParameters("main")
            parameters["policy"] = "reject"
            try connection.call("CreateStack", parameters)
            try connection.call("Present", ["stack": "main", "screen": Screens.json("modal"), "animated": false])
            let before = try connection.stack("main")
            let presented = try connection.error("Push", ["stack": "main", "screen": Screens.json("x")])
            #expect(presented.name == "io.transitiond.ScreenPresented")
            // The stack's state is at fault; Push has no parameter `operation` for the engine's name.
            #expect(presented.parameters["parameter"] == "stack")
            #expect(try connection.stack("main") == before)
            try connection.call("Dismiss", ["stack": "main"])
            let running = try connection.stack("main")
            let busy = try connection.error("Push", ["stack": "main", "screen": Screens.json("x")])
            #expect(busy.name == "io.transitiond.TransitionInProgress")
            #expect(busy.parameters["parameter"] == "stack")
            #expect(busy.parameters["transitionId"] == running["transition"]?["id"])
            #expect(try connection.stack("main") == running)
        }
        await harness.settle()
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// Under policy retarget, a pop during a push reverses the push, which ends cancelled.
    @Test func retargetReversesTheRunningTransition() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            var parameters = Screens.createParameters("main")
            parameters["policy"] = "retarget"
            try connection.call("CreateStack", parameters)
            try connection.call("Push", ["stack": "main", "screen": Screens.json("detail")])
        }
        await harness.clock.advance(frames: 6)
        try await harness.withConnection { connection throws in
            let pop = try connection.call("Pop", ["stack": "main"])["result"]
            #expect(pop?["outcome"] == "retargeted")
            #expect(pop?["transitionId"] == 1)
            #expect(try connection.stack("main")["transition"]?["reversed"] == true)
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["screens"] == ["home"])
        }
        await harness.shutdown()
    }
}
