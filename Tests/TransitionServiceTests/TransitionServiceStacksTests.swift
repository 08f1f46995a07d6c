import JSON
import Synchronization
import Testing
import TransitionCore
import TransitionEngine
import TransitionTestSupport
import Varlink

@testable import TransitionService

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
        #expect(
            harness.log.all.contains {
                $0.message.hasPrefix("Created stack main") && $0.field("STACK") == "main"
                    && $0.field("EVENT") == "stack-created"
            })
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
            if error == "ScreenExists" { #expect(failure.parameters["screen"] == "a") }
            #expect(try connection.call("ListStacks")["stacks"] == [])
        }
        await harness.shutdown()
    }

    /// A screen nested as deep as a screen may be lies two levels deeper in the stack's stored state than
    /// in the call that sent it; the stack must still be there after a restart.
    @Test func aScreenAsDeepAsAllowedSurvivesARestart() async throws {
        // Push's screen is at depth 3 of the call and each node level adds two (the node and its children
        // array): the frame of the node at level 64 is at depth 132 (at most 256 are read in a call). In
        // the stored state (state, tabs, tab, screens, screen) it is deeper still.
        var node: JSONValue = ["id": .string("n\(Screen.maximumDepth)"), "frame": [0, 0, 1, 1]]
        for level in (1..<Screen.maximumDepth).reversed() {
            node = ["id": .string("n\(level)"), "frame": [0, 0, 2, 2], "children": [node]]
        }
        let deep: JSONValue = ["id": "deep", "root": node]
        let directory = try TemporaryDirectory()
        let first = try ServiceHarness(directory: directory, persistent: true)
        try await first.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Push", ["stack": "main", "screen": deep, "animated": false])
        }
        await first.stop()
        let second = try ServiceHarness(directory: directory, persistent: true)
        #expect(second.engine.restoreProblems.isEmpty)
        try await second.withConnection { connection throws in
            let stack = try connection.call("GetStack", ["name": "main"])["stack"]
            #expect(stack?["screens"] == ["home", "deep"])
            let full = try connection.stack("main")
            #expect(full["screenObjects"]?[1]?["root"]?["id"] == "n1")
        }
        await second.shutdown()
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
        configuration.limits.stacksPerUser = 2
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

    /// A stack holds at most `TransitionEngine.Limits.nodesPerStack` nodes across its screens: a push past it is
    /// LimitExceeded (nodesPerStack) and changes nothing; after a pop there is room again.
    @Test func nodesPerStackIsLimited() async throws {
        // Screens of as many nodes as the format allows, past the default 1,024 a screen.
        var configuration = ServiceConfiguration()
        configuration.limits.nodesPerCall = Screen.maximumNodeCount
        let harness = try ServiceHarness(
            configuration: configuration, engineLimits: TransitionEngine.Limits(nodesPerScreen: Screen.maximumNodeCount)
        )
        try await harness.withConnection { connection throws in
            // Four screens of 4,096 nodes (a view and 4,095 children) fill the budget exactly.
            var create = Screens.createParameters("big")
            create["root"] = Screens.large("s0", nodes: 4_095)
            try connection.call("CreateStack", create)
            for index in 1..<4 {
                try connection.call(
                    "Push", ["stack": "big", "screen": Screens.large("s\(index)", nodes: 4_095), "animated": false])
            }
            let before = try connection.stack("big")
            let error = try connection.error("Push", ["stack": "big", "screen": Screens.json("one-more")])
            #expect(error.name == "io.transitiond.LimitExceeded")
            #expect(error.parameters["limit"] == "nodesPerStack")
            #expect(error.parameters["maximum"] == .number(Double(TransitionEngine.Limits().nodesPerStack)))
            #expect(error.parameters["parameter"] == "screen")
            #expect(try connection.stack("big") == before)
            try connection.call("Pop", ["stack": "big", "animated": false])
            try connection.call("Push", ["stack": "big", "screen": Screens.json("one-more"), "animated": false])
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

/// GetStack of a settled stack, answered on the event-loop thread from the reply the service keeps.
extension TransitionServiceStacksTests {
    /// The kept reply serves a settled stack, is dropped by every change and never kept while a
    /// transition runs; each reply equals what the stack's actor answers.
    @Test func getStackFollowsEveryChange() async throws {
        let harness = try await ServiceHarness.withStack("main")
        let record = try harness.service.stackRecord("main")
        let kept: @Sendable () -> [UInt8]? = { record.reads.withLock { $0.reply(includeScreens: false) } }
        try await harness.withConnection { connection throws in
            let first = try connection.call("GetStack", ["name": "main"])
            #expect(kept() != nil)
            #expect(try connection.call("GetStack", ["name": "main"]) == first)
            try connection.call("Push", ["stack": "main", "screen": Screens.json("detail"), "animated": false])
            #expect(try connection.call("GetStack", ["name": "main"])["stack"]?["screens"] == ["home", "detail"])
            try connection.call("SetRules", ["stack": "main", "rules": [["animator": "fade"]], "policy": "reject"])
            let configured = try connection.call("GetStack", ["name": "main"])["stack"]
            #expect(configured?["rules"]?[0]?["animator"] == "fade")
            #expect(configured?["policy"] == "reject")
            try connection.call("Push", ["stack": "main", "screen": Screens.json("third")])
            let running = try connection.call("GetStack", ["name": "main"])["stack"]
            #expect(running?["transition"]?["toScreen"] == "third")
            #expect(kept() == nil, "a running transition's fraction moves with the clock")
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let settled = try connection.call("GetStack", ["name": "main"])["stack"]
            #expect(settled?["screens"] == ["home", "detail", "third"])
            #expect(settled?["transition"] == nil)
            let detailed = try connection.stack("main")
            #expect(record.reads.withLock { $0.reply(includeScreens: true) } != nil)
            #expect(try connection.stack("main") == detailed)
            #expect(detailed["screenObjects"]?.arrayValue?.count == 3)
            try connection.call("DeleteStack", ["name": "main"])
            #expect(try connection.error("GetStack", ["name": "main"]).name == "io.transitiond.NoSuchStack")
        }
        await harness.shutdown()
    }

    /// Readers on other connections never see a state older than a change that was answered before
    /// they asked: one client pushes screens one by one while others read.
    @Test func readersNeverSeeAStateOlderThanAnAnsweredChange() async throws {
        let harness = try await ServiceHarness.withStack("main")
        let path = harness.path
        let pushes = 40
        // Screens the stack has had since the last answered push (1 before any).
        let answeredDepth = SharedCount(1)
        let stale = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                try await OffPool.run { () -> [String] in
                    let connection = try TestConnection(path: path)
                    defer { connection.close() }
                    var problems: [String] = []
                    for index in 0..<pushes {
                        let screen = Screens.json("p\(index)")
                        try connection.call("Push", ["stack": "main", "screen": screen, "animated": false])
                        answeredDepth.set(index + 2)
                        let depth = try connection.call("GetStack", ["name": "main"])["stack"]?["screens"]?.arrayValue
                        if depth?.count != index + 2 {
                            problems.append("writer after push \(index): \(depth?.count ?? 0)")
                        }
                    }
                    return problems
                }
            }
            for reader in 0..<3 {
                group.addTask {
                    try await OffPool.run { () -> [String] in
                        let connection = try TestConnection(path: path)
                        defer { connection.close() }
                        var problems: [String] = []
                        while true {
                            let floor = answeredDepth.value
                            let stack = try connection.call("GetStack", ["name": "main"])["stack"]
                            let depth = stack?["screens"]?.arrayValue?.count ?? 0
                            if depth < floor { problems.append("reader \(reader): \(depth) screens after \(floor)") }
                            if floor == pushes + 1 { return problems }
                        }
                    }
                }
            }
            var problems: [String] = []
            for try await found in group { problems += found }
            return problems
        }
        #expect(stale == [])
        await harness.shutdown()
    }
}

extension TransitionServiceStacksTests {
    /// GetInfo's url is the manual page the units and the journal catalog name in `Documentation=`
    /// (systemd/transitiond.service: `man:transitiond(8)`), from one constant.
    @Test func getInfoPointsToTheManualPage() async throws {
        let harness = try ServiceHarness()
        let path = harness.path
        let info = try await OffPool.run {
            try VarlinkClient(path: path, timeout: Deadline.failureTimeout).call(method: "org.varlink.service.GetInfo")
        }
        #expect(TransitionService.documentationURL == "man:transitiond(8)")
        #expect(info["url"] == .string(TransitionService.documentationURL))
        #expect(info["interfaces"] == ["org.varlink.service", "io.transitiond"])
        await harness.shutdown()
    }
}

/// A number shared by the threads of a test.
final class SharedCount: Sendable {
    private let storage: Atomic<Int>

    init(_ value: Int) { storage = Atomic(value) }

    var value: Int { storage.load(ordering: .sequentiallyConsistent) }

    func set(_ value: Int) { storage.store(value, ordering: .sequentiallyConsistent) }
}
