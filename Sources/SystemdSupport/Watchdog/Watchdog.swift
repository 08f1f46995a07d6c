import CSystemd

/// The service watchdog that systemd arms with `WatchdogSec=` (sd_watchdog_enabled(3)).
///
/// When the watchdog is on, the service must send `WATCHDOG=1` (`NotifyMessage.watchdog`)
/// more often than `timeoutMicroseconds`, or systemd considers it hung and acts on
/// `WatchdogSignal=` / `Restart=`. Send the pings only while the service is really healthy:
/// see `WatchdogPinger`, which decides when to ping from a health check the caller supplies.
public struct Watchdog: Sendable, Hashable {
    /// The watchdog timeout in microseconds (`WATCHDOG_USEC`), always more than zero.
    public let timeoutMicroseconds: UInt64

    /// A watchdog with the given timeout, or nil when the timeout is zero (no watchdog).
    public init?(timeoutMicroseconds: UInt64) {
        guard timeoutMicroseconds > 0 else { return nil }
        self.timeoutMicroseconds = timeoutMicroseconds
    }

    /// How often to ping: half the timeout, as sd_watchdog_enabled(3) recommends, so one
    /// late ping does not trip the watchdog.
    public var pingIntervalMicroseconds: UInt64 {
        timeoutMicroseconds / Self.pingsPerTimeout
    }

    /// Pings per timeout period recommended by sd_watchdog_enabled(3) ("every half of the
    /// time returned here").
    private static let pingsPerTimeout: UInt64 = 2

    /// The watchdog systemd armed for this process, or nil when there is none
    /// (`WATCHDOG_USEC` unset, or `WATCHDOG_PID` names another process).
    ///
    /// The corresponding C function is `sd_watchdog_enabled`.
    ///
    /// - Parameter unsettingEnvironment: when `true`, libsystemd removes `WATCHDOG_USEC`
    ///   and `WATCHDOG_PID` so children do not inherit them (do it before other threads
    ///   start: `unsetenv` is not thread-safe).
    /// - Throws: `SystemdError` with `.watchdogFailed` and the errno when the variables are
    ///   malformed (EINVAL).
    public static func fromEnvironment(unsettingEnvironment: Bool = false) throws -> Watchdog? {
        var microseconds: UInt64 = 0
        let result = sd_watchdog_enabled(unsettingEnvironment ? 1 : 0, &microseconds)
        guard result >= 0 else {
            throw SystemdError(
                code: .watchdogFailed,
                message: "Failed to read the watchdog settings; check WATCHDOG_USEC and WATCHDOG_PID",
                errno: -result
            )
        }
        guard result > 0 else { return nil }
        return Watchdog(timeoutMicroseconds: microseconds)
    }
}
