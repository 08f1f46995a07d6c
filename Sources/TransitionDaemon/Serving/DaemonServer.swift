import SystemPrimitives
import TaskPool
import TransitionEngine
import TransitionService
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

/// The running daemon: clock, engine, service and Varlink server, built from a `ServingConfiguration`
/// and stopped in the reverse order.
///
/// Of the three daemon types this is the serving core, with nothing of systemd: `RunningDaemon` wraps it
/// for the service, and tests and benchmarks start it on its own.
///
/// ```swift
/// let daemon = try await DaemonServer.start(ServingConfiguration(listening: .path(path, mode: 0o666)))
/// // … until SIGTERM …
/// await daemon.stop()
/// ```
///
/// Start: state directory (its one store, with an older daemon's service records moved in), display
/// link, engine (restores the stacks), service, listening socket, Varlink server, clock. Stop
/// (`stop()`): refuse changes (`ShuttingDown`), release interactive transitions by their drivers' rules,
/// let running transitions reach their end for at most `settleTimeout`, end the subscription streams,
/// stop the server (no new
/// connections; calls in flight finish for at most `disconnectTimeout`; every client closed), shut the
/// engine down (transitions still running are abandoned: their stacks keep their committed state; the
/// store writes its snapshot), stop the clock.
///
/// For systemd integration: `listening: .fileDescriptor` adopts a socket-activated descriptor;
/// `status()` gives a `STATUS=` line; `clockHealth` tells a watchdog whether the clock is alive;
/// `configuration.service.log` receives every log entry with structured fields.
public final class DaemonServer: Sendable {
    /// The daemon's version, as `transitiond --version` prints it and `GetInfo` reports it.
    public static let version = "0.1.0"

    /// What the daemon was started with.
    public let configuration: ServingConfiguration
    /// The display link every stack runs on.
    public let clock: DisplayLink
    /// The engine.
    public let engine: TransitionEngine
    /// The `io.transitiond` service.
    public let service: TransitionService
    /// The socket path clients connect to, when known.
    public let socketPath: String?
    private let server: VarlinkServer
    private let stopping = StopCoordinator()

    private init(
        configuration: ServingConfiguration, clock: DisplayLink, engine: TransitionEngine, service: TransitionService,
        server: VarlinkServer
    ) {
        self.configuration = configuration
        self.clock = clock
        self.engine = engine
        self.service = service
        self.server = server
        self.socketPath = server.path
    }

    /// Starts the daemon; it serves until `stop()`.
    ///
    /// - Throws: `ServingError` when the clock rate is out of range, the state directory cannot be used,
    ///   or the socket cannot be bound or adopted. Nothing is left running then.
    public static func start(_ configuration: ServingConfiguration) async throws(ServingError) -> DaemonServer {
        let log = configuration.service.log
        raiseFileDescriptorLimit(log: log)
        let clock: DisplayLink
        do {
            clock = try DisplayLink(
                framesPerSecond: configuration.framesPerSecond, realTimeScheduling: configuration.realTimeScheduling)
        } catch {
            throw ServingError(.clock, error.message, parameter: "framesPerSecond")
        }
        let (store, migrationProblems) = try await openStore(configuration.stateDirectory)
        let engine = TransitionEngine(
            clock: clock, store: store, limits: configuration.engineLimits,
            transitionObserver: configuration.transitionObserver)
        engine.setReducesMotion(configuration.reducesMotion)
        var problems = engine.restoreProblems + migrationProblems
        do throws(TransitionEngineError) {
            try await engine.foldLegacyOwnerRecords()
        } catch {
            // The stacks have their owners in memory; the old records are read again at the next start.
            problems.append(error)
        }
        let serviceStore = ServiceStore(sharing: store)
        for problem in problems {
            log.log(
                .warning, "Failed to restore part of the state: \(ServiceLog.reason(problem.message)), ignoring",
                [
                    ("STATE_DIRECTORY", configuration.stateDirectory ?? ""), ("ERROR", "\(problem)"),
                    ("EVENT", "state-restore-problem"),
                ])
        }
        let service = TransitionService(engine: engine, store: serviceStore, configuration: configuration.service)
        for animator in configuration.animators {
            do throws(ServiceError) {
                try service.define(animator)
            } catch {
                log.log(
                    .warning,
                    "Failed to define animator \(animator.name): \(ServiceLog.reason(error.message)), ignoring",
                    [("ANIMATOR", animator.name), ("PARAMETER", error.parameter)])
            }
        }
        let server: VarlinkServer
        do {
            let listener = try makeListener(configuration.listening)
            server = try VarlinkServer(
                service: service.makeVarlinkService(version: configuration.version), listener: listener,
                configuration: serverConfiguration(configuration))
        } catch {
            await engine.shutdown()
            throw ServingError(.socket, "Failed to listen: \(error.message)", parameter: "socket")
        }
        service.setConnectionCounter { [weak server] in server?.connectionCount ?? 0 }
        await clock.start()
        return DaemonServer(
            configuration: configuration, clock: clock, engine: engine, service: service, server: server)
    }

    /// Client connections open now.
    public var connectionCount: Int { server.connectionCount }

    /// The clock's health now (compare two reports with `ClockHealth.isHealthy(since:)`).
    public var clockHealth: ClockHealth { ClockHealth(clock.statistics) }

    /// A snapshot for a status line.
    ///
    /// Counts only: no stack actor is visited (`GetStats` and the watchdog's probe do that), so that a
    /// status line costs the same with 10 stacks or 10,000.
    public func status() async -> DaemonStatus {
        DaemonStatus(
            stacks: engine.stackCount, animatingStacks: engine.animatingStackCount, clients: server.connectionCount,
            subscribers: service.streamCount, framesPerSecond: clock.framesPerSecond, isStopping: service.isStopping)
    }

    /// Stops the daemon (see the type's documentation for the order) and returns once everything is
    /// stopped and the state written. Idempotent: later and concurrent calls wait for the same stop.
    ///
    /// - Parameter settleTimeout: how long running transitions (and the operations queued behind them)
    ///   may take to reach their end; nil for the configuration's `settleTimeout` (a reload may have
    ///   changed it since the start).
    /// - Returns: what the stop left unfinished, the same for every caller.
    @discardableResult
    public func stop(settleTimeout: Duration? = nil) async -> StopOutcome {
        let bound = settleTimeout ?? configuration.settleTimeout
        return await stopping.run { [self] in await performStop(settleTimeout: bound) }
    }

    private func performStop(settleTimeout: Duration) async -> StopOutcome {
        service.beginShutdown()
        await service.releaseInteractions()
        let outcome = await settle(within: settleTimeout)
        service.stopStreams()
        let server = self.server
        await SystemThread.run { server.shutdown() }
        await engine.shutdown()
        await clock.stop()
        return outcome
    }

    /// Waits until nothing runs or waits on any stack, for at most `settleTimeout`; returns what is left.
    private func settle(within settleTimeout: Duration) async -> StopOutcome {
        let deadline = ContinuousClock.now.advanced(by: settleTimeout)
        // One look per frame period: transitions end on ticks, so looking more often finds nothing new.
        // While transitions run a counter says so; every stack is visited only once none runs.
        let period = Duration.nanoseconds(1_000_000_000 / Int64(clock.framesPerSecond))
        while ContinuousClock.now < deadline {
            if engine.animatingStackCount == 0, await engine.pendingWork().isEmpty { return StopOutcome() }
            await TaskPool.sleep(for: period)
        }
        let left = await engine.pendingWork()
        guard !left.isEmpty else { return StopOutcome() }
        return StopOutcome(unsettledTransitions: engine.animatingStackCount, pendingWork: left)
    }
}

/// Runs the stop once; later callers wait for it and get its outcome.
private actor StopCoordinator {
    private var task: Task<StopOutcome, Never>?

    func run(_ body: @escaping @Sendable () async -> StopOutcome) async -> StopOutcome {
        if let task { return await task.value }
        let task = Task { await body() }
        self.task = task
        return await task.value
    }
}
