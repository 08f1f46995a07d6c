#if canImport(Glibc)
    import Glibc
#endif

/// `CLOCK_MONOTONIC` in nanoseconds, and sleeps to absolute deadlines on it, so that a loop of timed
/// steps never accumulates drift (clock_nanosleep(2) with `TIMER_ABSTIME`).
public enum MonotonicClock {
    /// Nanoseconds per second.
    public static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// The current time in nanoseconds since an arbitrary start (the boot, on Linux).
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * nanosecondsPerSecond + Int64(time.tv_nsec)
    }

    /// Sleeps until `deadline` (nanoseconds on ``now()``'s scale); returns at once for a deadline that
    /// has passed. Interrupted sleeps (a signal) continue to the same deadline.
    public static func sleep(until deadline: Int64) {
        var time = timespec(
            tv_sec: Int(deadline / nanosecondsPerSecond), tv_nsec: Int(deadline % nanosecondsPerSecond))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }

    /// `seconds` in nanoseconds, rounded to the nearest; negative and non-finite values give 0, and
    /// values past a century are capped there.
    public static func nanoseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let century = 100 * 365.25 * 86_400.0
        return Int64((min(seconds, century) * Double(nanosecondsPerSecond)).rounded())
    }
}
