import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Reads `CLOCK_MONOTONIC` in nanoseconds.
func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * EngineTime.nanosecondsPerSecond + Int64(time.tv_nsec)
}

/// Sets the calling thread's timer slack in nanoseconds: how far the kernel may defer its timer wake-ups
/// to group them with others (prctl(2), PR_SET_TIMERSLACK; default 50 µs). Returns false when the kernel
/// refused.
@discardableResult
func setCurrentThreadTimerSlack(nanoseconds: UInt) -> Bool {
    clinux_set_timer_slack(nanoseconds) == 0
}

/// Asks for real-time scheduling of the calling thread: `SCHED_FIFO` at `priority` (sched(7)). A thread
/// that sleeps almost all the time and works for microseconds per wake-up is the textbook case: it then
/// preempts the threads that keep the cores busy, so a loaded machine does not delay its deadlines.
/// Needs CAP_SYS_NICE or an RLIMIT_RTPRIO (systemd: `LimitRTPRIO=`, `CPUSchedulingPolicy=`); without
/// them the call fails and the thread keeps `SCHED_OTHER`. Returns whether it succeeded.
@discardableResult
func requestRealTimeScheduling(priority: Int32, of thread: pthread_t = pthread_self()) -> Bool {
    var parameters = sched_param()
    parameters.sched_priority = priority
    return pthread_setschedparam(thread, SCHED_FIFO, &parameters) == 0
}

/// Returns a thread of this process (by default the calling one) to normal scheduling (`SCHED_OTHER`,
/// sched(7)); always allowed.
func returnToNormalScheduling(of thread: pthread_t = pthread_self()) {
    var parameters = sched_param()
    parameters.sched_priority = 0
    pthread_setschedparam(thread, SCHED_OTHER, &parameters)
}
