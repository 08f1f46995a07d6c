import Foundation
import JSON
import SystemPrimitives
import Testing
import TransitionClient
import TransitionCore
import TransitionDaemon
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

/// `DaemonServer` in process, on the real display link: start-up and stop, the listening socket (bound,
/// stale, live, adopted), the status and clock health, and the limits it configures.
@Suite(.serialized) struct DaemonServerTests {
    static func configuration(_ directory: TemporaryDirectory) -> ServingConfiguration {
        ServingConfiguration(
            listening: .path(directory.file("run/io.transitiond"), mode: 0o660), stateDirectory: directory.file("state")
        )
    }

    /// Runs `body` off the cooperative pool with a new client of the daemon at `path`, closed after.
    @discardableResult
    static func withClient<Value: Sendable>(
        _ path: String, _ body: @escaping @Sendable (TransitionClient) throws -> Value
    ) async throws -> Value {
        try await OffPool.run {
            let client = try TransitionClient(path: path, timeout: Deadline.failureTimeout)
            defer { client.close() }
            return try body(client)
        }
    }

    @Test func startServeAndStop() async throws {
        let directory = try TemporaryDirectory()
        let daemon = try await DaemonServer.start(Self.configuration(directory))
        let path = try #require(daemon.socketPath)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o660)
        let info = try await Self.withClient(path) { try $0.info() }
        #expect(info.product == "transitiond")
        #expect(info.version == DaemonServer.version)
        #expect(await Deadline.eventually { daemon.connectionCount == 0 })
        let snapshot = await daemon.status()
        #expect(
            snapshot
                == DaemonStatus(
                    stacks: 0, animatingStacks: 0, clients: 0, subscribers: 0, framesPerSecond: 60, isStopping: false))
        await daemon.stop()
        await daemon.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
        directory.remove()
    }

    /// A state directory an older daemon left, with the service's records in `state/service`: the daemon
    /// moves them into its one store at start, serves them, and keeps them after another restart.
    @Test func anOlderStateDirectoryIsMovedIntoTheOneStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // An older daemon's stack record, without its owner, which it kept apart (below).
        let stack = StackState(
            id: "main", screens: [Screens.screen("home")], containerSize: Size(width: 375, height: 667))
        var stackText: [UInt8] = []
        try JSONWriter.write(try JSONValueEncoder().encode(stack), into: &stackText)
        #expect(!String(decoding: stackText, as: UTF8.self).contains("ownerUid"))
        let stackRecord = stackText
        let stacks = try StateStore.open(directory: directory.file("state"))
        try await stacks.write([.put(key: "main", encode: { stackRecord })])
        await stacks.close()
        // What an older daemon kept apart: the stack's owner (another user) and a client's animator.
        let legacy = try StateStore.open(directory: directory.file("state/" + ServiceStore.legacyDirectoryName))
        var animator: [UInt8] = []
        try JSONWriter.write(TransitionServiceAnimatorsTests.crossFade, into: &animator)
        let animatorText = animator
        try await legacy.write([
            .put(key: "owner/main", encode: { Array("1000".utf8) }),
            .put(key: "animator/crossFade", encode: { animatorText }),
            .put(key: "animator-owner/crossFade", encode: { Array("1000".utf8) }),
        ])
        await legacy.close()

        for _ in 0..<2 {
            let daemon = try await DaemonServer.start(Self.configuration(directory))
            #expect(!StateStore.directoryExists(directory.file("state/" + ServiceStore.legacyDirectoryName)))
            let (owner, animators) = try await Self.withClient(try #require(daemon.socketPath)) { client in
                (try client.stack("main").ownerUid, try client.listAnimators().map(\.name))
            }
            #expect(owner == 1000)
            #expect(animators.contains("crossFade"))
            await daemon.stop()
        }
        // The owner now lives in the stack's own record; no record of it is left apart.
        let store = try StateStore.open(directory: directory.file("state"))
        #expect(!store.values.keys.contains { $0.hasPrefix(TransitionEngine.foreignKeyPrefix + "owner/") })
        #expect(String(decoding: store.values["main"] ?? [], as: UTF8.self).contains(#""ownerUid":1000"#))
        await store.close()
    }

    /// Animators given at start are defined before clients connect; one that cannot be is logged and
    /// skipped.
    @Test func animatorsGivenAtStart() async throws {
        let directory = try TemporaryDirectory()
        var configuration = Self.configuration(directory)
        var quick = try #require(BuiltinAnimators.named("fade"))
        quick.name = "quick"
        var clash = quick
        clash.name = "slide"
        configuration.animators = [quick, clash]
        let logged = OutputCollector()
        configuration.service.log = ServiceLog(minimumPriority: .warning) {
            logged.append(Data(($0.message + "\n").utf8))
        }
        let daemon = try await DaemonServer.start(configuration)
        let path = try #require(daemon.socketPath)
        let animators = try await Self.withClient(path) { try $0.listAnimators() }
        #expect(animators.first { $0.name == "quick" }?.builtin == false)
        #expect(animators.filter { $0.name == "slide" }.map(\.builtin) == [true])
        #expect(logged.text.contains("Failed to define animator slide"))
        #expect(!logged.text.contains("., ignoring"), "\(logged.text)")
        await daemon.stop()
        directory.remove()
    }

    /// The watchdog's question: idle is healthy; ticking is healthy only if ticks were delivered since.
    @Test func clockHealth() {
        var statistics = ClockStatistics(framesPerSecond: 60)
        let idle = ClockHealth(statistics)
        #expect(idle.isHealthy(since: idle))
        statistics.isTicking = true
        statistics.ticksDelivered = 10
        let ticking = ClockHealth(statistics)
        #expect(ticking.isHealthy(since: idle))
        #expect(!ticking.isHealthy(since: ticking))
    }

    /// A socket file nobody answers on is replaced; a live daemon's is left alone and start-up fails.
    @Test func staleAndLiveSockets() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("io.transitiond")
        let stale = CloseOnExec.unixStreamSocket()
        #expect(try UnixSocketAddress(path).bind(stale) == 0)
        close(stale)
        #expect(FileManager.default.fileExists(atPath: path))
        var configuration = ServingConfiguration(listening: .path(path, mode: 0o666))
        let daemon = try await DaemonServer.start(configuration)
        #expect((try? RawConnection(path: path)) != nil)
        configuration.stateDirectory = nil
        do {
            _ = try await DaemonServer.start(configuration)
            Issue.record("a second daemon started on a live socket")
        } catch {
            #expect(error.code == .socket)
            #expect(error.parameter == "socket")
        }
        #expect((try? RawConnection(path: path)) != nil)
        await daemon.stop()
        directory.remove()
    }

    /// A socket already listening (as socket activation passes one) is adopted, and left in place.
    @Test func adoptsAListeningSocket() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("activated")
        let descriptor = CloseOnExec.unixStreamSocket()
        #expect(try UnixSocketAddress(path).bind(descriptor) == 0)
        #expect(listen(descriptor, 16) == 0)
        let daemon = try await DaemonServer.start(
            ServingConfiguration(listening: .fileDescriptor(descriptor, path: path)))
        let stacks = try await OffPool.run { try TransitionClient(path: path, timeout: .seconds(10)).listStacks() }
        #expect(stacks == [])
        await daemon.stop()
        #expect(FileManager.default.fileExists(atPath: path))
        directory.remove()
    }

    @Test(arguments: [false, true]) func theConnectionLimitIsANamedError(perUser: Bool) async throws {
        let directory = try TemporaryDirectory()
        var configuration = Self.configuration(directory)
        // The daemon's limit, or the user's: every client of the test is the same user.
        if perUser {
            configuration.service.maximumConnectionsPerUser = 2
        } else {
            configuration.service.maximumConnections = 2
        }
        let daemon = try await DaemonServer.start(configuration)
        let path = try #require(daemon.socketPath)
        let refusal = try await OffPool.run { () -> TransitionClientError? in
            let kept = try (0..<2).map { _ in try TransitionClient(path: path, timeout: .seconds(10)) }
            for client in kept { _ = try client.listStacks() }
            defer { kept.forEach { $0.close() } }
            do throws(TransitionClientError) {
                _ = try TransitionClient(path: path, timeout: .seconds(10)).listStacks()
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal?.code == .limitExceeded)
        #expect(refusal?.fields["limit"] == (perUser ? "connectionsPerUser" : "connections"))
        #expect(refusal?.fields["maximum"] == 2)
        await daemon.stop()
        directory.remove()
    }

    /// A message over the limit is answered with LimitExceeded and ends its connection, and nothing else.
    @Test func anOversizedMessageEndsOnlyItsConnection() async throws {
        let directory = try TemporaryDirectory()
        var configuration = Self.configuration(directory)
        configuration.service.maximumMessageBytes = 4096
        let daemon = try await DaemonServer.start(configuration)
        let path = try #require(daemon.socketPath)
        let (failure, survivor) = try await OffPool.run { () -> (TransitionClientError?, Int) in
            let bystander = try TransitionClient(path: path, timeout: .seconds(10))
            defer { bystander.close() }
            try bystander.createStack("main", width: 375, height: 667, root: Screens.screen("home"))
            let sender = try TransitionClient(path: path, timeout: .seconds(10))
            var failure: TransitionClientError?
            do throws(TransitionClientError) {
                _ = try sender.call("Push", ["stack": "main", "screen": Screens.large("big", nodes: 200)])
            } catch {
                failure = error
            }
            return (failure, try bystander.stack("main").screens.count)
        }
        #expect(failure?.code == .limitExceeded)
        #expect(failure?.fields["limit"] == "messageBytes")
        #expect(failure?.fields["maximum"] == 4096)
        #expect(survivor == 1)
        await daemon.stop()
        directory.remove()
    }

    /// A screen nested as deep as docs/screens.md allows (64 levels of nodes), sent in its nested form
    /// with a style filling the call to `TransitionService.maximumCallDepth`, is read, kept and returned
    /// by GetStack, and after a restart; one level of nodes more is `InvalidScreen` naming the node, and
    /// the connection stays open. At the Varlink reader's default of 64 levels of JSON, 31 levels of
    /// nodes closed the connection unanswered.
    @Test func screensNestedToTheLimitAreRead() async throws {
        let directory = try TemporaryDirectory()
        let daemon = try await DaemonServer.start(Self.configuration(directory))
        let path = try #require(daemon.socketPath)
        // In a Push the screen's object is 3 levels deep and its node of level 64 is 130: a style of 126
        // arrays makes the call exactly `maximumCallDepth` deep.
        let styleDepth = TransitionService.maximumCallDepth - 130
        let (kept, failure) = try await Self.withClient(path) { client -> (JSONValue?, TransitionClientError?) in
            try client.createStack("main", width: 375, height: 667, root: Screens.screen("home"))
            let deep = Screens.chain("deep", levels: Screen.maximumDepth, styleDepth: styleDepth)
            _ = try client.call("Push", ["stack": "main", "screen": deep, "animated": false])
            var failure: TransitionClientError?
            do throws(TransitionClientError) {
                let deeper = Screens.chain("deeper", levels: Screen.maximumDepth + 1)
                _ = try client.call("Push", ["stack": "main", "screen": deeper, "animated": false])
            } catch {
                failure = error
            }
            return (try client.stack("main", includeScreens: true).screenObjects?.last, failure)
        }
        #expect(failure?.code == .invalidScreen)
        #expect(failure?.parameter == "screen.root" + String(repeating: ".children[0]", count: Screen.maximumDepth))
        var node = kept?["root"]
        for _ in 1..<Screen.maximumDepth { node = node?["children"]?[0] }
        #expect(node?["id"] == "n63")
        var style = node?["style"]
        for _ in 0..<styleDepth { style = style?[0] }
        #expect(style == "deepest")
        await daemon.stop()
        // Stored and restored whole.
        let restarted = try await DaemonServer.start(Self.configuration(directory))
        let restartedPath = try #require(restarted.socketPath)
        let restored = try await Self.withClient(restartedPath) {
            try $0.stack("main", includeScreens: true).screenObjects?.last
        }
        #expect(restored == kept)
        await restarted.stop()
        directory.remove()
    }

    /// Stopping lets the running transition and the operations queued behind it finish within the settle
    /// bound; what is still running at the bound is abandoned and reported, and the stack comes back with
    /// its committed state.
    @Test func stopSettlesQueuedOperationsAndReportsWhatItAbandons() async throws {
        let directory = try TemporaryDirectory()
        let daemon = try await DaemonServer.start(Self.configuration(directory))
        let path = try #require(daemon.socketPath)
        let slow: JSONValue = [
            "name": "slow",
            "variants": [
                "push": [
                    "duration": 60, "layers": ["from", "to"],
                    "phases": [
                        [
                            "duration": "duration", "timing": "linear",
                            "tracks": [["target": "to", "property": "alpha", "to": 1]],
                        ]
                    ],
                ]
            ],
        ]
        try await Self.withClient(path) { client in
            try client.createStack("main", width: 375, height: 667, root: Screens.screen("home"))
            _ = try client.defineAnimator(slow)
            // A slide (0.3 s) runs, a second one waits behind it, then a minute-long push behind both.
            for (screen, animator) in [("a", "slide"), ("b", "slide"), ("c", "slow")] {
                _ = try client.call(
                    "Push", ["stack": "main", "screen": Screens.json(screen), "animator": .string(animator)])
            }
        }
        let outcome = await daemon.stop(settleTimeout: .seconds(3))
        #expect(outcome.unsettledTransitions == 1)
        #expect(outcome.pendingWork.contains("stack main is not idle"), "\(outcome)")
        #expect(await daemon.stop() == outcome)

        let restarted = try await DaemonServer.start(Self.configuration(directory))
        let restartedPath = try #require(restarted.socketPath)
        let screens = try await Self.withClient(restartedPath) { try $0.stack("main").screens }
        #expect(screens == ["home", "a", "b"])
        #expect(await restarted.stop() == StopOutcome())
        directory.remove()
    }

    /// A damaged state directory is logged as `state-restore-problem` (its catalogued entry, naming the
    /// directory) and the stacks that could be read are served.
    @Test func aDamagedJournalIsLoggedAsARestoreProblem() async throws {
        let directory = try TemporaryDirectory()
        let first = try await DaemonServer.start(Self.configuration(directory))
        let firstPath = try #require(first.socketPath)
        try await Self.withClient(firstPath) { client in
            try client.createStack("main", width: 375, height: 667, root: Screens.screen("home"))
        }
        await first.stop()
        let journal = try #require(FileHandle(forWritingAtPath: directory.file("state/state.journal")))
        journal.seekToEndOfFile()
        journal.write(Data("not a record".utf8))
        journal.closeFile()

        var configuration = Self.configuration(directory)
        let logged = Locked<[ServiceLog.Entry]>([])
        configuration.service.log = ServiceLog(minimumPriority: .warning) { entry in
            logged.withLock { $0.append(entry) }
        }
        let second = try await DaemonServer.start(configuration)
        let problems = logged.withLock { $0 }.filter { $0.field("EVENT") == "state-restore-problem" }
        #expect(problems.count == 1, "\(logged.withLock { $0 })")
        #expect(problems.first?.field("STATE_DIRECTORY") == directory.file("state"))
        #expect(problems.first?.message.contains("., ignoring") == false)
        #expect(second.engine.stackIDs.count == 1)
        await second.stop()
        directory.remove()
    }
}
