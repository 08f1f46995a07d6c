import SystemdSupport
import TransitionCore
import TransitionEngine
import TransitionService

/// The daemon between `READY=1` and exit: the server, its log, its supervisor and its signals, and the
/// configuration in force (replaced by a reload). Made by `start`, stopped by `stop(signal:)`.
///
/// Of the three daemon types this is the systemd side: it wraps a `DaemonServer` with what a service needs
/// (the journal, `sd_notify` and the watchdog, signals, reloads); `DaemonProgram` makes one per process.
final class RunningDaemon: Sendable {

    let server: DaemonServer
    let log: DaemonLog
    let supervisor: ServiceSupervisor
    let socket: ListeningSocket
    let overrides: DaemonConfigurationOverrides
    private let configurationInForce: MonotonicCondition<DaemonConfiguration>
    /// The signals, handled from before the server starts.
    let signals: DaemonSignals

    private init(
        server: DaemonServer, log: DaemonLog, supervisor: ServiceSupervisor, socket: ListeningSocket,
        configuration: DaemonConfiguration, overrides: DaemonConfigurationOverrides, signals: DaemonSignals
    ) {
        self.signals = signals
        self.server = server
        self.log = log
        self.supervisor = supervisor
        self.socket = socket
        self.overrides = overrides
        configurationInForce = MonotonicCondition(configuration)
    }

    /// The configuration in force.
    var configuration: DaemonConfiguration { configurationInForce.withLock { $0 } }

    /// Puts `configuration` in force (a reload took it).
    func replaceConfiguration(with configuration: DaemonConfiguration) {
        configurationInForce.withLock { $0 = configuration }
    }

    /// Starts everything and sends `READY=1`.
    ///
    /// - Throws: `StartFailure` once the reason is logged; nothing is left running then.
    static func start(
        configuration: DaemonConfiguration, overrides: DaemonConfigurationOverrides, passed: ListenFileDescriptors,
        watchdog: Watchdog?
    ) throws(StartFailure) -> RunningDaemon {
        let log = DaemonLog(level: configuration.logLevel, instance: configuration.instance)
        log.starting(version: DaemonServer.version)
        log.configurationLoaded(configuration)
        let access = EffectiveAccess.resolve(configuration.access, mapping: UserNamespaceMapping.current())
        log.accessMode(access)
        let realTimeAllowed = configuration.realTimeScheduling.asks && RealTimeScheduling.systemAllows()
        log.realTimeScheduling(configuration.realTimeScheduling, allowed: realTimeAllowed)
        if configuration.realTimeScheduling == .required && !realTimeAllowed { throw StartFailure() }

        let socket: ListeningSocket
        do throws(LifecycleError) {
            socket = try ListeningSocket.acquire(passed: passed, settings: configuration.socket)
        } catch {
            log.socketFailed(error)
            throw StartFailure()
        }
        log.listening(socket)
        do { try socket.storeInServiceManager() } catch { log.fileDescriptorStoreFailed(error) }

        let user = UserAnimators.load(directory: configuration.animatorDirectory)
        for (file, reason) in user.rejected { log.animatorRejected(file: file, reason: reason) }
        if !user.animators.isEmpty {
            log.animatorsLoaded(count: user.animators.count, directory: configuration.animatorDirectory)
        }

        // The server exists only once started, but the log's and the engine's callbacks are made before.
        let started = MonotonicCondition<DaemonServer?>(nil)
        let status = StatusReporter(compute: { await started.withLock { $0 }?.statusSummary().text ?? "Starting" })
        let transitions = TransitionJournal(log: log)
        // Before the socket is served: a SIGTERM from then on stops the daemon cleanly, never by the
        // default action.
        let signals: DaemonSignals
        do throws(LifecycleError) {
            signals = try DaemonSignals()
        } catch {
            log.log(.notificationFailed, "Failed to start: \(error)", priority: .error)
            socket.removeSocketFileIfBound()
            throw StartFailure()
        }
        let serving = servingConfiguration(
            configuration, socket: socket, access: access, animators: user.animators, log: log,
            transitions: transitions, status: status)
        let result = SynchronousWait.run { () -> Result<DaemonServer, ServingError> in
            do throws(ServingError) {
                return .success(try await DaemonServer.start(serving))
            } catch {
                return .failure(error)
            }
        }
        let server: DaemonServer
        switch result {
        case .success(let value): server = value
        case .failure(let error):
            log.log(
                .socketFailed, "Failed to start: \(error.message)", fields: [JournalField("PARAMETER", error.parameter)]
            )
            socket.removeSocketFileIfBound()
            signals.stop()
            throw StartFailure()
        }
        started.withLock { $0 = server }
        log.stateRestored(stacks: server.engine.stackIDs.count, directory: configuration.stateDirectory)

        let supervisor = ServiceSupervisor(
            watchdog: watchdog,
            healthCheck: healthCheck(
                server: server, stallTimeoutMicroseconds: configuration.watchdog.stallTimeoutMicroseconds),
            onEvent: { log.supervisorEvent($0) })
        let daemon = RunningDaemon(
            server: server, log: log, supervisor: supervisor, socket: socket, configuration: configuration,
            overrides: overrides, signals: signals)
        do throws(LifecycleError) {
            try supervisor.start()
        } catch {
            log.log(.notificationFailed, "Failed to start: \(error)", priority: .error)
            _ = SynchronousWait.run { await server.stop() }
            socket.removeSocketFileIfBound()
            signals.stop()
            throw StartFailure()
        }
        signals.deliver(to: daemon)
        let summary = SynchronousWait.run { await server.statusSummary().text }
        Self.notify(log) { try supervisor.ready(status: summary) }
        log.ready(status: summary)
        status.publish(to: { supervisor.updateStatus($0) })
        return daemon
    }

    /// Sends a notification with `send`; a failure is logged and the daemon goes on (a service manager
    /// that stopped listening cannot be helped from here).
    static func notify(_ log: DaemonLog, _ send: () throws -> Bool) {
        do {
            _ = try send()
        } catch let error as SystemdError {
            log.supervisorEvent(.notificationFailed(error))
        } catch {
            log.log(.notificationFailed, "Failed to notify the service manager: \(error), ignoring")
        }
    }

    /// Start failed; the log says why.
    struct StartFailure: Error {}

    /// What the server runs with, from the daemon's configuration.
    static func servingConfiguration(
        _ configuration: DaemonConfiguration, socket: ListeningSocket, access: EffectiveAccess,
        animators: [AnimatorSpecification], log: DaemonLog, transitions: TransitionJournal, status: StatusReporter
    ) -> ServingConfiguration {
        var serving = ServingConfiguration(
            listening: .fileDescriptor(socket.fileDescriptor, path: socket.path),
            stateDirectory: configuration.stateDirectory)
        serving.framesPerSecond = configuration.frameRate
        serving.realTimeScheduling = configuration.realTimeScheduling
        serving.settleTimeout = .microseconds(configuration.shutdownSettleMicroseconds)
        serving.animators = animators
        let limits = configuration.limits
        serving.service.maximumMessageBytes = limits.maximumMessageBytes
        serving.service.maximumConnections = limits.maximumConnections
        serving.service.maximumConnectionsPerUser = limits.maximumConnectionsPerUser
        serving.service.limits = limits.service
        serving.engineLimits = limits.engine
        serving.reducesMotion = configuration.reduceMotion
        serving.service.maximumPendingOutputBytes = limits.maximumPendingOutputBytes
        serving.service.maximumPendingOutputBytesPerUser = limits.maximumPendingOutputBytesPerUser
        serving.service.ownership = access.ownership == .shared ? .shared : .perUser
        serving.service.controlGroup = access.controlGroupID
        // Everything reaches the daemon's log, which applies its own level and rate limits.
        serving.service.log = ServiceLog(minimumPriority: .debug) { entry in
            log.serviceEntry(
                syslogLevel: entry.priority.rawValue, message: entry.message, fields: entry.fields,
                fileID: entry.fileID, line: entry.line, function: entry.function)
            status.changed()
        }
        serving.transitionObserver = { event in
            transitions.record(event)
            if event.kind != .stackChanged { status.changed() }
        }
        return serving
    }

    /// "The engine answers and the clock ticks when it should": every stack actor answers a statistics
    /// round trip, and a clock with something to animate delivered ticks since the previous probe.
    static func healthCheck(server: DaemonServer, stallTimeoutMicroseconds: UInt64) -> ProbeHealthCheck {
        let previous = MonotonicCondition<ClockHealth?>(nil)
        return ProbeHealthCheck(stallTimeoutMicroseconds: stallTimeoutMicroseconds) { answer in
            Task {
                _ = await server.engine.statistics()
                let now = server.clockHealth
                let before = previous.withLock { value in
                    defer { value = now }
                    return value
                }
                answer(before.map { now.isHealthy(since: $0) } ?? true)
            }
        }
    }
}

extension DaemonServer {
    /// The `STATUS=` line's counts now.
    func statusSummary() async -> StatusSummary {
        let status = await status()
        return StatusSummary(
            stacks: status.stacks, animatingStacks: status.animatingStacks, clients: status.clients,
            framesPerSecond: status.framesPerSecond)
    }
}
