import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Sets the calling thread's timer slack in nanoseconds: how far the kernel may defer its timer wake-ups
/// to group them with others (prctl(2), PR_SET_TIMERSLACK; default 50 µs). Returns false when the kernel
/// refused.
@discardableResult
func setCurrentThreadTimerSlack(nanoseconds: UInt) -> Bool {
    clinux_set_timer_slack(nanoseconds) == 0
}
