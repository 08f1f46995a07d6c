import JSON
import Testing
import TransitionEngine
import TransitionService
import Varlink

/// BeginInteractive, UpdateInteractive (with and without oneway), FinishInteractive, CancelInteractive,
/// the disconnect rules, and Pause, Resume, Reverse and Scrub.
@Suite struct TransitionServiceInteractionTests {
    /// A stack "main" with screens home and detail, idle.
    static func stackWithTwoScreens(_ harness: ServiceHarness) async throws {
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Push", ["stack": "main", "screen": Screens.json("detail"), "animated": false])
        }
    }

    @Test func aGestureDrivesAPopThenFinishes() async throws {
        let harness = try ServiceHarness()
        try await Self.stackWithTwoScreens(harness)
        try await harness.withConnection { connection throws in
            let begun = try connection.call("BeginInteractive", ["stack": "main", "operation": "pop"])["result"]
            #expect(begun?["outcome"] == "started")
            let state = try connection.stack("main")
            #expect(state["transition"]?["interactive"] == true)
            #expect(state["transition"]?["paused"] == true)
            #expect(state["transition"]?["toScreen"] == "home")
            try connection.call("UpdateInteractive", ["stack": "main", "fraction": 0.25])
            #expect(try connection.stack("main")["transition"]?["fraction"] == 0.25)
            // Oneway updates coalesce; the next call on the stack sees the latest.
            for fraction in [0.3, 0.4, 0.6] {
                try connection.oneway("UpdateInteractive", ["stack": "main", "fraction": .number(fraction)])
            }
            #expect(try connection.stack("main")["transition"]?["fraction"] == 0.6)
            let busy = try connection.error("Pause", ["stack": "main"])
            #expect(busy.name == "io.transitiond.TransitionInProgress")
            #expect(busy.parameters["transitionId"] == begun?["transitionId"])
            let queued = try connection.error("BeginInteractive", ["stack": "main", "operation": "pop"])
            #expect(queued.name == "io.transitiond.TransitionInProgress")
            try connection.call("FinishInteractive", ["stack": "main", "velocity": 0.5, "completionCurve": "linear"])
            let released = try connection.stack("main")
            #expect(released["transition"]?["interactive"] == false)
            let notInteractive = try connection.error("UpdateInteractive", ["stack": "main", "fraction": 0.7])
            #expect(notInteractive.name == "io.transitiond.NotInteractive")
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["screens"] == ["home"])
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    @Test func cancelLeavesTheStackAsItWas() async throws {
        let harness = try ServiceHarness()
        try await Self.stackWithTwoScreens(harness)
        let before = try await harness.withConnection { connection throws in try connection.stack("main") }
        try await harness.withConnection { connection throws in
            try connection.call(
                "BeginInteractive", ["stack": "main", "operation": "push", "screen": Screens.json("next")])
            try connection.call("UpdateInteractive", ["stack": "main", "fraction": 0.8])
            try connection.call("CancelInteractive", ["stack": "main", "velocity": -2])
        }
        await harness.settle()
        try await harness.withConnection { connection throws in #expect(try connection.stack("main") == before) }
        await harness.shutdown()
    }

    @Test func rulesCanForbidInteraction() async throws {
        let harness = try ServiceHarness()
        try await Self.stackWithTwoScreens(harness)
        try await harness.withConnection { connection throws in
            try connection.call(
                "SetRules",
                ["stack": "main", "rules": [["operation": "pop", "animator": "slide", "interactive": false]]])
            let before = try connection.stack("main")
            let error = try connection.error("BeginInteractive", ["stack": "main", "operation": "pop"])
            #expect(error.name == "io.transitiond.InteractionNotAllowed")
            #expect(error.parameters["parameter"] == "rules[0].interactive")
            #expect(try connection.stack("main") == before)
        }
        await harness.shutdown()
    }

    /// The connection that began an interactive transition closes: its onDisconnect rule applies.
    @Test(arguments: [("cancel", ["home", "detail"]), ("finish", ["home"])] as [(String, [JSONValue])])
    func theDriverLeaving(rule: String, screens: [JSONValue]) async throws {
        let harness = try ServiceHarness()
        try await Self.stackWithTwoScreens(harness)
        try await harness.withConnection { connection throws in
            try connection.call(
                "BeginInteractive", ["stack": "main", "operation": "pop", "onDisconnect": .string(rule)])
            try connection.oneway("UpdateInteractive", ["stack": "main", "fraction": 0.5])
        }
        let released = await waitUntil {
            let state = try? await harness.withConnection { connection throws in try connection.stack("main") }
            return state?["transition"]?["interactive"] == false
        }
        #expect(released)
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["screens"] == .array(screens))
        }
        #expect(harness.log.all.contains { $0.field("OPERATION") == rule && $0.field("STACK") == "main" })
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    @Test func pauseScrubReverseAndResume() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Push", ["stack": "main", "screen": Screens.json("detail")])
        }
        await harness.clock.advance(frames: 6)
        try await harness.withConnection { connection throws in
            let running = try connection.error("Scrub", ["stack": "main", "fraction": 0.5])
            #expect(running.name == "io.transitiond.TransitionNotPaused")
            try connection.call("Pause", ["stack": "main"])
            #expect(try connection.stack("main")["transition"]?["paused"] == true)
            try connection.call("Scrub", ["stack": "main", "fraction": 0.5])
            #expect(try connection.stack("main")["transition"]?["fraction"] == 0.5)
            try connection.call("Reverse", ["stack": "main"])
            #expect(try connection.stack("main")["transition"]?["reversed"] == true)
            try connection.call("Resume", ["stack": "main"])
            #expect(try connection.stack("main")["transition"]?["paused"] == false)
        }
        await harness.settle()
        try await harness.withConnection { connection throws in
            let stack = try connection.stack("main")
            #expect(stack["screens"] == ["home"])
            #expect(stack["transition"] == nil)
        }
        await harness.shutdown()
    }

    /// Stopping releases gestures by their drivers' rules.
    @Test func releaseInteractionsAppliesTheRules() async throws {
        let harness = try ServiceHarness()
        try await Self.stackWithTwoScreens(harness)
        let path = harness.path
        let connection = try await offPool { try TestConnection(path: path) }
        try await offPool {
            try connection.call("BeginInteractive", ["stack": "main", "operation": "pop", "onDisconnect": "finish"])
            try connection.call("UpdateInteractive", ["stack": "main", "fraction": 0.9])
        }
        harness.service.beginShutdown()
        await harness.service.releaseInteractions()
        await harness.settle()
        let stack = try await harness.withConnection { connection throws in try connection.stack("main") }
        #expect(stack["screens"] == ["home"])
        let refused = try await offPool {
            try connection.error("Push", ["stack": "main", "screen": Screens.json("x")])
        }
        #expect(refused.name == "io.transitiond.ShuttingDown")
        connection.close()
        await harness.shutdown()
    }
}
