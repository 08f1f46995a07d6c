import Foundation
import JSON
import Synchronization
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

/// The service on a real Unix socket in a temporary directory, over an engine on a `VirtualClock`
/// (time moves only when a test advances it) with in-memory or on-disk stores.
///
/// A test ends with `shutdown()`, or hands the directory to a later harness with `stop()` (a restart). A
/// harness released without either, because its test failed first, is shut down by `deinit`, so that a
/// failing test leaves no directory and no running server behind.
final class ServiceHarness: Sendable {
    let directory: TemporaryDirectory
    let path: String
    let clock: VirtualClock
    let engine: TransitionEngine
    let service: TransitionService
    let server: VarlinkServer
    let log = LogRecorder()
    /// Whether `stop()` (or `shutdown()`) ran.
    private let stopped = Atomic<Bool>(false)

    init(
        configuration: ServiceConfiguration = ServiceConfiguration(), socketMode: UInt32 = 0o666,
        directory: TemporaryDirectory? = nil, persistent: Bool = false,
        engineLimits: TransitionEngine.Limits = TransitionEngine.Limits()
    ) throws {
        let directory = try directory ?? TemporaryDirectory()
        self.directory = directory
        path = directory.file("io.transitiond")
        clock = try VirtualClock(framesPerSecond: 60)
        let engineStore = persistent ? try StateStore.open(directory: directory.file("state")) : .inMemory()
        let serviceStore = ServiceStore(sharing: engineStore)
        engine = TransitionEngine(clock: clock, store: engineStore, limits: engineLimits, shardCount: 2)
        var configuration = configuration
        let log = self.log
        configuration.log = ServiceLog(minimumPriority: .debug) { log.record($0) }
        service = TransitionService(engine: engine, store: serviceStore, configuration: configuration)
        var serverConfiguration = VarlinkServer.Configuration()
        serverConfiguration.maximumConnections = configuration.maximumConnections
        serverConfiguration.maximumMessageBytes = configuration.maximumMessageBytes
        serverConfiguration.maximumCallDepth = TransitionService.maximumCallDepth
        server = try VarlinkServer(
            service: service.makeVarlinkService(version: "test"),
            listener: try .listen(path: path, mode: socketMode), configuration: serverConfiguration)
        service.setConnectionCounter { [server] in server.connectionCount }
    }

    /// A new harness (in memory, the default configuration) holding one stack, `name`, as
    /// `Screens.createParameters(name)` creates it.
    static func withStack(_ name: String) async throws -> ServiceHarness {
        let harness = try ServiceHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters(name))
        }
        return harness
    }

    /// A new validating connection.
    func connect() throws -> TestConnection { try TestConnection(path: path) }

    /// Runs `body` with a new connection, off the cooperative pool.
    @discardableResult
    func withConnection<Value: Sendable>(_ body: @escaping @Sendable (TestConnection) throws -> Value) async throws
        -> Value
    {
        let path = self.path
        return try await OffPool.run {
            let connection = try TestConnection(path: path)
            defer { connection.close() }
            return try body(connection)
        }
    }

    /// Advances the clock until no stack animates (at most `limit` frames).
    @discardableResult
    func settle(limit: Int = 10_000) async -> Int { await clock.advanceUntilIdle(limit: limit) }

    /// What is still running or waiting in the engine (empty when quiescent).
    func pendingWork() async -> [String] {
        var pending = await engine.pendingWork()
        if (try? clock.checkNothingPending()) == nil { pending.append("the clock has participants needing ticks") }
        return pending
    }

    /// Stops the server, the streams and the engine, and removes the directory.
    func shutdown() async {
        await stop()
        directory.remove()
    }

    /// Stops the server, the streams and the engine, and leaves the directory, with the state in it, to a
    /// harness started on it next.
    func stop() async {
        stopped.store(true, ordering: .relaxed)
        await Self.stop(server: server, service: service, engine: engine)
    }

    private static func stop(server: VarlinkServer, service: TransitionService, engine: TransitionEngine) async {
        _ = await OffPool.run { server.shutdown() }
        service.stopStreams()
        await engine.shutdown()
    }

    deinit {
        guard !stopped.load(ordering: .relaxed) else { return }
        let (server, service, engine, directory) = (server, service, engine, directory)
        Task.detached {
            await Self.stop(server: server, service: service, engine: engine)
            directory.remove()
        }
    }
}

/// Log entries the service wrote, for assertions.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ServiceLog.Entry] = []

    func record(_ entry: ServiceLog.Entry) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    var all: [ServiceLog.Entry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
