#if canImport(Glibc)
    import Glibc
#endif

/// The clocks batches are timed with (clock_gettime(2)), read twice per batch of at least several
/// milliseconds, so the readings' own cost (tens to hundreds of nanoseconds) does not show in the figures.
public enum MonotonicClock {
    /// Wall time: CLOCK_MONOTONIC in nanoseconds since an unspecified start.
    public static func nanoseconds() -> UInt64 {
        read(CLOCK_MONOTONIC)
    }

    /// The CPU time this thread has consumed, CLOCK_THREAD_CPUTIME_ID in nanoseconds: wall time minus the
    /// time the scheduler gave the processor to other threads, which on a shared 2-core machine is most of
    /// the noise.
    public static func threadCPUNanoseconds() -> UInt64 {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Somewhere for results to go that the optimizer must keep: measured loops return a value depending on
/// all their work, and the context passes it here.
public enum Sink {
    nonisolated(unsafe) private static var accumulated = 0.0

    /// Folds `value` into a global the optimizer cannot see through.
    @inline(never)
    public static func consume(_ value: Double) {
        accumulated += value
    }
}
