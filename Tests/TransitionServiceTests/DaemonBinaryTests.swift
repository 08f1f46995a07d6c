import Foundation
import JSON
import Testing
import TransitionClient
import TransitionService
import TransitionTestSupport

/// The real `transitiond` binary on a temporary socket, driven by the Python `varlink` package and by
/// our client: the protocol as a client nobody here wrote sees it, the disconnect rules with clients
/// killed by SIGKILL, and a stop by SIGTERM.
@Suite(.serialized) struct DaemonBinaryTests {
    @Test func pythonClientSeesTheProtocol() async throws {
        let daemon = try await OffPool.run { try DaemonUnderTest(arguments: ["--frame-rate", "60"]) }
        let outcome = try await OffPool.run { try PythonClient.run(mode: "basic", socket: daemon.socketPath) }
        let seen = PythonClient.json(outcome)
        #expect(seen["product"] as? String == "transitiond")
        #expect(seen["interfaces"] as? [String] == ["org.varlink.service", "io.transitiond"])
        #expect(
            seen["descriptionStart"] as? String
                == TransitionInterface.description.split(separator: "\n").first.map(String.init))
        #expect(seen["descriptionLength"] as? Int == TransitionInterface.description.utf8.count)
        #expect(seen["createdScreens"] as? [String] == ["home"])
        #expect(seen["firstFrameSettled"] as? Bool == true)
        #expect(seen["pushOutcome"] as? String == "started")
        #expect(seen["events"] as? [String] == ["began", "completed", "stackChanged"])
        let frames = (seen["transitionFrames"] as? Int ?? 0) + (seen["framesMissed"] as? Int ?? 0)
        #expect(frames >= 1)
        let error = seen["error"] as? [String: Any]
        #expect(error?["error"] as? String == "io.transitiond.StackUnderflow")
        #expect((error?["parameters"] as? [String: Any])?["stack"] as? String == "python")
        #expect((error?["parameters"] as? [String: Any])?["message"] is String)
        let missing = seen["noSuchStack"] as? [String: Any]
        #expect(missing?["error"] as? String == "io.transitiond.NoSuchStack")
        #expect(await OffPool.run { daemon.stop() } == 0)
        #expect(daemon.log.contains("Listening on \(daemon.socketPath)"))
    }

    /// A subscriber killed with SIGKILL leaves no connection behind.
    @Test func aKilledSubscriberLeavesNothing() async throws {
        let daemon = try await OffPool.run { try DaemonUnderTest(arguments: ["--frame-rate", "60"]) }
        let path = daemon.socketPath
        try await OffPool.run {
            let client = try TransitionClient(path: path, timeout: Deadline.failureTimeout)
            try client.createStack("main", width: 375, height: 667, root: Screens.screen("home"))
            let subscribers = try (0..<3).map { _ in
                try PythonClient(mode: "subscribe", socket: path, stack: "main")
            }
            for subscriber in subscribers { #expect(subscriber.waitForLine("subscribed")) }
            #expect(try client.statistics().clients == 4)
            try client.push(Screens.screen("a"), on: "main")
            for subscriber in subscribers { subscriber.kill() }
            #expect(Deadline.waitUntil { (try? client.statistics().clients) == 1 })
            client.close()
        }
        #expect(await OffPool.run { daemon.stop() } == 0)
    }

    /// The client driving an interactive transition is killed: the transition is cancelled (the
    /// default rule), the stack is as before, and the connection count returns to 0.
    @Test func aKilledDriverCancelsItsInteraction() async throws {
        let daemon = try await OffPool.run { try DaemonUnderTest(arguments: ["--frame-rate", "60"]) }
        let path = daemon.socketPath
        try await OffPool.run {
            let client = try TransitionClient(path: path, timeout: Deadline.failureTimeout)
            try client.createStack("main", width: 375, height: 667, root: Screens.screen("home"))
            try client.push(Screens.screen("detail"), on: "main", options: NavigationOptions(animated: false))
            let watcher = try client.subscribe(stack: "main", frames: false)
            // The first reply (the current frame) says the subscription is in place.
            guard case .frame? = try watcher.next() else {
                throw TransitionClientError(code: .unexpectedReply, message: "no frame")
            }
            let driver = try PythonClient(mode: "interactive", socket: path, stack: "main")
            #expect(driver.waitForLine("driving"))
            let driven = try client.stack("main").transition
            #expect(driven?.interactive == true)
            #expect(driven?.fraction == 0.5)
            driver.kill()
            var kinds: [String] = []
            while let item = try watcher.next() {
                if case .event(let event) = item {
                    kinds.append(event.kind)
                    if event.kind == "cancelled" { break }
                }
            }
            #expect(kinds == ["began", "cancelled"])
            watcher.cancel()
            #expect(try client.stack("main").screens == ["home", "detail"])
            client.close()
            #expect(Deadline.waitUntil { Self.connectionCount(path) == 1 })
        }
        #expect(await OffPool.run { daemon.stop() } == 0)
    }

    /// The pan recognized by the daemon, driven by the Python client: an edge pan that starts 60 points in
    /// is refused; one to 0.7 of the width with oneway samples finishes and pops; a push caught
    /// mid-flight pauses where it is and a cancelled release takes it back.
    @Test func pythonClientDrivesAPanAndCatchesATransition() async throws {
        let daemon = try await OffPool.run { try DaemonUnderTest(arguments: ["--frame-rate", "60"]) }
        let path = daemon.socketPath
        let outcome = try await OffPool.run {
            let client = try TransitionClient(path: path, timeout: Deadline.failureTimeout)
            defer { client.close() }
            try client.createStack("main", width: 375, height: 667, root: Screens.screen("home"))
            try client.push(Screens.screen("detail"), on: "main", options: NavigationOptions(animated: false))
            return try PythonClient.run(mode: "pointer", socket: path, stack: "main")
        }
        let seen = PythonClient.json(outcome)
        let outside = seen["outsideEdge"] as? [String: Any]
        #expect(outside?["error"] as? String == "io.transitiond.PointerOutsideEdge")
        #expect((outside?["parameters"] as? [String: Any])?["parameter"] as? String == "pointer")
        let release = seen["release"] as? [String: Any]
        #expect(release?["decision"] as? String == "finish")
        #expect(abs((release?["fraction"] as? Double ?? 0) - 0.7) < 1e-9)
        #expect(abs((release?["velocity"] as? Double ?? 0) - 262.5) < 1e-6)
        #expect(seen["screensAfterPop"] as? [String] == ["home"])
        let caught = seen["caughtFraction"] as? Double ?? -1
        #expect(caught >= 0 && caught < 1)
        let state = seen["stateWhileCaught"] as? [String: Any]
        #expect(state?["interactive"] as? Bool == true)
        #expect(state?["paused"] as? Bool == true)
        #expect(state?["fraction"] as? Double == caught)
        #expect((seen["moved"] as? [String: Any])?["fraction"] as? Double == caught)
        let atRest = seen["releaseAtRest"] as? [String: Any]
        #expect(atRest?["decision"] as? String == "cancel")
        #expect(atRest?["velocity"] as? Double == 0)
        #expect(await OffPool.run { daemon.stop() } == 0)
    }

    /// Connections open, as GetStats reports them (counting the asking one).
    static func connectionCount(_ path: String) -> Int {
        (try? TransitionClient(path: path, timeout: .seconds(5)).statistics().clients) ?? -1
    }

    /// SIGTERM: running transitions settle, the state is written, the daemon exits 0; started again
    /// on the same directory it has the stacks back.
    @Test func sigtermSettlesAndPersists() async throws {
        let directory = try TemporaryDirectory(prefix: "transitiond-daemon-test")
        defer { directory.remove() }
        let daemon = try await OffPool.run {
            try DaemonUnderTest(arguments: ["--frame-rate", "60"], directory: directory)
        }
        let path = daemon.socketPath
        try await OffPool.run {
            let client = try TransitionClient(path: path, timeout: Deadline.failureTimeout)
            try client.createStack("kept", width: 375, height: 667, root: Screens.screen("home"))
            try client.push(Screens.screen("detail"), on: "kept")
            client.close()
        }
        #expect(await OffPool.run { daemon.stop() } == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
        let again = try await OffPool.run {
            try DaemonUnderTest(arguments: ["--frame-rate", "60"], directory: directory)
        }
        let stack = try await OffPool.run {
            try TransitionClient(path: again.socketPath, timeout: Deadline.failureTimeout).stack("kept")
        }
        #expect(stack.screens == ["home", "detail"])
        #expect(stack.ownerUid == getuid())
        #expect(await OffPool.run { again.stop() } == 0)
    }
}
