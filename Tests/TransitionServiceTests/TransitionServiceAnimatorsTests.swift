import JSON
import Testing
import TransitionEngine
import TransitionTestSupport
import Varlink

@testable import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// ListAnimators, DefineAnimator and GetStats.
@Suite struct TransitionServiceAnimatorsTests {
    /// A cross-fade for push and pop, 0.2 s (docs/animators.md's format).
    static let crossFade: JSONValue = [
        "name": "crossFade", "summary": "fades",
        "variants": [
            "push": [
                "duration": 0.2, "setup": [["target": "to", "property": "alpha", "value": 0]],
                "phases": [["duration": 0.2, "tracks": [["target": "to", "property": "alpha", "to": 1]]]],
            ],
            "pop": [
                "duration": 0.2, "layers": ["to", "from"],
                "phases": [["duration": 0.2, "tracks": [["target": "from", "property": "alpha", "to": 0]]]],
            ],
        ],
    ]

    /// A fade for push only, named `name`.
    static func pushFade(_ name: String) -> JSONValue {
        [
            "name": .string(name),
            "variants": [
                "push": [
                    "duration": 0.2, "setup": [["target": "to", "property": "alpha", "value": 0]],
                    "phases": [["duration": 0.2, "tracks": [["target": "to", "property": "alpha", "to": 1]]]],
                ]
            ],
        ]
    }

    /// Definitions of one user that run at once cannot pass its limit together: each holds its room
    /// while it is checked and stored, so of eight sent at once on eight connections, two are defined.
    @Test func animatorsDefinedAtOnceStayWithinTheUsersLimit() async throws {
        var configuration = ServiceConfiguration()
        configuration.limits.animatorsPerUser = 2
        let harness = try ServiceHarness(configuration: configuration)
        let path = harness.path
        let replies = try await OffPool.run { () -> [VarlinkReply] in
            let clients = try (0..<8).map { _ in try VarlinkClient(path: path, timeout: Deadline.failureTimeout) }
            defer { clients.forEach { $0.close() } }
            for (index, client) in clients.enumerated() {
                var animator = Self.crossFade.objectValue ?? [:]
                animator["name"] = .string("atOnce\(index)")
                try client.send(
                    VarlinkCall(method: "io.transitiond.DefineAnimator", parameters: ["animator": .object(animator)]))
            }
            return try clients.map { try $0.receiveReply() }
        }
        #expect(replies.count { $0.error == nil } == 2)
        for reply in replies where reply.error != nil {
            #expect(reply.error == "io.transitiond.LimitExceeded")
            #expect(reply.parameters["limit"] == "animatorsPerUser")
        }
        try await harness.withConnection { connection throws in
            let names = try connection.call("ListAnimators")["animators"]?.arrayValue?.compactMap {
                $0["name"]?.stringValue
            }
            #expect(names?.count { $0.hasPrefix("atOnce") } == 2)
        }
        await harness.shutdown()
    }

    @Test func listsTheBuiltins() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            let animators = try connection.call("ListAnimators")["animators"]?.arrayValue ?? []
            let names = animators.compactMap { $0["name"]?.stringValue }
            #expect(names == ["fade", "magicMove", "none", "pageTurn", "resize", "slide", "slideUp", "zoom"])
            #expect(animators.allSatisfy { $0["builtin"] == true })
            #expect(animators.first { $0["name"] == "slideUp" }?["operations"] == ["present", "dismiss"])
            // Every built-in that moves declares its reduced variants; fade and none have nothing to reduce.
            #expect(animators.first { $0["name"] == "zoom" }?["reducedOperations"] == ["push", "pop"])
            #expect(animators.first { $0["name"] == "fade" }?["reducedOperations"] == [])
            #expect(animators.allSatisfy { $0["presentation"] == false })
            let sheet = try JSONReader.parse(
                try #require(TextFile.read(RepositoryFiles.path("etc/animators/sheet.json"))))
            try connection.call("DefineAnimator", ["animator": sheet])
            let listed = try connection.call("ListAnimators")["animators"]?.arrayValue ?? []
            let defined = try #require(listed.first { $0["name"] == "sheet" })
            #expect(defined["presentation"] == true && defined["builtin"] == false, "\(defined)")
            #expect(defined["reducedOperations"] == [], "\(defined)")
        }
        await harness.shutdown()
    }

    /// The service keeps no animators of its own: one the engine gains by any path is at once accepted in
    /// a call and listed (the listing is rebuilt when the engine's animator generation moved).
    @Test func theServicesAnimatorsAreTheEngines() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            let before = try connection.call("ListAnimators")
            #expect(before["animators"]?.arrayValue?.contains { $0["name"] == "engineOnly" } == false)
        }
        let generation = harness.engine.animatorGeneration
        try harness.engine.defineAnimator(
            try ModelDecoding.animator(Self.pushFade("engineOnly"), path: "animator"))
        #expect(harness.engine.animatorGeneration == generation + 1)
        try await harness.withConnection { connection throws in
            let listed = try connection.call("ListAnimators")["animators"]?.arrayValue ?? []
            #expect(listed.first { $0["name"] == "engineOnly" }?["builtin"] == false)
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Push", ["stack": "main", "screen": Screens.json("a"), "animator": "engineOnly"])
            #expect(try connection.stack("main")["transition"]?["animator"] == "engineOnly")
        }
        await harness.settle()
        await harness.shutdown()
    }

    @Test func defineUseAndRedefine() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            let defined = try connection.call("DefineAnimator", ["animator": Self.crossFade])
            #expect(defined["name"] == "crossFade")
            #expect(defined["operations"] == ["push", "pop"])
            let listed = try connection.call("ListAnimators")["animators"]?.arrayValue ?? []
            #expect(listed.first { $0["name"] == "crossFade" }?["builtin"] == false)
            let again = try connection.error("DefineAnimator", ["animator": Self.crossFade])
            #expect(again.name == "io.transitiond.AnimatorExists")
            #expect(again.parameters["animator"] == "crossFade")
            try connection.call("DefineAnimator", ["animator": Self.crossFade, "replace": true])
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Push", ["stack": "main", "screen": Screens.json("a"), "animator": "crossFade"])
            #expect(try connection.stack("main")["transition"]?["animator"] == "crossFade")
        }
        await harness.settle()
        await harness.shutdown()
    }

    @Test(
        arguments: [
            (["name": "slide", "variants": ["push": ["duration": 1]]], "InvalidAnimator", "animator.name"),
            (["name": "has space", "variants": ["push": ["duration": 1]]], "InvalidAnimator", "animator.name"),
            (["name": "empty", "variants": [:]], "InvalidAnimator", "animator.variants"),
            (["name": "x", "variants": ["spin": ["duration": 1]]], "InvalidAnimator", "animator.variants.spin"),
            (["name": "x"], "InvalidAnimator", "animator.variants"),
            (
                ["name": "x", "variants": ["push": ["duration": 1, "layers": ["from"]]]] as JSONValue,
                "InvalidAnimator",
                "animator.variants.push.layers"
            ),
        ] as [(JSONValue, String, String)])
    func defineRejects(animator: JSONValue, error: String, parameter: String) async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            let before = try connection.call("ListAnimators")
            let failure = try connection.error("DefineAnimator", ["animator": animator])
            #expect(failure.name == "io.transitiond." + error)
            #expect(failure.parameters["parameter"]?.stringValue == parameter, "\(failure)")
            #expect(try connection.call("ListAnimators") == before)
        }
        await harness.shutdown()
    }

    @Test func statisticsOfTheDaemonAndOfOneStack() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("CreateStack", Screens.createParameters("other"))
            try connection.call("Push", ["stack": "main", "screen": Screens.json("a")])
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let daemon = try connection.call("GetStats")["statistics"]
            #expect(daemon?["stacks"] == 2)
            #expect(daemon?["transitionsBegun"] == 1)
            #expect(daemon?["transitionsCompleted"] == 1)
            #expect(daemon?["clients"] == 1)
            #expect(daemon?["framesPerSecond"] == 60)
            #expect(daemon?["idleTicks"] == 0)
            #expect(daemon?["plansCompiled"] == 1)
            #expect(daemon?["plansReused"] == 0)
            let stack = try connection.call("GetStats", ["stack": "other"])["statistics"]
            #expect(stack?["stacks"] == 1)
            #expect(stack?["transitionsBegun"] == 0)
            #expect(stack?["plansCompiled"] == 1, "the plans' figures are the daemon's")
            let missing = try connection.error("GetStats", ["stack": "none"])
            #expect(missing.name == "io.transitiond.NoSuchStack")
        }
        await harness.shutdown()
    }

    /// An animator as large as a call allows (here 4 MiB) is kept as it was sent and restored whole, even
    /// past the JSON reader's default size.
    @Test func anAnimatorLargerThanTheReadersDefaultSurvivesARestart() async throws {
        var configuration = ServiceConfiguration()
        configuration.maximumMessageBytes = 4 << 20
        configuration.limits.animatorBytes = 4 << 20
        var members = Self.crossFade.objectValue ?? [:]
        members["notes"] = .array(Array(repeating: .string(String(repeating: "n", count: 50_000)), count: 30))
        let animator = JSONValue.object(members)
        let directory = try TemporaryDirectory()
        let first = try ServiceHarness(configuration: configuration, directory: directory, persistent: true)
        try await first.withConnection { connection throws in
            try connection.call("DefineAnimator", ["animator": animator])
        }
        await first.stop()
        let second = try ServiceHarness(configuration: configuration, directory: directory, persistent: true)
        #expect(second.engine.animators.map(\.name).contains("crossFade"))
        await second.shutdown()
    }

    /// Owners and defined animators survive a restart on the same state directory.
    @Test func ownersAndAnimatorsArePersisted() async throws {
        let directory = try TemporaryDirectory()
        let first = try ServiceHarness(directory: directory, persistent: true)
        try await first.withConnection { connection throws in
            try connection.call("DefineAnimator", ["animator": Self.crossFade])
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call(
                "SetRules", ["stack": "main", "rules": [["operation": "push", "animator": "crossFade"]]])
        }
        await first.stop()
        let second = try ServiceHarness(directory: directory, persistent: true)
        try await second.withConnection { connection throws in
            let stack = try connection.stack("main")
            #expect(stack["ownerUid"] == .number(Double(getuid())))
            #expect(stack["rules"]?[0]?["animator"] == "crossFade")
            try connection.call("Push", ["stack": "main", "screen": Screens.json("a")])
            #expect(try connection.stack("main")["transition"]?["animator"] == "crossFade")
        }
        await second.settle()
        await second.shutdown()
    }
}
