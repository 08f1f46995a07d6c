#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time the calling thread has consumed (clock_gettime(2), CLOCK_THREAD_CPUTIME_ID), in
/// nanoseconds: wall time minus the time the scheduler gave the processor to other threads, which on a
/// shared 2-core machine is most of the noise. Wall time is SystemPrimitives' `MonotonicClock`.
public enum ThreadCPUClock {
    /// This thread's CPU time so far, nanoseconds.
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
