import JSON
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

/// Subscribe with `stacks`: several stacks' frames and events on one call, the end of the call when its
/// stacks are deleted or one of them fails, and the checks that leave nothing subscribed.
@Suite struct TransitionServiceSubscribeStacksTests {
    /// The stack a reply is about: its frame's or its event's `stack`.
    static func stack(of reply: JSONObject) -> String? {
        (reply["frame"]?["stack"] ?? reply["event"]?["stack"])?.stringValue
    }

    @Test func oneCallStreamsEveryNamedStack() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            for name in ["a", "b", "c"] { try connection.call("CreateStack", Screens.createParameters(name)) }
        }
        let path = harness.path
        let subscriber = try await OffPool.run { try Subscriber(path: path, stacks: ["a", "b"]) }
        #expect(await Deadline.eventually { harness.service.streamCount == 2 })
        try await harness.withConnection { connection throws in
            for name in ["a", "b", "c"] {
                try connection.call("Push", ["stack": .string(name), "screen": Screens.json("detail")])
            }
        }
        await harness.settle()
        // Read until each stack's settled frame after its stackChanged.
        let replies = try await OffPool.run { () -> [JSONObject] in
            var changed: Set<String> = []
            var settled: Set<String> = []
            var replies: [JSONObject] = []
            while settled.count < 2, let reply = try subscriber.next() {
                replies.append(reply)
                guard let stack = Self.stack(of: reply) else { continue }
                if reply["event"]?["kind"] == "stackChanged" { changed.insert(stack) }
                if changed.contains(stack), reply["frame"]?["transition"]?.isNull == true { settled.insert(stack) }
            }
            return replies
        }
        // Every reply says its stack, and only the named stacks are streamed.
        #expect(replies.allSatisfy { Self.stack(of: $0) == "a" || Self.stack(of: $0) == "b" })
        for name in ["a", "b"] {
            let own = replies.filter { Self.stack(of: $0) == name }
            let frames = own.compactMap { $0["frame"] }.count
            let missed = own.compactMap { $0["framesMissed"]?.intValue }.reduce(0, +)
            // Each stack counted on its own: its settled frame before the push, 18 frames of the 0.3 s slide
            // at 60 Hz (the last at its end), then its settled frame.
            #expect(frames + missed == 20, "stack \(name)")
            let timeline = Subscriber.timeline(own)
            #expect(timeline.hasPrefix("settled began "), "stack \(name)")
            #expect(timeline.hasSuffix(" completed stackChanged settled"), "stack \(name)")
        }
        subscriber.close()
        #expect(await Deadline.eventually { harness.service.streamCount == 0 })
        await harness.shutdown()
    }

    @Test func aDeletedStackEndsItsPartAndTheLastOneEndsTheCall() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            for name in ["a", "b"] { try connection.call("CreateStack", Screens.createParameters(name)) }
        }
        let path = harness.path
        let subscriber = try await OffPool.run { try Subscriber(path: path, stacks: ["a", "b"]) }
        _ = try await OffPool.run { try [subscriber.next(), subscriber.next()] }
        try await harness.withConnection { connection throws in try connection.call("DeleteStack", ["name": "a"]) }
        let deleted = try await OffPool.run { try subscriber.read(untilEvent: "stackDeleted") }
        #expect(deleted.last?["event"]?["stack"] == "a")
        #expect(await Deadline.eventually { harness.service.streamCount == 1 })
        // The call goes on for b.
        try await harness.withConnection { connection throws in
            try connection.call("Push", ["stack": "b", "screen": Screens.json("detail"), "animated": false])
        }
        let changed = try await OffPool.run { try subscriber.read(untilEvent: "stackChanged") }
        #expect(changed.last?["event"]?["stack"] == "b")
        try await harness.withConnection { connection throws in try connection.call("DeleteStack", ["name": "b"]) }
        let rest = try await OffPool.run { try subscriber.readToEnd() }
        // b's stackDeleted is the call's last reply.
        #expect(rest.last?["event"]?["kind"] == "stackDeleted")
        #expect(rest.last?["event"]?["stack"] == "b")
        #expect(await Deadline.eventually { harness.service.streamCount == 0 })
        #expect(await Deadline.eventually { harness.service.readStreamCount == 0 })
        subscriber.close()
        await harness.shutdown()
    }

    /// A client that leaves while its call streams several stacks lets go of the call, its streams and its
    /// connection: nothing the service keeps holds them afterwards (a call and its streams that held each
    /// other once kept every such connection, with its buffers, for the daemon's life).
    @Test func aClientThatLeavesLetsGoOfItsCall() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            for name in ["a", "b"] { try connection.call("CreateStack", Screens.createParameters(name)) }
        }
        let service = harness.service.makeVarlinkService(version: "test")
        weak var released: VarlinkRecordingTransport?
        do {
            let transport = VarlinkRecordingTransport()
            released = transport
            let call = VarlinkCall(
                method: "io.transitiond.Subscribe", parameters: ["stacks": ["a", "b"]], more: true)
            service.handle(transport.makeContext(for: call))
            #expect(await Deadline.eventually { harness.service.streamCount == 2 })
            #expect(await Deadline.eventually { transport.replies.count >= 2 })
            transport.close()
        }
        #expect(await Deadline.eventually { harness.service.streamCount == 0 })
        #expect(await Deadline.eventually { harness.service.readStreamCount == 0 })
        #expect(await Deadline.eventually { released == nil }, "the call or a stream still holds the connection")
        await harness.shutdown()
    }

    /// A subscriber too far behind on one stack's events loses the whole call: the error ends it, and the
    /// other stack's subscription goes too.
    @Test func fallingBehindOnOneStackEndsTheCallForEveryStack() async throws {
        var configuration = ServiceConfiguration()
        configuration.subscriberEventCapacity = 4
        let harness = try ServiceHarness(configuration: configuration)
        try await harness.withConnection { connection throws in
            var parameters = Screens.createParameters("busy")
            parameters["root"] = Screens.large("big", nodes: 600)
            try connection.call("CreateStack", parameters)
            try connection.call("CreateStack", Screens.createParameters("quiet"))
        }
        let path = harness.path
        let subscriber = try await OffPool.run { try Subscriber(path: path, stacks: ["busy", "quiet"]) }
        #expect(await Deadline.eventually { harness.service.streamCount == 2 })
        try await harness.withConnection { connection throws in
            for index in 0..<20 {
                try connection.call(
                    "Push", ["stack": "busy", "screen": Screens.large("s\(index)", nodes: 600), "animated": false])
            }
        }
        #expect(await Deadline.eventually { harness.service.streamCount == 0 })
        let outcome = try await OffPool.run { () -> VarlinkError? in
            do {
                while try subscriber.next() != nil {}
                return nil
            } catch let error as VarlinkError {
                return error
            }
        }
        #expect(outcome?.name == "io.transitiond.LimitExceeded")
        #expect(outcome?.parameters["limit"] == "subscriberEvents")
        await harness.clock.advance(frames: 1)
        #expect(await Deadline.eventually { harness.service.readStreamCount == 0 })
        #expect(try await harness.engine.stack("quiet").subscriberCount == 0)
        subscriber.close()
        await harness.shutdown()
    }

    /// Each fault in `stack`/`stacks` is a named error naming the parameter, and nothing is subscribed:
    /// no stream, and no subscription left on a stack the call named before the faulty one.
    @Test func faultyStacksSubscribeNothing() async throws {
        var configuration = ServiceConfiguration()
        configuration.limits.subscriptionsPerUser = 3
        let harness = try ServiceHarness(
            configuration: configuration, engineLimits: TransitionEngine.Limits(subscribersPerStack: 1))
        try await harness.withConnection { connection throws in
            for name in ["a", "b", "c", "d"] { try connection.call("CreateStack", Screens.createParameters(name)) }
        }
        let path = harness.path
        let holder = try await OffPool.run { try Subscriber(path: path, stack: "d") }
        _ = try await OffPool.run { try holder.next() }
        let cases: [(JSONObject, String, String)] = [
            (["stack": "a", "stacks": ["b"]], "io.transitiond.InvalidValue", "stack"),
            ([:], "io.transitiond.InvalidValue", "stack"),
            (["stacks": []], "io.transitiond.InvalidValue", "stacks"),
            (["stacks": ["a", "b", "a"]], "io.transitiond.InvalidValue", "stacks[2]"),
            (["stacks": ["a", ""]], "io.transitiond.InvalidValue", "stacks[1]"),
            (["stacks": ["a", "nope"]], "io.transitiond.NoSuchStack", "stacks[1]"),
            (["stacks": ["a", "b", "c"]], "io.transitiond.LimitExceeded", "stacks"),
            (["stacks": ["a", "d"]], "io.transitiond.LimitExceeded", "stacks[1]"),
        ]
        for (parameters, name, parameter) in cases {
            let error = try await OffPool.run { () -> VarlinkError? in
                let subscriber = try Subscriber(path: path, parameters: parameters)
                defer { subscriber.close() }
                do {
                    _ = try subscriber.next()
                    return nil
                } catch let error as VarlinkError {
                    TestConnection.checkError(error, sourceLocation: #_sourceLocation)
                    return error
                }
            }
            #expect(error?.name == name, "\(parameters)")
            #expect(error?.parameters["parameter"]?.stringValue == parameter, "\(parameters)")
            #expect(harness.service.streamCount == 1, "\(parameters)")
            for stack in ["a", "b", "c"] {
                #expect(try await harness.engine.stack(StackID(rawValue: stack)).subscriberCount == 0, "\(parameters)")
            }
        }
        // The user's count was given back each time: two more streams fit beside the holder's.
        let subscriber = try await OffPool.run { try Subscriber(path: path, stacks: ["a", "b"]) }
        _ = try await OffPool.run { try [subscriber.next(), subscriber.next()] }
        #expect(await Deadline.eventually { harness.service.streamCount == 3 })
        subscriber.close()
        holder.close()
        await harness.shutdown()
    }
}
