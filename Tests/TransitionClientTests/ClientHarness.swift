import Foundation
import JSON
import TransitionClient
import TransitionCore
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

/// The service on a socket in a temporary directory over a virtual clock, for the client's tests.
final class ClientHarness: Sendable {
    let directory: String
    let path: String
    let clock: VirtualClock
    let engine: TransitionEngine
    let service: TransitionService
    let server: VarlinkServer

    init() throws {
        directory = NSTemporaryDirectory() + "transitiond-client-test-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/io.transitiond"
        clock = try VirtualClock(framesPerSecond: 60)
        engine = TransitionEngine(clock: clock, store: .inMemory(), shardCount: 1)
        service = TransitionService(engine: engine, store: .inMemory())
        server = try VarlinkServer(
            service: service.makeVarlinkService(version: "test"), listener: try .listen(path: path))
    }

    /// Runs `body` with a new client on a thread of its own (the client blocks; the service's tasks need
    /// the pool).
    @discardableResult
    func withClient<Value: Sendable>(_ body: @escaping @Sendable (TransitionClient) throws -> Value) async throws
        -> Value
    {
        let path = self.path
        return try await OffPool.run {
            let client = try TransitionClient(path: path, timeout: Deadline.failureTimeout)
            defer { client.close() }
            return try body(client)
        }
    }

    /// Creates the stack `main` (375 × 667, the screen `home`) with a new client on a thread of its own and
    /// subscribes to it, then runs `body` on that thread with the client and the subscription.
    func subscribeToNewStack(
        _ body: @escaping @Sendable (TransitionClient, TransitionSubscription) throws -> Void = { _, _ in }
    ) async throws -> TransitionSubscription {
        let path = self.path
        return try await OffPool.run { () -> TransitionSubscription in
            let client = try TransitionClient(path: path)
            try client.createStack("main", width: 375, height: 667, root: ClientHarness.screen("home"))
            let subscription = try client.subscribe(stack: "main")
            try body(client, subscription)
            return subscription
        }
    }

    func shutdown() async {
        let server = self.server
        _ = await OffPool.run { server.shutdown() }
        service.stopStreams()
        await engine.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    static func screen(_ id: String) -> Screen {
        Screen(
            id: ScreenID(rawValue: id), kind: "page",
            root: Node(id: "view", frame: Rect(x: 0, y: 0, width: 375, height: 667)))
    }
}
