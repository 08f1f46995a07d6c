import SystemdSupport

/// The daemon's side of `Type=notify` (sd_notify(3)): `READY=1`, a current `STATUS=` line,
/// `WATCHDOG=1` only while a health check passes, `RELOADING=1` and `STOPPING=1`.
///
/// One dedicated thread (no Dispatch, no task, so a saturated or wedged task pool cannot stall it)
/// sends the watchdog pings and the status updates that `updateStatus(_:)` held back; the lifecycle
/// messages go out at once from the caller. All sends are serialized, so systemd sees them in the
/// order they happened. Without `NOTIFY_SOCKET` everything is a no-op, so the same code runs in a
/// terminal.
///
/// ```swift
/// let supervisor = ServiceSupervisor(watchdog: try Watchdog.fromEnvironment(unsettingEnvironment: true),
///                                    healthCheck: health, onEvent: log.supervisorEvent)
/// try supervisor.start()
/// try supervisor.ready(status: summary.text)            // once serving, state restored
/// supervisor.updateStatus(summary.text)                  // whenever a count changes
/// // SIGHUP:
/// try supervisor.reloading()
/// try supervisor.ready(status: summary.text)            // whether or not the new configuration was kept
/// // SIGTERM:
/// try supervisor.stopping(status: StatusSummary.stoppingText(runningTransitions: 2))
/// supervisor.stop()
/// ```
public final class ServiceSupervisor: Sendable {
    private struct State {
        var machine: SupervisorStateMachine
        var wakeRequested = false
        var stopRequested = false
        var thread: LifecycleThread?
    }

    /// The watchdog being fed, or nil when systemd armed none.
    public let watchdog: Watchdog?
    private let healthCheck: any ServiceHealthCheck
    private let notifier: any ServiceNotificationSender
    private let clock: @Sendable () -> UInt64
    private let onEvent: @Sendable (SupervisorEvent) -> Void
    private let state: MonotonicCondition<State>
    /// Held around every send, so datagrams leave in the order their decisions were made.
    private let sending = MonotonicCondition(())

    /// Creates a supervisor; `start()` starts its thread.
    ///
    /// - Parameters:
    ///   - watchdog: systemd's watchdog (`Watchdog.fromEnvironment`), or nil for none.
    ///   - healthCheck: asked when a ping is due; pings are withheld while it fails.
    ///   - statusIntervalMicroseconds: the least time between two `STATUS=` updates (default 1 s).
    ///   - notifier: where notifications go: `Notifier()` (sd_notify) in the daemon.
    ///   - clock: CLOCK_MONOTONIC in microseconds; the thread's waits use the same clock.
    ///   - onEvent: called on the supervisor's thread (or the caller's) with what the log should say.
    public init(
        watchdog: Watchdog?,
        healthCheck: any ServiceHealthCheck,
        statusIntervalMicroseconds: UInt64 = 1_000_000,
        notifier: any ServiceNotificationSender = Notifier(),
        clock: @escaping @Sendable () -> UInt64 = SystemdClock.monotonicMicroseconds,
        onEvent: @escaping @Sendable (SupervisorEvent) -> Void = { _ in }
    ) {
        self.watchdog = watchdog
        self.healthCheck = healthCheck
        self.notifier = notifier
        self.clock = clock
        self.onEvent = onEvent
        state = MonotonicCondition(
            State(
                machine: SupervisorStateMachine(
                    watchdog: watchdog, statusIntervalMicroseconds: statusIntervalMicroseconds)))
    }

    deinit { stop() }

    /// Starts the supervisor thread (`transitiond-sd`). Does nothing when it runs already or was stopped.
    ///
    /// - Throws: `LifecycleError` with `.threadFailed`.
    public func start() throws(LifecycleError) {
        guard state.withLock({ $0.thread == nil && !$0.stopRequested }) else { return }
        let thread = try LifecycleThread(name: "transitiond-sd") { [self] in run() }
        state.withLock { $0.thread = thread }
    }

    /// Stops and joins the thread; pings stop. Idempotent; later status updates are dropped.
    public func stop() {
        let thread = state.update { state -> LifecycleThread? in
            state.stopRequested = true
            defer { state.thread = nil }
            return state.thread
        }
        thread?.join()
    }

    /// Sends `READY=1` with `STATUS=status`: at start once the socket is served and the state
    /// restored, and after a reload.
    ///
    /// - Returns: false when no service manager listens (`NOTIFY_SOCKET` unset).
    /// - Throws: `SystemdError` when the notification cannot be sent.
    @discardableResult
    public func ready(status: String) throws -> Bool {
        try sendNow([.ready, .status(status)], status: status)
    }

    /// Sends `RELOADING=1` with `MONOTONIC_USEC=` now (systemd 253 requires it for
    /// `Type=notify-reload`, 252 accepts it); follow with `ready(status:)` when done, whether the new
    /// configuration was taken or rejected.
    @discardableResult
    public func reloading(status: String = "Reloading configuration") throws -> Bool {
        try sendNow([.reloading(monotonicMicroseconds: clock()), .status(status)], status: status)
    }

    /// Sends `STOPPING=1` with `STATUS=status`, on SIGTERM before settling.
    @discardableResult
    public func stopping(status: String) throws -> Bool {
        try sendNow([.stopping, .status(status)], status: status)
    }

    /// Offers a new status line. Sent at once when the last update is at least the status interval
    /// old, otherwise held back and sent (if still the latest) when the interval ends. Never blocks on
    /// the service manager; failures are reported through `onEvent`.
    public func updateStatus(_ text: String) {
        sending.withLock { _ in
            let decision = state.update { state -> StatusThrottle.Decision in
                guard !state.stopRequested else { return .unchanged }
                let decision = state.machine.throttle.submit(text, nowMicroseconds: clock())
                // A held-back text changes the thread's next wake-up.
                if case .holdUntil = decision { state.wakeRequested = true }
                return decision
            }
            if case .send(let text) = decision { deliver([.status(text)]) }
        }
    }

    /// Whether a service manager listens (`NOTIFY_SOCKET` is set).
    public var isEnabled: Bool { notifier.isEnabled }

    private func sendNow(_ messages: [NotifyMessage], status: String) throws -> Bool {
        try sending.withLock { _ in
            state.withLock { $0.machine.throttle.recordSentImmediately(status, nowMicroseconds: clock()) }
            return try notifier.send(messages)
        }
    }

    /// Sends each message as its own datagram; call with `sending` held.
    private func deliver(_ messages: [NotifyMessage]) {
        for message in messages {
            do {
                _ = try notifier.send([message])
            } catch let error as SystemdError {
                onEvent(.notificationFailed(error))
            } catch {
                onEvent(.notificationFailed(SystemdError(code: .notificationFailed, message: "\(error)")))
            }
        }
    }

    private func run() {
        while true {
            let now = clock()
            let isDue = state.withLock { $0.machine.isWatchdogDue(nowMicroseconds: now) }
            // Asked outside every lock: the check may take locks of its own.
            let isHealthy = isDue ? healthCheck.isHealthy(nowMicroseconds: now) : nil
            // Decided and sent under `sending`, so a lifecycle message cannot slip in between.
            let step = sending.withLock { _ in
                let step = state.withLock { $0.machine.tick(nowMicroseconds: now, isHealthy: isHealthy) }
                deliver(step.messages)
                return step
            }
            step.events.forEach(onEvent)
            let shouldStop = state.wait(
                untilMonotonicMicroseconds: step.nextWakeMicroseconds,
                unless: { $0.stopRequested || $0.wakeRequested }
            ) { state -> Bool in
                state.wakeRequested = false
                return state.stopRequested
            }
            if shouldStop { return }
        }
    }
}
