import SystemdSupport
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's signals, handled on a dedicated thread (`SignalListener`) from before the socket is
/// served: SIGTERM and SIGINT ask for the stop (even during the start, which then stops right after),
/// SIGHUP reloads once the daemon runs (one that arrives earlier is ignored: there is nothing to reload
/// yet), and in debug builds SIGUSR2 stalls the clock (`ClockStallFault`).
final class DaemonSignals: Sendable {
    /// The signal that asked for the stop, once one did; the main thread waits on it.
    private let stopRequest = MonotonicCondition<SignalListener.Signal?>(nil)
    private let daemon = MonotonicCondition<RunningDaemon?>(nil)
    private let listener = MonotonicCondition<SignalListener?>(nil)

    /// Installs the handlers.
    init() throws(LifecycleError) {
        var handled: [SignalListener.Signal] = [.terminate, .interrupt, .hangUp]
        #if DEBUG
            handled.append(ClockStallFault.trigger)
        #endif
        let stopRequest = stopRequest
        let daemon = daemon
        let installed = try SignalListener(signals: handled) { signal in
            switch signal {
            case .terminate, .interrupt:
                stopRequest.update { request in
                    if request == nil { request = signal }
                }
            default:
                daemon.withLock { $0 }?.handle(signal)
            }
        }
        listener.withLock { $0 = installed }
    }

    /// From now on, SIGHUP (and the fault hook) reach `daemon`.
    func deliver(to running: RunningDaemon) {
        daemon.withLock { $0 = running }
    }

    /// Blocks the calling thread (the main thread) until SIGTERM or SIGINT; returns which.
    func waitForStopRequest() -> SignalListener.Signal {
        while true {
            let request = stopRequest.wait(untilMonotonicMicroseconds: nil, unless: { $0 != nil }, then: { $0 })
            if let request { return request }
        }
    }

    /// Restores the previous dispositions and ends the thread; the daemon no longer refers to itself.
    func stop() {
        listener.withLock { $0 }?.stop()
        daemon.withLock { $0 = nil }
    }
}

extension RunningDaemon {
    /// A signal other than the stop: SIGHUP, or the debug fault hook.
    func handle(_ signal: SignalListener.Signal) {
        switch signal {
        case .hangUp:
            reload()
        default:
            #if DEBUG
                if signal == ClockStallFault.trigger {
                    // Logged before the stall, so that it comes before the withheld pings it causes.
                    log.log(
                        .watchdogWithheld,
                        "Stalling the clock thread on request (SIGUSR2, a fault hook of debug builds)",
                        priority: .warning)
                    server.clock.stallForTesting()
                }
            #endif
        }
    }

    /// Rereads the configuration (SIGHUP), as `systemctl reload` asks: `RELOADING=1`, then `READY=1`
    /// whether the new configuration was taken or rejected (the running one is then kept).
    ///
    /// Applied at once: `LogLevel=`, `ReduceMotion=` (for transitions that begin from then on), the user
    /// animators of `AnimatorDirectory=` (defined again, so edited files take effect), `ShutdownSettleSec=`
    /// and the limits of `[Limits]` but the server's three. Everything else takes effect at the next start
    /// (`DaemonConfiguration.parametersAppliedAtStart`), as the log entry says.
    func reload() {
        Self.notify(log) { try supervisor.reloading() }
        let previous = configuration
        do throws(DaemonConfigurationError) {
            let next = try DaemonConfiguration.load(overrides: overrides, socketIsPassed: socket.origin == .passed)
            log.setLevel(next.logLevel)
            // In range: the configuration's loader checked each key against what the engine accepts.
            try? server.engine.setLimits(next.limits.engine)
            server.service.setLimits(next.limits.service)
            server.engine.setReducesMotion(next.reduceMotion)
            defineUserAnimators(from: next.animatorDirectory)
            replaceConfiguration(with: next)
            log.reloaded(changed: next.changedParameters(comparedTo: previous))
        } catch {
            log.configurationRejected(error, keepingPrevious: true)
        }
        let summary = SynchronousWait.run { [server] in await server.statusSummary().text }
        Self.notify(log) { try supervisor.ready(status: summary) }
    }

    /// Defines (again) every animator of `directory`; files that cannot be used are logged and skipped.
    private func defineUserAnimators(from directory: String) {
        let user = UserAnimators.load(directory: directory)
        for (file, reason) in user.rejected { log.animatorRejected(file: file, reason: reason) }
        var defined = 0
        for animator in user.animators {
            do throws(ServiceError) {
                try server.service.define(animator)
                defined += 1
            } catch {
                log.animatorRejected(file: "\(directory)/\(animator.name)", reason: error.message)
            }
        }
        if defined > 0 { log.animatorsLoaded(count: defined, directory: directory) }
    }

    /// Stops: `STOPPING=1`, refuse changes, settle running transitions within `ShutdownSettleSec=`,
    /// write the state, close every client, remove a socket file the daemon bound, and return.
    func stop(signal: SignalListener.Signal) {
        let settle = configuration.shutdownSettleMicroseconds
        let running = SynchronousWait.run { [server] in await server.status().animatingStacks }
        let text = StatusSummary.stoppingText(runningTransitions: running)
        Self.notify(log) { try supervisor.stopping(status: text) }
        log.stopping(signal: signal.description, runningTransitions: running, settleMicroseconds: settle)
        let clients = server.connectionCount
        let outcome = SynchronousWait.run { [server] in await server.stop(settleTimeout: .microseconds(settle)) }
        if !outcome.pendingWork.isEmpty {
            log.transitionsCancelledAtShutdown(
                count: outcome.unsettledTransitions, settleMicroseconds: settle, pending: outcome.pendingWork)
        }
        log.stopped(stacks: server.engine.stackIDs.count, clients: clients)
        socket.removeSocketFileIfBound()
        signals.stop()
        supervisor.stop()
    }
}
