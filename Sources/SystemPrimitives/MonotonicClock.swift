#if canImport(Glibc)
    import Glibc
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: the process's one clock for deadlines, waits and durations.
///
/// Every time read from it is an `Int64` count of nanoseconds since an arbitrary origin (boot, on Linux),
/// which never goes back and does not follow changes of the wall clock. The engine's frame grid, the
/// display link, the worker threads' timed waits (`WorkerStep.sleepUntil`, `ConditionLock`), the task
/// pool's timers and the tools' timeouts all count in it; systemd's microseconds (`SystemdClock`) are
/// this clock divided by 1,000.
public enum MonotonicClock {
    /// Nanoseconds since the clock's origin, now.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Sleeps until the clock reaches `deadline` nanoseconds (clock_nanosleep(2), `TIMER_ABSTIME`), sleeping
    /// again after an interruption; returns at once for a deadline already past.
    public static func sleep(untilNanoseconds deadline: Int64) {
        let deadline = max(deadline, 0)
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }

    /// `seconds` in nanoseconds, rounded to the nearest; negative and non-finite values give 0, and
    /// values past a century are capped there (a deadline that far is never reached).
    public static func nanoseconds(fromSeconds seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let century = 100 * 365.25 * 86_400.0
        return Int64((min(seconds, century) * 1e9).rounded())
    }

    /// The clock's reading `nanoseconds` after `start`, saturating at `Int64.max` (never) instead of
    /// overflowing; a negative duration counts as zero.
    public static func deadline(after nanoseconds: Int64, from start: Int64) -> Int64 {
        let (sum, overflowed) = start.addingReportingOverflow(max(nanoseconds, 0))
        return overflowed ? .max : sum
    }
}
