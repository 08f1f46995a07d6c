import SystemdSupport

/// What `ServiceSupervisor`'s thread does at each wake-up, as a pure state machine over
/// `WatchdogPinger` and `StatusThrottle`: which notifications to send, what to report, and when to
/// wake next. The caller passes the time and, only when `isWatchdogDue` says so, the health.
struct SupervisorStateMachine: Sendable {
    /// One wake-up's work.
    struct Step: Sendable, Equatable {
        /// Notifications to send, in order, each as its own datagram.
        var messages: [NotifyMessage] = []
        /// Things to report.
        var events: [SupervisorEvent] = []
        /// When to wake next; nil when nothing is scheduled (no watchdog and no pending status).
        var nextWakeMicroseconds: UInt64?
    }

    private var pinger: WatchdogPinger?
    private var nextWatchdogTickMicroseconds: UInt64 = 0
    /// When pings started being withheld (the first withheld tick), while they are.
    private var withholdingSinceMicroseconds: UInt64?
    var throttle: StatusThrottle

    init(watchdog: Watchdog?, statusIntervalMicroseconds: UInt64) {
        pinger = watchdog.map(WatchdogPinger.init(watchdog:))
        throttle = StatusThrottle(minimumIntervalMicroseconds: statusIntervalMicroseconds)
    }

    /// Whether the next `tick` needs the health (a ping is due).
    func isWatchdogDue(nowMicroseconds: UInt64) -> Bool {
        pinger != nil && nowMicroseconds >= nextWatchdogTickMicroseconds
    }

    /// Does what is due at `nowMicroseconds`. `isHealthy` is the health check's answer when
    /// `isWatchdogDue` was true, nil otherwise.
    mutating func tick(nowMicroseconds now: UInt64, isHealthy: Bool?) -> Step {
        var step = Step()
        if var pinger, now >= nextWatchdogTickMicroseconds, let isHealthy {
            let decision = pinger.tick(nowMicroseconds: now, isHealthy: isHealthy)
            self.pinger = pinger
            nextWatchdogTickMicroseconds = decision.nextTickMicroseconds
            switch decision.action {
            case .ping:
                step.messages.append(.watchdog)
                if let since = withholdingSinceMicroseconds {
                    step.events.append(.watchdogResumed(withheldMicroseconds: now &- since))
                    withholdingSinceMicroseconds = nil
                }
            case .withhold:
                if withholdingSinceMicroseconds == nil {
                    withholdingSinceMicroseconds = now
                    step.events.append(
                        .watchdogWithheld(
                            lastPingMicroseconds: pinger.lastPingMicroseconds,
                            deadlineMicroseconds: pinger.withholdingDeadlineMicroseconds))
                }
            case .wait:
                break
            }
        }
        if let text = throttle.flush(nowMicroseconds: now) {
            step.messages.append(.status(text))
        }
        let deadlines = [pinger == nil ? nil : nextWatchdogTickMicroseconds, throttle.pendingDeadlineMicroseconds]
        step.nextWakeMicroseconds = deadlines.compactMap { $0 }.min()
        return step
    }
}

/// Something `ServiceSupervisor` reports to the daemon's log (it never logs itself).
public enum SupervisorEvent: Sendable, Hashable {
    /// The health check failed when a ping was due, so `WATCHDOG=1` is being withheld. `deadline` is
    /// when systemd will consider the service hung (the last ping plus `WatchdogSec=`), nil before the
    /// first ping.
    case watchdogWithheld(lastPingMicroseconds: UInt64?, deadlineMicroseconds: UInt64?)
    /// The health check passed again and a ping was sent, after withholding for this long.
    case watchdogResumed(withheldMicroseconds: UInt64)
    /// A notification could not be sent; the daemon goes on (a service manager that stopped listening
    /// cannot be helped from here).
    case notificationFailed(SystemdError)
}
