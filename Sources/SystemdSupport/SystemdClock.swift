#if canImport(Glibc)
    import Glibc
#endif

/// systemd's time base: CLOCK_MONOTONIC in microseconds (`usec_t`, `now(CLOCK_MONOTONIC)`).
///
/// Every time in this module is a `UInt64` count of microseconds, as in systemd
/// (`WATCHDOG_USEC`, `MONOTONIC_USEC`, `TimeoutSec=`). Types that decide by time
/// (`WatchdogPinger`, `LogRateLimiter`) take the current time as an argument, so tests pass
/// chosen values; production code passes `SystemdClock.monotonicMicroseconds()`.
public enum SystemdClock {
    /// The current CLOCK_MONOTONIC time in microseconds since an arbitrary start (boot on
    /// Linux), never going backwards. The corresponding C function is `clock_gettime`.
    public static func monotonicMicroseconds() -> UInt64 {
        var time = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid timespec pointer (clock_gettime(2)).
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * microsecondsPerSecond + UInt64(time.tv_nsec) / nanosecondsPerMicrosecond
    }

    private static let microsecondsPerSecond: UInt64 = 1_000_000
    private static let nanosecondsPerMicrosecond: UInt64 = 1_000
}
