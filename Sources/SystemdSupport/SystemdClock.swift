import SystemPrimitives

/// systemd's time base: CLOCK_MONOTONIC in microseconds (`usec_t`, `now(CLOCK_MONOTONIC)`).
///
/// Every time in this module is a `UInt64` count of microseconds, as in systemd
/// (`WATCHDOG_USEC`, `MONOTONIC_USEC`, `TimeoutSec=`). Types that decide by time
/// (`WatchdogPinger`, `LogRateLimiter`) take the current time as an argument, so tests pass
/// chosen values; production code passes `SystemdClock.monotonicMicroseconds()`.
public enum SystemdClock {
    /// The current CLOCK_MONOTONIC time in microseconds since an arbitrary start (boot on
    /// Linux), never going backwards: SystemPrimitives' `MonotonicClock.now()`, the one monotonic
    /// clock of the project, in systemd's unit.
    public static func monotonicMicroseconds() -> UInt64 { UInt64(MonotonicClock.now()) / 1_000 }
}
