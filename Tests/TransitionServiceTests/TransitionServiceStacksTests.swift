import JSON
import Testing
import TransitionEngine
import TransitionService
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

/// CreateStack, DeleteStack, ListStacks, GetStack and SetRules over a real socket.
@Suite struct TransitionServiceStacksTests {
    @Test func createGetListAndDelete() async throws {
        let harness = try ServiceHarness()
        let uid = getuid()
        try await harness.withConnection { connection throws in
            let created = try connection.call("CreateStack", Screens.createParameters("main"))["stack"]
            #expect(created?["name"] == "main")
            #expect(created?["ownerUid"] == .number(Double(uid)))
            #expect(created?["screens"] == ["home"])
            #expect(created?["tabs"] == ["main"])
            #expect(created?["policy"] == "queue")
            #expect(created?["transition"] == nil)
            try connection.call("CreateStack", Screens.createParameters("side", root: "start"))
            let stacks = try connection.call("ListStacks")["stacks"]?.arrayValue ?? []
            #expect(stacks.map { $0["name"] } == ["main", "side"])
            #expect(stacks.first?["topScreen"] == "home")
            #expect(stacks.first?["depth"] == 1)
            #expect(stacks.first?["animating"] == false)
            let withScreens = try connection.stack("main")
            #expect(withScreens["screenObjects"]?[0]?["id"] == "home")
            try connection.call("DeleteStack", ["name": "side"])
            #expect(try connection.call("ListStacks")["stacks"]?.arrayValue?.count == 1)
            let error = try connection.error("GetStack", ["name": "side"])
            #expect(error.name == "io.transitiond.NoSuchStack")
            #expect(error.parameters["stack"] == "side")
            #expect(error.parameters["parameter"] == "name")
        }
        #expect(harness.log.all.contains { $0.message.hasPrefix("Created stack main") && $0.field("STACK") == "main" })
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    @Test func createWithTabsPolicyAndRules() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            let stack = try connection.call(
                "CreateStack",
                [
                    "name": "tabs", "width": 320, "height": 480,
                    "tabs": [
                        ["name": "first", "screens": [Screens.json("a"), Screens.json("b")]],
                        ["name": "second", "screens": [Screens.json("c")]],
                    ],
                    "policy": "reject",
                    "rules": [["operation": "push", "toKind": "detail", "animator": "fade", "interactive": false]],
                ])["stack"]
            #expect(stack?["tabs"] == ["first", "second"])
            #expect(stack?["selectedTab"] == "first")
            #expect(stack?["screens"] == ["a", "b"])
            #expect(stack?["containerWidth"] == 320)
            #expect(stack?["policy"] == "reject")
            #expect(stack?["rules"]?[0]?["animator"] == "fade")
            #expect(stack?["rules"]?[0]?["interactive"] == false)
        }
        await harness.shutdown()
    }

    /// Each rejected CreateStack names its parameter, and nothing is created.
    @Test(
        arguments: [
            (["name": "", "width": 1, "height": 1, "root": Screens.json("a")], "InvalidValue", "name"),
            (["name": "x", "width": 0, "height": 1, "root": Screens.json("a")], "InvalidValue", "width"),
            (["name": "x", "width": 1, "height": -5, "root": Screens.json("a")], "InvalidValue", "height"),
            (["name": "x", "width": 1, "height": 1], "InvalidValue", "root"),
            (
                ["name": "x", "width": 1, "height": 1, "root": Screens.json("a"), "tabs": []] as JSONObject,
                "InvalidValue",
                "root"
            ),
            (["name": "x", "width": 1, "height": 1, "root": ["id": "a"]], "InvalidScreen", "root.nodes"),
            (
                [
                    "name": "x", "width": 1, "height": 1,
                    "root": ["id": "a", "root": ["id": "v", "frame": [0, 0, -1, 1]]],
                ],
                "InvalidScreen", "root.root.frame"
            ),
            (["name": "x", "width": 1, "height": 1, "tabs": []], "InvalidValue", "tabs"),
            (
                ["name": "x", "width": 1, "height": 1, "tabs": [["name": "t", "screens": []]]] as JSONObject,
                "InvalidValue", "tabs[0].screens"
            ),
            (
                [
                    "name": "x", "width": 1, "height": 1,
                    "tabs": [
                        ["name": "t", "screens": [Screens.json("a")]], ["name": "t", "screens": [Screens.json("b")]],
                    ],
                ] as JSONObject, "InvalidValue", "tabs[1].name"
            ),
            (
                [
                    "name": "x", "width": 1, "height": 1,
                    "tabs": [
                        ["name": "t", "screens": [Screens.json("a")]], ["name": "u", "screens": [Screens.json("a")]],
                    ],
                ] as JSONObject, "ScreenExists", "tabs[1].screens[0]"
            ),
            (
                ["name": "x", "width": 1, "height": 1, "root": Screens.json("a"), "rules": [["animator": "nope"]]],
                "NoSuchAnimator", "rules[0].animator"
            ),
            (
                ["name": "x", "width": 1, "height": 1, "root": Screens.json("a"), "policy": "sometimes"],
                "InvalidParameter", "policy"
            ),
            (["name": "x", "width": "wide", "height": 1, "root": Screens.json("a")], "InvalidParameter", "width"),
            (
                ["name": "x", "width": 1, "height": 1, "tabs": [["name": "t", "screens": [["id": "a"]]]]] as JSONObject,
                "InvalidScreen", "tabs[0].screens[0].nodes"
            ),
        ] as [(JSONObject, String, String)])
    func createRejects(parameters: JSONObject, error: String, parameter: String) async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            let failure = try connection.error("CreateStack", parameters)
            #expect(failure.name.hasSuffix("." + error))
            #expect(failure.parameters["parameter"]?.stringValue == parameter)
            #expect(try connection.call("ListStacks")["stacks"] == [])
        }
        await harness.shutdown()
    }

    @Test func createRejectsAnExistingName() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let before = try connection.stack("main")
            let error = try connection.error("CreateStack", Screens.createParameters("main", root: "other"))
            #expect(error.name == "io.transitiond.StackExists")
            #expect(error.parameters["stack"] == "main")
            #expect(try connection.stack("main") == before)
        }
        await harness.shutdown()
    }

    @Test func stacksPerUserIsLimited() async throws {
        var configuration = ServiceConfiguration()
        configuration.maximumStacksPerUser = 2
        let harness = try ServiceHarness(configuration: configuration)
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("a"))
            try connection.call("CreateStack", Screens.createParameters("b"))
            let error = try connection.error("CreateStack", Screens.createParameters("c"))
            #expect(error.name == "io.transitiond.LimitExceeded")
            #expect(error.parameters["limit"] == "stacksPerUser")
            #expect(error.parameters["maximum"] == 2)
            try connection.call("DeleteStack", ["name": "a"])
            try connection.call("CreateStack", Screens.createParameters("c"))
        }
        await harness.shutdown()
    }

    @Test func setRulesReplacesRulesAndPolicy() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let result = try connection.call(
                "SetRules",
                ["stack": "main", "rules": [["operation": "push", "animator": "zoom"]], "policy": "retarget"]
            )["result"]
            #expect(result?["outcome"] == "completed")
            let stack = try connection.stack("main")
            #expect(stack["policy"] == "retarget")
            #expect(stack["rules"]?[0]?["animator"] == "zoom")
            #expect(stack["rules"]?[0]?["operation"] == "push")
            let before = try connection.stack("main")
            let unknown = try connection.error("SetRules", ["stack": "main", "rules": [["animator": "nope"]]])
            #expect(unknown.name == "io.transitiond.NoSuchAnimator")
            #expect(unknown.parameters["parameter"] == "rules[0].animator")
            let missing = try connection.error("SetRules", ["stack": "none", "rules": []])
            #expect(missing.name == "io.transitiond.NoSuchStack")
            #expect(try connection.stack("main") == before)
        }
        await harness.shutdown()
    }

    /// An unknown method, or parameters that break the IDL's types, get the standard errors.
    @Test func standardErrors() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            let unknown = try connection.client.callExpectingError(method: "io.transitiond.Fly")
            #expect(unknown.name == "org.varlink.service.MethodNotFound")
            let extra = try connection.error("GetStack", ["name": "main", "colour": "red"])
            #expect(extra.name == "org.varlink.service.InvalidParameter")
            #expect(extra.parameters["parameter"] == "colour")
            let missing = try connection.error("GetStack", [:])
            #expect(missing.parameters["parameter"] == "name")
        }
        await harness.shutdown()
    }
}

extension VarlinkClient {
    /// Calls `method` and returns its error reply (an issue is recorded when it succeeds).
    func callExpectingError(method: String, parameters: JSONObject = [:]) throws -> VarlinkError {
        do {
            let reply = try call(method: method, parameters: parameters)
            Issue.record("\(method) succeeded with \(reply)")
            return VarlinkError(name: "none")
        } catch let error as VarlinkError {
            return error
        }
    }
}
