import Foundation
import JSON
import Testing
import TransitionTestSupport
import Varlink

/// The server on real sockets, with an in-process server on a temporary path.
@Suite struct VarlinkServerTests {
    /// A call knows who connected, as the kernel reported it at connect time: this process's pid, uid and
    /// gid (`SO_PEERCRED`) and its supplementary groups (`SO_PEERGROUPS`).
    @Test func aCallKnowsItsPeersIdentityAndGroups() throws {
        let server = try TestServer()
        let waiting = try RawConnection(path: server.path)
        waiting.write([VarlinkCall(method: "org.example.test.Delay")])
        #expect(server.state.wait(until: { $0.delayed.count == 1 }))
        let peer = server.state.withLock { $0.delayed[0] }.peer
        var groups = [gid_t](repeating: 0, count: Int(getgroups(0, nil)))
        groups = Array(groups.prefix(Int(getgroups(Int32(groups.count), &groups))))
        #expect(peer.pid == getpid())
        #expect(peer.uid == getuid())
        #expect(peer.gid == getgid())
        #expect(peer.groups.sorted() == groups.sorted())
        _ = server.state.withLock { $0.delayed[0] }.reply(["done": true])
    }

    @Test func answersGetInfo() throws {
        let server = try TestServer()
        let client = try server.client()
        let info = try client.call(method: "org.varlink.service.GetInfo")
        #expect(info["vendor"] == "Example")
        #expect(info["product"] == "Test Server")
        #expect(info["version"] == "1.0")
        #expect(info["url"] == "https://example.org/test")
        #expect(info["interfaces"] == ["org.varlink.service", "org.example.test"])
    }

    @Test func servesInterfaceDescriptionsVerbatim() throws {
        let server = try TestServer()
        let client = try server.client()
        let test = try client.call(
            method: "org.varlink.service.GetInterfaceDescription", parameters: ["interface": "org.example.test"])
        #expect(test["description"]?.stringValue == testInterfaceText)
        let own = try client.call(
            method: "org.varlink.service.GetInterfaceDescription", parameters: ["interface": "org.varlink.service"])
        #expect(own["description"]?.stringValue == VarlinkServiceInterface.description)
    }

    /// Several calls in one write: replies come back in call order, streams included, and a oneway call
    /// in between answers nothing yet runs before the calls after it.
    @Test func answersPipelinedCallsInOrder() throws {
        let server = try TestServer()
        let connection = try RawConnection(path: server.path)
        connection.write([
            VarlinkCall(method: "org.example.test.Count", parameters: ["count": 3], more: true),
            VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "after the stream"]),
            VarlinkCall(method: "org.example.test.Poke", oneway: true),
            VarlinkCall(method: "org.example.test.Pokes"),
            VarlinkCall(method: "org.example.test.Nothing"),
            VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "last"]),
        ])
        let replies = (0..<7).compactMap { _ in connection.readReply() }
        #expect(
            replies == [
                VarlinkReply(parameters: ["number": 1], continues: true),
                VarlinkReply(parameters: ["number": 2], continues: true),
                VarlinkReply(parameters: ["number": 3]),
                VarlinkReply(parameters: ["text": "after the stream"]),
                VarlinkReply(parameters: ["count": 1]),
                VarlinkReply(.methodNotFound("org.example.test.Nothing")),
                VarlinkReply(parameters: ["text": "last"]),
            ]
        )
    }

    @Test func surfacesErrorRepliesAsVarlinkErrors() throws {
        let server = try TestServer()
        let client = try server.client()
        #expect(throws: VarlinkError(name: "org.example.test.Failed", parameters: ["reason": "because"])) {
            try client.call(method: "org.example.test.Fail", parameters: ["reason": "because"])
        }
        #expect(throws: VarlinkError.invalidParameter("text")) {
            try client.call(method: "org.example.test.Echo", parameters: ["text": 5])
        }
        #expect(throws: VarlinkError.interfaceNotFound("org.example.none")) {
            try client.call(method: "org.example.none.Echo")
        }
        // The connection is still usable after errors.
        #expect(
            try client.call(method: "org.example.test.Echo", parameters: ["text": "still here"]) == [
                "text": "still here"
            ])
    }

    /// Replies sent from other threads reach their streams; a `more` call keeps its connection busy.
    @Test func streamsRepliesFromOtherThreads() throws {
        let server = try TestServer()
        let subscriber = try server.client()
        let stream = try subscriber.callMore(method: "org.example.test.Subscribe")
        #expect(server.state.wait(until: { $0.subscribers.count == 1 }))
        #expect {
            try subscriber.call(method: "org.example.test.Echo", parameters: ["text": "x"])
        } throws: { error in
            (error as? VarlinkConnectionError)?.code == .callInProgress
        }
        let controller = try server.client()
        for round in 0..<3 {
            #expect(try controller.call(method: "org.example.test.Release") == ["subscribers": 1])
            #expect(try stream.next() == ["sequence": 0], "round \(round)")
        }
    }

    @Test func countsStreamsToTheirEnd() throws {
        let server = try TestServer()
        let client = try server.client()
        let stream = try client.callMore(method: "org.example.test.Count", parameters: ["count": 5])
        var numbers: [Int] = []
        while let reply = try stream.next() { numbers.append(reply["number"]?.intValue ?? -1) }
        #expect(numbers == [1, 2, 3, 4, 5])
        #expect(try stream.next() == nil)
        #expect(try client.call(method: "org.example.test.Echo", parameters: ["text": "next"]) == ["text": "next"])
    }

    @Test func servesTwoHundredConcurrentConnections() throws {
        let server = try TestServer()
        let clients = try (0..<200).map { _ in try server.client() }
        #expect(server.state.wait(until: { $0.openedConnections == 200 }))
        #expect(server.server.connectionCount == 200)
        // Every connection has a call outstanding at once, ten rounds over.
        for round in 0..<10 {
            for (index, client) in clients.enumerated() {
                try client.send(
                    VarlinkCall(method: "org.example.test.Echo", parameters: ["text": .string("\(index)/\(round)")]))
            }
            for (index, client) in clients.enumerated() {
                #expect(try client.receiveReply() == VarlinkReply(parameters: ["text": .string("\(index)/\(round)")]))
            }
        }
        for client in clients { client.close() }
        #expect(server.state.wait(until: { $0.closedConnections.count == 200 }))
        #expect(server.server.connectionCount == 0)
        #expect(server.state.withLock { $0.closedConnections.allSatisfy { $0 == .peerClosed } })
    }

    @Test func notifiesAndForgetsAClientThatLeavesMidCall() throws {
        let server = try TestServer()
        let connection = try RawConnection(path: server.path)
        connection.write([VarlinkCall(method: "org.example.test.Hold")])
        #expect(server.state.wait(until: { $0.heldCalls == 1 }))
        connection.close()
        #expect(server.state.wait(until: { $0.closeReasons == [.peerClosed] }))
        #expect(server.state.wait(until: { $0.closedConnections == [.peerClosed] }))
        #expect(server.server.connectionCount == 0)
    }

    @Test func notifiesAndForgetsAClientThatLeavesMidStream() throws {
        let server = try TestServer()
        let client = try server.client()
        let stream = try client.callMore(method: "org.example.test.Subscribe")
        #expect(server.state.wait(until: { $0.subscribers.count == 1 }))
        _ = try server.client().call(method: "org.example.test.Release")
        #expect(try stream.next() == ["sequence": 0])
        client.close()
        #expect(server.state.wait(until: { $0.closeReasons == [.peerClosed] }))
        #expect(server.state.wait(until: { $0.closedConnections.count == 2 }))
        #expect(server.server.connectionCount == 0)
        let subscriber = try #require(server.state.withLock { $0.subscribers.first })
        #expect(subscriber.isConnectionClosed)
        #expect(!subscriber.replyContinues(["sequence": 1]))
    }

    /// A reader that never reads fills its own queue only: the others are served meanwhile, and it is
    /// dropped once its pending bytes pass the limit.
    @Test func dropsASlowReaderWithoutDelayingOthers() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumPendingOutputBytes = 256 * 1024
        let server = try TestServer(configuration: configuration)
        let slow = try RawConnection(path: server.path)
        slow.write([VarlinkCall(method: "org.example.test.Flood", parameters: ["bytes": 4096], more: true)])
        let other = try server.client()
        for index in 0..<50 {
            #expect(
                try other.call(method: "org.example.test.Echo", parameters: ["text": .string("\(index)")]) == [
                    "text": .string("\(index)")
                ])
        }
        #expect(server.state.wait(until: { $0.closeReasons.contains(.outputLimitExceeded) }))
        #expect(server.state.wait(until: { $0.closedConnections == [.outputLimitExceeded] }))
        #expect(try other.call(method: "org.example.test.Echo", parameters: ["text": "after"]) == ["text": "after"])
        #expect(server.server.connectionCount == 1)
    }

    /// Two connections of one user that do not read their replies are held to the user's bound together:
    /// neither passes the bound of one connection alone, but together they pass the user's, and one is
    /// dropped; a connection of the same user that reads is served before and after.
    @Test func holdsOneUsersUnreadRepliesToItsBound() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumPendingOutputBytes = 2 << 20
        configuration.maximumPendingOutputBytesPerUser = 1 << 20
        let server = try TestServer(configuration: configuration)
        let reader = try server.client()
        #expect(try reader.call(method: "org.example.test.Echo", parameters: ["text": "before"]) == ["text": "before"])
        // 16 replies of 64 KiB on each: 1 MiB each, less what the sockets' buffers take.
        let text = JSONValue.string(String(repeating: "x", count: 64 << 10))
        let calls = (0..<16).map { _ in VarlinkCall(method: "org.example.test.Echo", parameters: ["text": text]) }
        let slow = try (0..<2).map { _ in try RawConnection(path: server.path) }
        // The write of the connection that is dropped may fail part way: the server is gone for it.
        for connection in slow { connection.write(calls) }
        #expect(server.state.wait(until: { $0.closedConnections.contains(.outputLimitExceeded) }))
        #expect(try reader.call(method: "org.example.test.Echo", parameters: ["text": "after"]) == ["text": "after"])
    }

    /// A call answered at once is read, answered and sent in one pass of the loop, and what the loop
    /// watches its connection for stays as it was: the reply waits for the pass's flush, not for
    /// writability (watched as soon as it was queued, it cost two `epoll_ctl` calls a call). A reader that
    /// falls behind is still watched until it catches up (`reportsPendingOutputToStreams`).
    @Test func answersCallsWithoutChangingWhatItWatches() throws {
        let server = try TestServer()
        let client = try server.client()
        #expect(try client.call(method: "org.example.test.Echo", parameters: ["text": "first"]) == ["text": "first"])
        let before = server.server.watchChangeCount
        for index in 0..<100 {
            let text = JSONValue.string("\(index)")
            #expect(try client.call(method: "org.example.test.Echo", parameters: ["text": text]) == ["text": text])
        }
        #expect(server.server.watchChangeCount == before)
    }

    /// A stream can see its reader falling behind (to coalesce updates) before the server drops it.
    @Test func reportsPendingOutputToStreams() throws {
        let server = try TestServer()
        let reader = try RawConnection(path: server.path)
        reader.write([VarlinkCall(method: "org.example.test.Subscribe", more: true)])
        #expect(server.state.wait(until: { $0.subscribers.count == 1 }))
        let subscriber = try #require(server.state.withLock { $0.subscribers.first })
        #expect(subscriber.pendingOutputByteCount == 0)
        let payload = JSONValue.string(String(repeating: "x", count: 16 * 1024))
        for _ in 0..<128 { #expect(subscriber.replyContinues(["sequence": 0, "padding": payload])) }
        // A round trip on another connection orders this check after the loop took the replies.
        let other = try server.client()
        #expect(try other.call(method: "org.example.test.Echo", parameters: ["text": "sync"]) == ["text": "sync"])
        // 2 MiB were queued; the kernel's socket buffers hold well under 1 MiB of them.
        #expect(subscriber.pendingOutputByteCount > 1 << 20)
        for _ in 0..<128 { #expect(reader.readReply()?.continues == true) }
        #expect(try other.call(method: "org.example.test.Echo", parameters: ["text": "sync"]) == ["text": "sync"])
        #expect(subscriber.pendingOutputByteCount == 0)
    }

    /// Oneway calls with an in-place handler run in order with the calls around them, whichever path
    /// each takes: in place when nothing else is in flight, the ordinary way behind a stream, and the
    /// ordinary way when the in-place handler declines or the parameters do not validate.
    @Test func runsOnewayCallsInPlaceInOrder() throws {
        let server = try TestServer()
        let connection = try RawConnection(path: server.path)
        func nudge(_ amount: JSONValue, label: String? = nil) -> VarlinkCall {
            var parameters: JSONObject = ["amount": amount]
            if let label { parameters["label"] = .string(label) }
            return VarlinkCall(method: "org.example.test.Nudge", parameters: parameters, oneway: true)
        }
        connection.write([
            nudge(1),
            nudge(2),
            VarlinkCall(method: "org.example.test.Count", parameters: ["count": 2], more: true),
            nudge(4),
            nudge(8, label: "ordinary"),
            nudge(0.5),
            nudge("16"),
            VarlinkCall(method: "org.example.test.Nudges"),
            nudge(32),
            VarlinkCall(method: "org.example.test.Nudges"),
        ])
        let replies = (0..<4).compactMap { _ in connection.readReply() }
        #expect(replies.count == 4)
        #expect(
            replies.prefix(2) == [
                VarlinkReply(parameters: ["number": 1], continues: true),
                VarlinkReply(parameters: ["number": 2]),
            ])
        let first = try #require(replies.dropFirst(2).first?.parameters)
        let last = try #require(replies.last?.parameters)
        #expect(first["total"] == 15)
        #expect(last["total"] == 47)
        // The first call came to an idle connection: in place. Declined and invalid ones never were.
        let inPlace = try #require(last["inPlace"]?.intValue)
        #expect(inPlace >= 1 && inPlace <= 4)
    }

    /// Oneway calls sent just before the client closes still run.
    @Test func runsOnewayCallsOfAClientThatAlreadyLeft() throws {
        let server = try TestServer()
        let connection = try RawConnection(path: server.path)
        connection.write(Array(repeating: VarlinkCall(method: "org.example.test.Poke", oneway: true), count: 3))
        connection.close()
        #expect(server.state.wait(until: { $0.pokes == 3 && $0.closedConnections.count == 1 }))
        #expect(server.server.connectionCount == 0)
    }

    /// After the client shuts down its writing side, its calls are still answered, then the server
    /// closes.
    @Test func answersAHalfClosedClient() throws {
        let server = try TestServer()
        let connection = try RawConnection(path: server.path)
        connection.write([
            VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "one"]),
            VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "two"]),
        ])
        connection.shutdownWriting()
        #expect(connection.readReply() == VarlinkReply(parameters: ["text": "one"]))
        #expect(connection.readReply() == VarlinkReply(parameters: ["text": "two"]))
        #expect(connection.readsEndOfStream())
    }

    @Test func closesTheConnectionWhenTheApplicationAsks() throws {
        let server = try TestServer()
        let client = try server.client()
        #expect(try client.call(method: "org.example.test.Quit") == [:])
        #expect {
            try client.call(method: "org.example.test.Echo", parameters: ["text": "x"])
        } throws: { error in
            (error as? VarlinkConnectionError)?.code == .peerClosed
        }
        #expect(server.state.wait(until: { $0.closedConnections == [.closedByServer] }))
    }

    @Test func refusesUpgrades() throws {
        let server = try TestServer()
        let connection = try RawConnection(path: server.path)
        connection.write([
            VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "x"], upgrade: true),
            VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "y"]),
        ])
        #expect(connection.readReply() == VarlinkReply(.invalidParameter("upgrade")))
        #expect(connection.readReply() == VarlinkReply(parameters: ["text": "y"]))
    }

    @Test(arguments: [
        ("not json", VarlinkConnectionError.Code.invalidMessage),
        (#"{"method":"not a name"}"#, .invalidMessage),
        (String(repeating: "x", count: 2048), .messageTooLarge),
    ])
    func closesOnlyTheConnectionThatBreaksTheProtocol(_ message: String, _ reason: VarlinkConnectionError.Code) throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumMessageBytes = 1024
        let server = try TestServer(configuration: configuration)
        let good = try server.client()
        let bad = try RawConnection(path: server.path)
        bad.write(Array(message.utf8) + (reason == .messageTooLarge ? [] : [0]))
        #expect(bad.readsEndOfStream())
        #expect(server.state.wait(until: { $0.closedConnections == [reason] }))
        #expect(try good.call(method: "org.example.test.Echo", parameters: ["text": "fine"]) == ["text": "fine"])
    }

    /// A call nested exactly `maximumCallDepth` levels is read and answered; one level more is not JSON
    /// the server reads, and ends its connection.
    @Test func readsCallsAsDeepAsConfigured() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumCallDepth = 100
        let server = try TestServer(configuration: configuration)
        // The call's object and its parameters are two levels; `extra` holds the rest.
        func call(depth: Int) -> [UInt8] {
            let arrays = String(repeating: "[", count: depth - 2) + String(repeating: "]", count: depth - 2)
            return Array(#"{"method":"org.example.test.Echo","parameters":{"text":"x","extra":\#(arrays)}}"#.utf8) + [0]
        }
        let connection = try RawConnection(path: server.path)
        #expect(connection.write(call(depth: 100)))
        #expect(connection.readReply() != nil)
        #expect(connection.write(call(depth: 101)))
        #expect(connection.readsEndOfStream())
        #expect(server.state.wait(until: { $0.closedConnections == [.invalidMessage] }))
        #expect(VarlinkServer.Configuration().maximumCallDepth == 64)
    }

    @Test func answersAnOversizedMessageWithTheConfiguredErrorThenCloses() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumMessageBytes = 1024
        configuration.messageTooLargeError = VarlinkError(
            name: "org.example.test.TooLarge", parameters: ["maximum": 1024])
        let server = try TestServer(configuration: configuration)
        let good = try server.client()
        let bad = try RawConnection(path: server.path)
        bad.write(Array(String(repeating: "x", count: 2048).utf8))
        #expect(bad.readReply() == VarlinkReply(configuration.messageTooLargeError!))
        #expect(bad.readsEndOfStream())
        #expect(server.state.wait(until: { $0.closedConnections == [.messageTooLarge] }))
        #expect(try good.call(method: "org.example.test.Echo", parameters: ["text": "fine"]) == ["text": "fine"])
    }

    @Test func refusesConnectionsBeyondTheLimit() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumConnections = 2
        configuration.connectionLimitError = VarlinkError(
            name: "org.example.test.Failed", parameters: ["reason": "full"])
        let server = try TestServer(configuration: configuration)
        let first = try server.client()
        let second = try server.client()
        #expect(server.state.wait(until: { $0.openedConnections == 2 }))
        let third = try RawConnection(path: server.path)
        #expect(third.readReply() == VarlinkReply(configuration.connectionLimitError!))
        #expect(third.readsEndOfStream())
        #expect(server.state.withLock { $0.refusedConnections } == 1)
        #expect(try first.call(method: "org.example.test.Echo", parameters: ["text": "1"]) == ["text": "1"])
        second.close()
        #expect(server.state.wait(until: { $0.closedConnections.count == 1 }))
        let fourth = try server.client()
        #expect(try fourth.call(method: "org.example.test.Echo", parameters: ["text": "4"]) == ["text": "4"])
    }
}

extension VarlinkServerTests {
    /// Oneway calls a handler only collects are handed on by the round-end handler before the loop
    /// sleeps: the last of a burst is handed on with no later call to prompt it, and no round hands on
    /// more than was collected.
    @Test func aRoundEndHandsOnWhatTheRoundCollected() throws {
        struct Values: Sendable {
            var collected = 0
            var handedOn = 0
            var rounds = 0
        }
        let values = Monitor(Values())
        var service = VarlinkService(vendor: "v", product: "p", version: "1", url: "man:p(1)")
        var implementation = try VarlinkInterfaceImplementation(
            description: "interface org.example.rounds\nmethod Note() -> ()\n")
        implementation.implement("Note") { context in
            values.withLock { $0.collected += 1 }
            context.reply()
        }
        implementation.onRoundEnd {
            values.withLock { values in
                guard values.collected > 0 else { return }
                values.handedOn += values.collected
                values.collected = 0
                values.rounds += 1
            }
        }
        try service.register(implementation)
        let directory = try TemporaryDirectory(prefix: "varlink-test")
        defer { directory.remove() }
        let server = try VarlinkServer(service: service, listener: try .listen(path: directory.file("rounds.sock")))
        defer { server.shutdown() }
        let connection = try RawConnection(path: directory.file("rounds.sock"))
        defer { connection.close() }
        let burst = 500
        connection.write(Array(repeating: VarlinkCall(method: "org.example.rounds.Note", oneway: true), count: burst))
        #expect(values.wait(until: { $0.handedOn == burst }))
        let final = values.withLock { $0 }
        #expect(final.collected == 0)
        #expect(final.rounds >= 1 && final.rounds <= burst)
    }
}

extension VarlinkServerTests {
    /// Replies given on the loop thread while the handler runs skip the inbox, yet every call's
    /// replies keep the order in which they were given, mixed with replies from other threads: after
    /// them (`AfterThread`) or before them (`BeforeThread`: the other thread's reply waits in the inbox,
    /// so the handler's own is queued behind it).
    @Test func synchronousAndThreadRepliesKeepTheirOrder() throws {
        var service = VarlinkService(vendor: "v", product: "p", version: "1", url: "man:p(1)")
        var implementation = try VarlinkInterfaceImplementation(
            description:
                "interface org.example.order\nmethod AfterThread() -> (n: int)\nmethod BeforeThread() -> (n: int)\n"
        )
        implementation.implement("AfterThread") { context in
            context.replyContinues(["n": 1])
            Thread.detachNewThread {
                context.replyContinues(["n": 2])
                context.reply(["n": 3])
            }
        }
        implementation.implement("BeforeThread") { context in
            let posted = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                context.replyContinues(["n": 1])
                posted.signal()
            }
            posted.wait()
            context.replyContinues(["n": 2])
            context.reply(["n": 3])
        }
        try service.register(implementation)
        let directory = try TemporaryDirectory(prefix: "varlink-test")
        defer { directory.remove() }
        let server = try VarlinkServer(service: service, listener: try .listen(path: directory.file("order.sock")))
        defer { server.shutdown() }
        let client = try VarlinkClient(path: directory.file("order.sock"), timeout: Deadline.failureTimeout)
        defer { client.close() }
        for method in ["AfterThread", "BeforeThread", "AfterThread"] {
            var numbers: [Int] = []
            let stream = try client.callMore(method: "org.example.order." + method)
            while let reply = try stream.next() { numbers.append(reply["n"]?.intValue ?? 0) }
            #expect(numbers == [1, 2, 3], "\(method)")
        }
        #expect(try client.call(method: "org.varlink.service.GetInfo")["product"] == "p")
    }
}
