import JSON
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

/// Subscribe: the stream of frames and events, coalescing for slow readers, ending a reader too far
/// behind, and the end of the stream when the stack is deleted or the client leaves.
@Suite struct TransitionServiceSubscribeTests {
    @Test func aPushStreamsItsFramesAndEventsInOrder() async throws {
        let harness = try await ServiceHarness.withStack("main")
        let path = harness.path
        let subscriber = try await OffPool.run { try Subscriber(path: path, stack: "main") }
        let first = try await OffPool.run { try subscriber.next() }
        #expect(first?["frame"]?["stack"] == "main")
        #expect(first?["frame"]?["transition"] == .null)
        #expect(first?["framesMissed"] == 0)
        try await harness.withConnection { connection throws in
            try connection.call("Push", ["stack": "main", "screen": Screens.json("detail")])
        }
        await harness.settle()
        let replies = try await OffPool.run {
            try subscriber.read(untilEvent: "stackChanged") + [try subscriber.next()!]
        }
        let frames = replies.compactMap { $0["frame"] }
        let missed = replies.compactMap { $0["framesMissed"]?.intValue }.reduce(0, +)
        // 18 frames of the 0.3 s slide at 60 Hz (the last at its end), then the settled frame.
        #expect(frames.count + missed == 19)
        let timeline = Subscriber.timeline(replies)
        #expect(timeline.hasPrefix("began "))
        #expect(timeline.hasSuffix(" completed stackChanged settled"))
        let began = try #require(replies.first?["event"])
        #expect(began["kind"] == "began")
        #expect(began["operation"] == "push")
        #expect(began["fromScreen"] == "home")
        #expect(began["toScreen"] == "detail")
        #expect(began["transitionId"] == 1)
        let changed = try #require(replies.last { $0["event"] != nil }?["event"])
        #expect(changed["screens"] == ["home", "detail"])
        #expect(replies.last?["frame"]?["nodes"]?[0]?["screen"] == "detail")
        subscriber.close()
        await harness.shutdown()
    }

    @Test func eventsOnlyAndFramesOnly() async throws {
        let harness = try await ServiceHarness.withStack("main")
        let path = harness.path
        let events = try await OffPool.run { try Subscriber(path: path, stack: "main", frames: false) }
        let frames = try await OffPool.run { try Subscriber(path: path, stack: "main", events: false) }
        // The frames-only subscriber's first reply is the current frame: it is subscribed.
        #expect(try await OffPool.run { try frames.next() }?["frame"] != nil)
        #expect(await Deadline.eventually { harness.service.streamCount == 2 })
        try await harness.withConnection { connection throws in
            try connection.call("Push", ["stack": "main", "screen": Screens.json("a"), "animated": false])
        }
        let eventReplies = try await OffPool.run { try events.read(untilEvent: "stackChanged") }
        // The first reply is the current frame even for events only: it says the subscription is in place.
        #expect(Subscriber.timeline(eventReplies) == "settled stackChanged")
        #expect(eventReplies.dropFirst().allSatisfy { $0["frame"] == nil })
        let frameReply = try await OffPool.run { try frames.next() }
        #expect(frameReply?["event"] == nil)
        #expect(frameReply?["frame"]?["nodes"]?[0]?["screen"] == "a")
        events.close()
        frames.close()
        await harness.shutdown()
    }

    /// A reader that does not read while large frames stream gets the newest frame with framesMissed
    /// counting the coalesced ones; events arrive complete and in order; the clock never waits for it.
    @Test func aSlowReaderGetsCoalescedFrames() async throws {
        let harness = try await ServiceHarness.withStack("main")
        let path = harness.path
        let subscriber = try await OffPool.run { try Subscriber(path: path, stack: "main") }
        _ = try await OffPool.run { try subscriber.next() }
        try await harness.withConnection { connection throws in
            // About 150 KB per frame: the socket's buffers hold a few, then the stream holds back.
            try connection.call("Push", ["stack": "main", "screen": Screens.large("big", nodes: 600)])
        }
        let advanced = await harness.settle()
        #expect(advanced >= 18)
        let replies = try await OffPool.run {
            try subscriber.read(untilEvent: "stackChanged") + [try subscriber.next()!]
        }
        let frames = replies.filter { $0["frame"] != nil }
        let missed = frames.compactMap { $0["framesMissed"]?.intValue }.reduce(0, +)
        #expect(frames.count + missed == 19)
        #expect(missed > 0)
        #expect(replies.compactMap { $0["event"]?["kind"]?.stringValue } == ["began", "completed", "stackChanged"])
        #expect(frames.last?["frame"]?["transition"] == .null)
        subscriber.close()
        await harness.shutdown()
    }

    /// A reader that falls more events behind than the capacity is ended with LimitExceeded, after the
    /// replies it was sent; the service forgets it.
    @Test func aReaderTooFarBehindOnEventsIsEnded() async throws {
        var configuration = ServiceConfiguration()
        configuration.subscriberEventCapacity = 4
        let harness = try ServiceHarness(configuration: configuration)
        try await harness.withConnection { connection throws in
            var parameters = Screens.createParameters("main")
            parameters["root"] = Screens.large("big", nodes: 600)
            try connection.call("CreateStack", parameters)
        }
        let path = harness.path
        let subscriber = try await OffPool.run { try Subscriber(path: path, stack: "main") }
        #expect(await Deadline.eventually { harness.service.streamCount == 1 })
        try await harness.withConnection { connection throws in
            for index in 0..<20 {
                try connection.call(
                    "Push", ["stack": "main", "screen": Screens.large("s\(index)", nodes: 600), "animated": false])
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
        #expect(outcome?.parameters["maximum"] == 4)
        #expect(subscriber.received.contains { $0["event"] != nil })
        try await harness.withConnection { connection throws in
            #expect(try connection.call("GetStats", ["stack": "main"])["statistics"]?["subscribersEnded"] == 1)
        }
        subscriber.close()
        await harness.shutdown()
    }

    @Test func deletingTheStackEndsTheStreamWithStackDeleted() async throws {
        let harness = try await ServiceHarness.withStack("main")
        let path = harness.path
        let subscriber = try await OffPool.run { try Subscriber(path: path, stack: "main") }
        _ = try await OffPool.run { try subscriber.next() }
        try await harness.withConnection { connection throws in try connection.call("DeleteStack", ["name": "main"]) }
        let rest = try await OffPool.run { try subscriber.readToEnd() }
        #expect(rest.last?["event"]?["kind"] == "stackDeleted")
        #expect(rest.last?["event"]?["stack"] == "main")
        #expect(await Deadline.eventually { harness.service.streamCount == 0 })
        #expect(await Deadline.eventually { harness.service.readStreamCount == 0 })
        subscriber.close()
        await harness.shutdown()
    }

    @Test func subscribeErrors() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            let withoutMore = try connection.error("Subscribe", ["stack": "main"])
            #expect(withoutMore.name == "org.varlink.service.ExpectedMore")
        }
        let path = harness.path
        let outcomes = try await OffPool.run { () -> [String] in
            var names: [String] = []
            for stack in ["nope"] {
                let subscriber = try Subscriber(path: path, stack: stack)
                defer { subscriber.close() }
                do {
                    _ = try subscriber.next()
                } catch let error as VarlinkError {
                    TestConnection.checkError(error, sourceLocation: #_sourceLocation)
                    names.append(error.name + ":" + (error.parameters["limit"]?.stringValue ?? ""))
                }
            }
            return names
        }
        #expect(outcomes == ["io.transitiond.NoSuchStack:"])
        #expect(harness.service.streamCount == 0)
        await harness.shutdown()
    }

    /// A client that closes its connection mid-stream leaves no stream, subscription or connection state.
    @Test func leavingMidStreamLeavesNothingBehind() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("Push", ["stack": "main", "screen": Screens.json("a")])
        }
        let path = harness.path
        let subscribers = try await OffPool.run { try (0..<5).map { _ in try Subscriber(path: path, stack: "main") } }
        #expect(await Deadline.eventually { harness.service.streamCount == 5 })
        await harness.clock.advance(frames: 3)
        for subscriber in subscribers { subscriber.close() }
        await harness.clock.advance(frames: 1)
        #expect(await Deadline.eventually { harness.service.streamCount == 0 && harness.server.connectionCount == 0 })
        // Each reader forgot the token of every stream it drained to its end.
        #expect(await Deadline.eventually { harness.service.readStreamCount == 0 })
        await harness.settle()
        #expect(try await harness.engine.stack("main").subscriberCount == 0)
        await harness.shutdown()
    }
}

extension TransitionServiceSubscribeTests {
    /// A Varlink connection carries one stream at a time (a `more` call keeps it busy until its last
    /// reply), so there is no per-connection limit to hit: a second Subscribe pipelined on the same
    /// connection is not answered, nor even run, until the first stream ends; then it runs normally.
    @Test func aSecondSubscribeOnOneConnectionWaitsForTheFirstStreamToEnd() async throws {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("a"))
            try connection.call("CreateStack", Screens.createParameters("b"))
        }
        let path = harness.path
        let (timeline, streamsWhileFirstRan) = try await OffPool.run { () -> ([String], Int) in
            let client = try VarlinkClient(path: path, timeout: Deadline.failureTimeout)
            defer { client.close() }
            for stack in ["a", "b"] {
                try client.send(
                    VarlinkCall(method: "io.transitiond.Subscribe", parameters: ["stack": .string(stack)], more: true))
            }
            func describe(_ reply: VarlinkReply) -> String {
                let parameters = reply.parameters
                let text =
                    if let event = parameters["event"] {
                        "\(event["stack"]?.stringValue ?? "?"):\(event["kind"]?.stringValue ?? "?")"
                    } else {
                        "\(parameters["frame"]?["stack"]?.stringValue ?? "?"):frame"
                    }
                return text + (reply.continues ? "" : " (last)")
            }
            var timeline = [describe(try client.receiveReply())]
            let streams = harness.service.streamCount
            let control = try TestConnection(path: path)
            try control.call("DeleteStack", ["name": "a"])
            control.close()
            while timeline.last?.hasPrefix("b:") != true {
                timeline.append(describe(try client.receiveReply()))
            }
            // The second stream runs; the first one is gone.
            #expect(Deadline.waitUntil { harness.service.streamCount == 1 })
            return (timeline, streams)
        }
        #expect(timeline == ["a:frame", "a:stackDeleted (last)", "b:frame"])
        #expect(streamsWhileFirstRan == 1)
        #expect(await Deadline.eventually { harness.service.streamCount == 0 })
        await harness.shutdown()
    }
}
