import SystemdSupport

/// Decides whether the daemon is making progress, which is what `WATCHDOG=1` promises systemd.
///
/// `ServiceSupervisor` asks on its own thread, only when a ping is due (every half `WatchdogSec=`).
/// An implementation must answer at once and never block: a health check that waits on the thing it
/// checks would hang with it, and the missing pings are exactly how systemd learns of the hang.
public protocol ServiceHealthCheck: Sendable {
    /// Whether the daemon is healthy at `nowMicroseconds` (CLOCK_MONOTONIC, `SystemdClock`).
    func isHealthy(nowMicroseconds: UInt64) -> Bool
}

/// A health check given as a closure, for example over values the engine publishes.
public struct ClosureHealthCheck: ServiceHealthCheck {
    private let check: @Sendable (UInt64) -> Bool

    /// Wraps `check`, which receives the current monotonic time in microseconds.
    public init(_ check: @escaping @Sendable (UInt64) -> Bool) {
        self.check = check
    }

    /// The closure's answer.
    public func isHealthy(nowMicroseconds: UInt64) -> Bool { check(nowMicroseconds) }
}

/// Healthy when every one of several checks is.
public struct CombinedHealthCheck: ServiceHealthCheck {
    /// The checks, asked in order; the first failure ends the evaluation.
    public let checks: [any ServiceHealthCheck]

    /// Combines `checks`; with none, always healthy.
    public init(_ checks: [any ServiceHealthCheck]) {
        self.checks = checks
    }

    /// Whether all checks pass.
    public func isHealthy(nowMicroseconds: UInt64) -> Bool {
        checks.allSatisfy { $0.isHealthy(nowMicroseconds: nowMicroseconds) }
    }
}
