import JSON
import SystemPrimitives
import Testing
import TransitionClient
import TransitionControl
import TransitionCore
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl web` as its own process against the real daemon, talked to with curl: who it lets
/// in, what it relays, what it refuses, and how it stops.
@Suite("transitionctl web")
struct WebCommandTests {
    /// A daemon with the stack `main` showing `home`, and `transitionctl web` serving it.
    static func start(_ arguments: [String] = []) async throws -> (DaemonUnderTest, WebServerProcess) {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        let server = try await WebServerProcess.start(socket: daemon.socketPath, arguments)
        return (daemon, server)
    }

    @Test func thePageNeedsTheTokenAndTheServersOwnHostAndOrigin() async throws {
        let (daemon, server) = try await Self.start()
        defer { daemon.stop() }
        let page = try await HTTPExchange.run(server.url)
        #expect(page.status == 200)
        #expect(page.body.contains("<title>transitiond</title>"))
        #expect(try await HTTPExchange.run(server.address("/")).status == 403)
        let wrong = server.token.dropLast() + (server.token.hasSuffix("0") ? "1" : "0")
        #expect(try await HTTPExchange.run(server.address("/?token=\(wrong)")).status == 403)
        #expect(try await HTTPExchange.run(server.address("/?token=")).status == 403)
        #expect(
            try await HTTPExchange.run(server.address("/"), headers: ["X-Transitiond-Token: \(server.token)"]).status
                == 200)
        // DNS rebinding: a hostile name resolving to 127.0.0.1 arrives with its own Host.
        #expect(
            try await HTTPExchange.run(server.url, headers: ["Host: attacker.example:\(server.port)"]).status == 403)
        #expect(try await HTTPExchange.run(server.url, headers: ["Host: 127.0.0.1:1"]).status == 403)
        #expect(try await HTTPExchange.run(server.url, headers: ["Host: localhost:\(server.port)"]).status == 200)
        #expect(try await HTTPExchange.run(server.url, headers: ["Origin: http://attacker.example"]).status == 403)
        #expect(try await HTTPExchange.run(server.url, headers: ["Origin: null"]).status == 403)
        #expect(
            try await HTTPExchange.run(server.url, headers: ["Origin: http://127.0.0.1:\(server.port)"]).status == 200)
        // ::1 serves too, where the machine has IPv6.
        let ipv6 = try await HTTPExchange.run("http://[::1]:\(server.port)/?token=\(server.token)")
        #expect(ipv6.status == 200 || ipv6.status == 0)
        let stopped = await server.stop()
        #expect(stopped.status == 0, "\(stopped.errors)")
    }

    @Test func anotherAddressIsServedOnlyWhenListenNamesIt() async throws {
        // 127.0.0.2 is a loopback address on Linux (all of 127/8 is), so the test needs no network.
        let (daemon, server) = try await Self.start()
        defer { daemon.stop() }
        let unnamed = try await HTTPExchange.run("http://127.0.0.2:\(server.port)/?token=\(server.token)")
        #expect(unnamed.status == 0)
        _ = await server.stop()
        let listening = try await WebServerProcess.start(socket: daemon.socketPath, ["--listen", "127.0.0.2"])
        let named = try await HTTPExchange.run("http://127.0.0.2:\(listening.port)/?token=\(listening.token)")
        #expect(named.status == 200)
        let withoutToken = try await HTTPExchange.run("http://127.0.0.2:\(listening.port)/")
        #expect(withoutToken.status == 403)
        let stopped = await listening.stop()
        #expect(stopped.errors.contains("127.0.0.1 and [::1] and 127.0.0.2"), "\(stopped.errors)")
        let refused = await ToolRun.transitionctl(["web", "--listen", "example.com", "--socket", daemon.socketPath])
        #expect(refused.status == .usage)
        #expect(refused.errors.contains("--listen must be a numeric IPv4 or IPv6 address"), "\(refused.errors)")
    }

    @Test func aRefusedRequestChangesNothing() async throws {
        let (daemon, server) = try await Self.start()
        defer { daemon.stop() }
        let push = #"{"stack":"main","screen":\#(TestScreens.screen("detail")),"animated":false}"#
        let withoutToken = try await HTTPExchange.run(
            server.address("/api/Push"), method: "POST", headers: ["Content-Type: application/json"], body: push)
        #expect(withoutToken.status == 403)
        let foreign = try await HTTPExchange.run(
            server.address("/api/Push?token=\(server.token)"), method: "POST",
            headers: ["Content-Type: application/json", "Origin: http://attacker.example"], body: push)
        #expect(foreign.status == 403)
        let wrongType = try await HTTPExchange.run(
            server.address("/api/Push?token=\(server.token)"), method: "POST",
            headers: ["Content-Type: text/plain"], body: push)
        #expect(wrongType.status == 415)
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home"])
        let accepted = try await HTTPExchange.call(server, "Push", push)
        #expect(accepted.status == 200, "\(accepted.body)")
        #expect(try JSONReader.parse(accepted.body)["parameters"]?["result"]?["outcome"] == "completed")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home", "detail"])
        _ = await server.stop()
    }

    @Test func aRefusalCarriesTheDaemonsErrorAndMessage() async throws {
        let (daemon, server) = try await Self.start()
        defer { daemon.stop() }
        let pop = try await HTTPExchange.call(server, "Pop", #"{"stack":"main"}"#)
        #expect(pop.status == 200)
        let body = try JSONReader.parse(pop.body)
        #expect(body["error"] == "io.transitiond.StackUnderflow")
        #expect(body["parameter"] == "stack")
        #expect(body["message"]?.stringValue?.contains("root screen cannot be popped") == true, "\(pop.body)")
        let unknown = try await HTTPExchange.call(server, "DeleteStack", #"{"name":"main"}"#)
        #expect(unknown.status == 404)
        let notJSON = try await HTTPExchange.call(server, "Pop", "{")
        #expect(notJSON.status == 400)
        _ = await server.stop()
    }

    @Test func readOnlyServesWatchingOnly() async throws {
        let (daemon, server) = try await Self.start(["--read-only"])
        defer { daemon.stop() }
        let list = try await HTTPExchange.call(server, "ListStacks", "{}")
        #expect(list.status == 200)
        #expect(try JSONReader.parse(list.body)["parameters"]?["stacks"]?[0]?["name"] == "main")
        let push = try await HTTPExchange.call(
            server, "Push", #"{"stack":"main","screen":\#(TestScreens.screen("detail")),"animated":false}"#)
        #expect(push.status == 403)
        #expect(try JSONReader.parse(push.body)["error"] == "transitiond.web.ReadOnly")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home"])
        let configuration = try await HTTPExchange.run(server.address("/config?token=\(server.token)"))
        #expect(try JSONReader.parse(configuration.body)["readOnly"] == true)
        _ = await server.stop()
    }

    @Test func theScreensAndImagesDirectoriesServeTheirFilesOnly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try TextFile.write("PNG", to: directory.file("photo.png"))
        try TextFile.write("secret", to: directory.file("notes.txt"))
        #expect(symlink("/etc/hostname", directory.file("link.png")) == 0)
        let (daemon, server) = try await Self.start(["--images", directory.path])
        defer { daemon.stop() }
        let token = "?token=\(server.token)"
        #expect(try await HTTPExchange.run(server.address("/images/photo.png\(token)")).body == "PNG")
        #expect(try await HTTPExchange.run(server.address("/images/notes.txt\(token)")).status == 404)
        #expect(try await HTTPExchange.run(server.address("/images/link.png\(token)")).status == 404)
        #expect(try await HTTPExchange.run(server.address("/images/..%2Fetc%2Fpasswd\(token)")).status == 404)
        // Run from the repository, --screens defaults to the examples.
        let configuration = try JSONReader.parse(
            try await HTTPExchange.run(server.address("/config\(token)")).body)
        #expect(configuration["screens"]?.arrayValue?.contains("seed000-index.json") == true)
        let screen = try await HTTPExchange.run(server.address("/screens/seed000-index.json\(token)"))
        #expect(try JSONReader.parse(screen.body)["id"] == "index")
        _ = await server.stop()
    }

    @Test func theStreamRelaysEveryFrameOfAPushInOrderAsTheDaemonSendsIt() async throws {
        let (daemon, server) = try await Self.start()
        defer { daemon.stop() }
        let stream = try EventStreamReader(server.address("/events?token=\(server.token)&stack=main"))
        #expect(await stream.next() == .init(name: "connected", data: ["1"]))
        #expect(Self.stack(of: await stream.next()) == "main")
        // A direct subscriber beside the relay: both must see the same frames.
        let client = try TransitionClient(path: daemon.socketPath)
        let direct = try client.subscribe(stack: "main")
        _ = try await OffPool.run { try direct.next() }
        // A 1 s fade: about 60 frames, and still dozens when a loaded machine makes the display link skip
        // ticks (the default 0.3 s slide gave 10 once, where the check below wants more).
        _ = try client.defineAnimator(try JSONReader.parse(TestScreens.slowFade(name: "oneSecondFade", seconds: 1)))
        _ = try client.push(
            try JSONValueDecoder().decode(
                Screen.self, from: try JSONReader.parse(TestScreens.screen("detail"))), on: "main",
            options: NavigationOptions(animator: "oneSecondFade"))
        // Both read at once, each on a thread of its own.
        async let relayedReplies = SystemThread.run { () -> [JSONValue] in
            var replies: [JSONValue] = []
            while let event = stream.nextBlocking(), event.name == "message", event.data.count == 1 {
                guard let reply = try? JSONReader.parse(event.data[0]) else { break }
                replies.append(reply)
                if reply["parameters"]?["event"]?["kind"] == "stackChanged" { break }
            }
            return replies
        }
        async let directReplies = OffPool.run { () throws(TransitionClientError) -> [SubscriptionItem] in
            var items: [SubscriptionItem] = []
            while let item = try direct.next() {
                items.append(item)
                if case .event(let event) = item, event.kind == "stackChanged" { break }
            }
            return items
        }
        let (relayed, directItems) = try await (relayedReplies, directReplies)
        direct.cancel()
        let relayedFrames = relayed.compactMap { $0["parameters"]?["frame"] != nil ? $0["parameters"] : nil }
        let relayedIndexes = relayedFrames.compactMap { $0["frame"]?["index"]?.intValue }
        let relayedMissed = relayedFrames.map { $0["framesMissed"]?.intValue ?? 0 }
        var directIndexes: [Int] = []
        var directMissed = 0
        for case .frame(let frame) in directItems {
            directIndexes.append(Int(frame.index))
            directMissed += frame.framesMissed
        }
        #expect(relayedIndexes.count > 10)
        #expect(zip(relayedIndexes, relayedIndexes.dropFirst()).allSatisfy { $0 < $1 })
        // The relay loses nothing: it gets what a direct subscriber gets, frame for frame when neither read
        // too slowly. On a loaded machine the daemon may coalesce frames for either; then every frame the
        // direct subscriber got and the relay did not is one the daemon counted as missed for the relay.
        if relayedMissed.allSatisfy({ $0 == 0 }) && directMissed == 0 {
            #expect(relayedIndexes == directIndexes)
        } else {
            for position in relayedIndexes.indices.dropFirst() {
                let (previous, index) = (relayedIndexes[position - 1], relayedIndexes[position])
                let skipped = directIndexes.filter { $0 > previous && $0 < index }.count
                #expect(skipped <= relayedMissed[position], "\(relayedIndexes) \(relayedMissed) \(directIndexes)")
            }
        }
        let kinds = relayed.compactMap { $0["parameters"]?["event"]?["kind"]?.stringValue }
        #expect(kinds == ["began", "completed", "stackChanged"])
        await stream.stop()
        _ = await server.stop()
    }

    /// The stack a relayed event's reply is about: its frame's or its event's `stack`; nil for anything
    /// but one data line holding a reply.
    static func stack(of event: EventStreamReader.Event?) -> String? {
        guard let event, event.name == "message", event.data.count == 1,
            let parameters = (try? JSONReader.parse(event.data[0]))?["parameters"]
        else { return nil }
        return (parameters["frame"]?["stack"] ?? parameters["event"]?["stack"])?.stringValue
    }

    /// Several stacks share one stream and one Subscribe call: each relayed reply names its stack.
    @Test func aStreamOfSeveralStacksRelaysEachStacksFrames() async throws {
        let (daemon, server) = try await Self.start()
        defer { daemon.stop() }
        let created = await ToolRun.transitionctl(
            ["create-stack", "other", TestScreens.screen("home"), "--size", "375x667"], socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        let stream = try EventStreamReader(server.address("/events?token=\(server.token)&stack=main&stack=other"))
        #expect(await stream.next() == .init(name: "connected", data: ["2"]))
        var firsts: Set<String> = []
        for _ in 0..<2 { if let stack = Self.stack(of: await stream.next()) { firsts.insert(stack) } }
        #expect(firsts == ["main", "other"])
        let pushed = try await HTTPExchange.call(
            server, "Push", #"{"stack":"other","screen":\#(TestScreens.screen("detail")),"animated":false}"#)
        #expect(pushed.status == 200 && !pushed.body.contains("error"), "\(pushed.body)")
        var changed: String?
        while changed == nil, let event = await stream.next(), event.name == "message" {
            let reply = try JSONReader.parse(event.data.first ?? "")
            if reply["parameters"]?["event"]?["kind"] == "stackChanged" { changed = Self.stack(of: event) }
        }
        #expect(changed == "other")
        await stream.stop()
        _ = await server.stop()
    }

    @Test func stoppingEndsEveryStreamWithAShutdownEvent() async throws {
        let (daemon, server) = try await Self.start()
        defer { daemon.stop() }
        let stream = try EventStreamReader(server.address("/events?token=\(server.token)&stack=main"))
        #expect(await stream.next()?.name == "connected")
        #expect(Self.stack(of: await stream.next()) == "main")
        server.child.send(signal: 15)  // SIGTERM
        #expect(await stream.next()?.name == "shutdown")
        #expect(await stream.next() == nil)
        let stopped = await server.child.finish()
        #expect(stopped.status == 0, "\(stopped.errors)")
        #expect(stopped.errors.contains("Stopped."))
        await stream.stop()
    }

    @Test func aStreamSaysWhenTheDaemonGoesAway() async throws {
        let (daemon, server) = try await Self.start()
        let stream = try EventStreamReader(server.address("/events?token=\(server.token)&stack=main"))
        #expect(await stream.next()?.name == "connected")
        #expect(Self.stack(of: await stream.next()) == "main")
        daemon.stop()
        var event = await stream.next()
        // The daemon ends its streams with ShuttingDown before it closes them.
        if event?.name == "message" { event = await stream.next() }
        #expect(event?.name == "disconnected")
        #expect(await stream.next() == nil)
        // With no daemon, a new stream says so at once (the page's EventSource then tries again).
        let again = try EventStreamReader(server.address("/events?token=\(server.token)&stack=main"))
        let refused = await again.next()
        #expect(refused?.name == "disconnected")
        #expect(refused?.data.first?.contains("Failed to connect") == true)
        await again.stop()
        await stream.stop()
        _ = await server.stop()
    }
}

/// `transitionctl web` across a restart of the daemon.
@Suite("transitionctl web and a daemon restart")
struct WebReconnectTests {
    @Test func theStreamsAndCallsComeBackWhenTheDaemonDoes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let daemon = try DaemonUnderTest(directory: directory)
        let created = await ToolRun.transitionctl(
            ["create-stack", "main", TestScreens.screen("home"), "--size", "375x667"], socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        let server = try await WebServerProcess.start(socket: daemon.socketPath)
        let events = server.address("/events?token=\(server.token)&stack=main")
        let stream = try EventStreamReader(events)
        #expect(await stream.next()?.name == "connected")
        #expect(WebCommandTests.stack(of: await stream.next()) == "main")
        // The calls' connection is open before the restart.
        #expect(try await HTTPExchange.call(server, "ListStacks", "{}").status == 200)
        _ = await SystemThread.run { daemon.stop() }
        var event = await stream.next()
        if event?.name == "message" { event = await stream.next() }
        #expect(event?.name == "disconnected")
        #expect(await stream.next() == nil)
        let down = try await HTTPExchange.call(server, "ListStacks", "{}")
        #expect(down.status == 200)
        #expect(try JSONReader.parse(down.body)["error"] == "transitiond.client.cannotConnect", "\(down.body)")
        let restarted = try await OffPool.run { try DaemonUnderTest(directory: directory) }
        // What the page's EventSource does after its retry delay: a new stream, which finds the stack the
        // daemon restored from its state directory.
        let again = try EventStreamReader(events)
        #expect(await again.next()?.name == "connected")
        #expect(WebCommandTests.stack(of: await again.next()) == "main")
        let list = try await HTTPExchange.call(server, "ListStacks", "{}")
        #expect(list.status == 200)
        #expect(try JSONReader.parse(list.body)["parameters"]?["stacks"]?[0]?["name"] == "main")
        let push = try await HTTPExchange.call(
            server, "Push", #"{"stack":"main","screen":\#(TestScreens.screen("detail")),"animated":false}"#)
        #expect(push.status == 200, "\(push.body)")
        await again.stop()
        await stream.stop()
        _ = await server.stop()
        restarted.stop()
    }
}
