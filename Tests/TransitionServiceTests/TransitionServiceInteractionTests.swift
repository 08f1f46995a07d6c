import JSON
import Testing
import TransitionEngine
import TransitionTestSupport
import Varlink

@testable import TransitionService

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
        let released = await Deadline.eventually {
            let state = try? await harness.withConnection { connection throws in try connection.stack("main") }
            return state?["transition"]?["interactive"] == false
        }
        #expect(released)
        await harness.settle()
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("main")["screens"] == .array(screens))
        }
        #expect(
            harness.log.all.contains {
                $0.field("ON_DISCONNECT") == rule && $0.field("STACK") == "main"
                    && $0.field("EVENT") == "interaction-abandoned"
            })
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
        let connection = try await OffPool.run { try TestConnection(path: path) }
        try await OffPool.run {
            try connection.call("BeginInteractive", ["stack": "main", "operation": "pop", "onDisconnect": "finish"])
            try connection.call("UpdateInteractive", ["stack": "main", "fraction": 0.9])
        }
        harness.service.beginShutdown()
        await harness.service.releaseInteractions()
        await harness.settle()
        let stack = try await harness.withConnection { connection throws in try connection.stack("main") }
        #expect(stack["screens"] == ["home"])
        let refused = try await OffPool.run {
            try connection.error("Push", ["stack": "main", "screen": Screens.json("x")])
        }
        #expect(refused.name == "io.transitiond.ShuttingDown")
        connection.close()
        await harness.shutdown()
    }
}

/// Oneway UpdateInteractive streams: the latest fraction of each stack wins, none is lost, errors are
/// not replied, and a client's calls take effect in the order it sent them.
extension TransitionServiceInteractionTests {
    /// Stacks s0… with screens home and detail and an interactive pop begun on each, by a connection of
    /// its own that stays open (a driver that leaves would cancel its gesture).
    static func gestures(_ harness: ServiceHarness, count: Int) async throws -> [TestConnection] {
        let path = harness.path
        return try await OffPool.run {
            try (0..<count).map { index in
                let connection = try TestConnection(path: path)
                let name = JSONValue.string("s\(index)")
                try connection.call("CreateStack", Screens.createParameters("s\(index)"))
                try connection.call("Push", ["stack": name, "screen": Screens.json("detail"), "animated": false])
                try connection.call("BeginInteractive", ["stack": name, "operation": "pop"])
                return connection
            }
        }
    }

    /// Bursts of oneway updates on many stacks at once, with no call after them on those stacks: each
    /// stack ends at the last fraction its client sent, applied by the mailbox's drain alone.
    @Test func theLastOnewayUpdateOfEveryStackIsApplied() async throws {
        let harness = try ServiceHarness()
        let count = 8
        let drivers = try await Self.gestures(harness, count: count)
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("other"))
        }
        let finals = (0..<count).map { 0.1 + 0.1 * Double($0) }
        try await OffPool.run {
            for round in 0..<200 {
                for (index, connection) in drivers.enumerated() {
                    let fraction = Double((round * 7 + index) % 100) / 100
                    try connection.oneway(
                        "UpdateInteractive", ["stack": .string("s\(index)"), "fraction": .number(fraction)])
                }
            }
            for (index, connection) in drivers.enumerated() {
                try connection.oneway(
                    "UpdateInteractive", ["stack": .string("s\(index)"), "fraction": .number(finals[index])])
                // Answered after every call before it was dispatched; it touches none of the gestures.
                try connection.call("GetStack", ["name": "other"])
            }
        }
        let records = try (0..<count).map { try harness.service.stackRecord("s\($0)") }
        let applied = await Deadline.eventually {
            records.allSatisfy { record in record.interaction.withLock { $0.pendingFraction == nil && !$0.inMailbox } }
        }
        #expect(applied, "a stack kept an update nobody applied")
        for (index, record) in records.enumerated() {
            let fraction = await record.actor.transitionStatus?.fraction
            #expect(fraction == finals[index], "stack s\(index)")
        }
        for connection in drivers { connection.close() }
        await harness.shutdown()
    }

    /// Oneway updates that fail are never answered: the next answered call on the connection gets its
    /// own reply, and the stacks are unchanged.
    @Test func failedOnewayUpdatesAreNotAnswered() async throws {
        let harness = try ServiceHarness()
        try await Self.stackWithTwoScreens(harness)
        try await harness.withConnection { connection throws in
            let before = try connection.stack("main")
            try connection.oneway("UpdateInteractive", ["stack": "nope", "fraction": 0.5])
            try connection.oneway("UpdateInteractive", ["stack": "main", "fraction": 2])
            // Not interactive: only the drain, inside the actor, finds out.
            try connection.oneway("UpdateInteractive", ["stack": "main", "fraction": 0.5])
            let listed = try connection.call("ListStacks")
            #expect(listed["stacks"]?.arrayValue?.count == 1)
            #expect(try connection.stack("main") == before)
            let answered = try connection.error("UpdateInteractive", ["stack": "main", "fraction": 0.5])
            #expect(answered.name == "io.transitiond.NoTransition")
        }
        await harness.shutdown()
    }

    /// Pipelined oneway and answered updates on two stacks over one connection: each stack ends at the
    /// last update sent to it, whichever kind it was, and each reading call sees the updates sent
    /// before it.
    @Test func onewayAndAnsweredUpdatesKeepTheirOrder() async throws {
        let harness = try ServiceHarness()
        let drivers = try await Self.gestures(harness, count: 2)
        let path = harness.path
        let fractions = try await OffPool.run { () -> [Double?] in
            let client = try VarlinkClient(path: path, timeout: Deadline.failureTimeout)
            defer { client.close() }
            func update(_ stack: String, _ fraction: Double, oneway: Bool) -> VarlinkCall {
                VarlinkCall(
                    method: "io.transitiond.UpdateInteractive",
                    parameters: ["stack": .string(stack), "fraction": .number(fraction)], oneway: oneway)
            }
            func read(_ stack: String) -> VarlinkCall {
                VarlinkCall(method: "io.transitiond.GetStack", parameters: ["name": .string(stack)])
            }
            func takeOver(_ stack: String) -> VarlinkCall {
                VarlinkCall(method: "io.transitiond.TakeOverInteraction", parameters: ["stack": .string(stack)])
            }
            // Root takes the gestures over first: oneway updates from a connection that does not drive
            // are dropped.
            let calls = [
                takeOver("s0"), takeOver("s1"),
                update("s0", 0.1, oneway: true), update("s1", 0.2, oneway: true), update("s0", 0.5, oneway: true),
                read("s0"),
                update("s1", 0.6, oneway: false), update("s1", 0.7, oneway: true), read("s1"),
                update("s0", 0.3, oneway: true), update("s0", 0.4, oneway: false), read("s0"),
                update("s1", 0.8, oneway: false), update("s1", 0.25, oneway: true), read("s1"),
            ]
            for call in calls { try client.send(call) }
            var fractions: [Double?] = []
            for call in calls where !call.oneway {
                let reply = try client.receiveReply()
                #expect(reply.error == nil, "\(call.method): \(reply)")
                fractions.append(reply.parameters["stack"]?["transition"]?["fraction"]?.doubleValue)
            }
            return fractions
        }
        // Replies of the takeovers, GetStack and the answered updates (no fraction but GetStack's), in call
        // order.
        #expect(fractions == [nil, nil, 0.5, nil, 0.7, nil, 0.4, nil, 0.25])
        for connection in drivers { connection.close() }
        await harness.shutdown()
    }
}
