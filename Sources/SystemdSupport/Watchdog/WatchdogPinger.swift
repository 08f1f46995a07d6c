/// Decides, at each tick of the caller's loop, whether to send `WATCHDOG=1`: only when a
/// ping is due and the caller's health check passes. A pure state machine: it starts no
/// thread, reads no clock and sends nothing; the caller passes the time and the health,
/// sends the ping and schedules the next tick.
///
/// A service that is alive but stuck (a clock that stopped ticking, a queue that no longer
/// drains) must stop pinging, so that systemd notices within `WatchdogSec=`. So the health
/// check should test progress, not mere liveness, for example "the display link ticked in
/// the last second, or nothing is animating".
///
/// ```swift
/// var pinger = WatchdogPinger(watchdog: watchdog)
/// while !shuttingDown {
///     let now = SystemdClock.monotonicMicroseconds()
///     let decision = pinger.tick(nowMicroseconds: now, isHealthy: engine.isMakingProgress(at: now))
///     if decision.action == .ping { try notifier.send(.watchdog) }
///     await sleep(untilMonotonicMicroseconds: decision.nextTickMicroseconds)
/// }
/// ```
public struct WatchdogPinger: Sendable, Hashable {
    /// What the caller should do now.
    public enum Action: Sendable, Hashable {
        /// Send `NotifyMessage.watchdog` now.
        case ping
        /// Nothing is due.
        case wait
        /// A ping is due but the health check failed: do not ping. If this lasts past
        /// `withholdingDeadlineMicroseconds`, systemd declares the service hung.
        case withhold
    }

    /// The outcome of one tick.
    public struct Decision: Sendable, Hashable {
        /// What to do now.
        public let action: Action
        /// When to tick next, in the same microseconds as the ticks' `now`.
        public let nextTickMicroseconds: UInt64
    }

    /// The watchdog being served.
    public let watchdog: Watchdog

    /// The time of the last ping the pinger asked for, or nil before the first.
    public private(set) var lastPingMicroseconds: UInt64?

    /// Creates a pinger; the first healthy tick pings.
    public init(watchdog: Watchdog) {
        self.watchdog = watchdog
    }

    /// The time after which systemd considers the service hung unless it pings: the last
    /// ping plus the timeout. Nil before the first ping (systemd counts from the start of
    /// the service, which the pinger does not know).
    public var withholdingDeadlineMicroseconds: UInt64? {
        lastPingMicroseconds.map { $0 &+ watchdog.timeoutMicroseconds }
    }

    /// How often an unhealthy service is asked again while a ping is due: a quarter of the
    /// ping interval, so a recovery is reported well before the timeout.
    private var recheckIntervalMicroseconds: UInt64 {
        max(watchdog.pingIntervalMicroseconds / 4, 1)
    }

    /// Decides what to do at `nowMicroseconds`.
    ///
    /// - Parameters:
    ///   - nowMicroseconds: the current monotonic time (`SystemdClock.monotonicMicroseconds()`
    ///     in production, chosen values in tests). A time earlier than the last ping counts
    ///     as "not due".
    ///   - isHealthy: the caller's health check at that time.
    /// - Returns: `.ping` when a ping is due (none yet, or a ping interval has passed since
    ///   the last) and the service is healthy; `.withhold` when one is due but it is not;
    ///   `.wait` otherwise. The next tick is the next due time, or a quarter interval later
    ///   while withholding.
    public mutating func tick(nowMicroseconds: UInt64, isHealthy: Bool) -> Decision {
        let interval = watchdog.pingIntervalMicroseconds
        if let last = lastPingMicroseconds {
            let due = last &+ interval
            if nowMicroseconds < due {
                return Decision(action: .wait, nextTickMicroseconds: due)
            }
        }
        guard isHealthy else {
            return Decision(action: .withhold, nextTickMicroseconds: nowMicroseconds &+ recheckIntervalMicroseconds)
        }
        lastPingMicroseconds = nowMicroseconds
        return Decision(action: .ping, nextTickMicroseconds: nowMicroseconds &+ interval)
    }
}
