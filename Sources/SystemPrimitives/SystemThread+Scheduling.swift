#if canImport(Glibc)
    import Glibc
#endif

extension SystemThread {
    /// Asks for real-time scheduling of `thread` (by default the calling one): `SCHED_FIFO` at `priority`
    /// (sched(7)). A thread that sleeps almost all the time and works for microseconds per wake-up is the
    /// textbook case: it then preempts the threads that keep the cores busy, so a loaded machine does not
    /// delay its deadlines. Needs CAP_SYS_NICE or an RLIMIT_RTPRIO (systemd: `LimitRTPRIO=`,
    /// `CPUSchedulingPolicy=`); without them the call fails and the thread keeps its policy. Returns
    /// whether it succeeded.
    @discardableResult
    public static func requestRealTimeScheduling(priority: Int32, of thread: pthread_t = pthread_self()) -> Bool {
        var parameters = sched_param()
        parameters.sched_priority = priority
        return pthread_setschedparam(thread, SCHED_FIFO, &parameters) == 0
    }

    /// Whether the system lets this process use real-time scheduling now: asks for `SCHED_FIFO` at
    /// `priority` for the calling thread (pthread_setschedparam(3)) and, if granted, puts the thread's
    /// previous policy and priority back at once. False without CAP_SYS_NICE or an RLIMIT_RTPRIO of at
    /// least `priority`, and under a unit with `RestrictRealtime=yes` or a filter on `sched_setscheduler`.
    public static func mayUseRealTime(priority: Int32) -> Bool {
        var policy: Int32 = 0
        var previous = sched_param()
        guard pthread_getschedparam(pthread_self(), &policy, &previous) == 0 else { return false }
        guard requestRealTimeScheduling(priority: priority) else { return false }
        pthread_setschedparam(pthread_self(), policy, &previous)
        return true
    }

    /// Returns a thread of this process (by default the calling one) to normal scheduling (`SCHED_OTHER`,
    /// sched(7)). The kernel always allows it; a system call filter that forbids `sched_setscheduler`
    /// (the shipped units') refuses it, and the thread keeps its policy.
    public static func returnToNormalScheduling(of thread: pthread_t = pthread_self()) {
        var parameters = sched_param()
        parameters.sched_priority = 0
        pthread_setschedparam(thread, SCHED_OTHER, &parameters)
    }

    /// Moves the calling thread from a real-time policy (`SCHED_FIFO`, `SCHED_RR`) to `SCHED_OTHER`; any
    /// other policy it keeps.
    ///
    /// A new thread inherits its creator's policy (pthread_create(3) with default attributes), and threads
    /// are started lazily: the readiness notifier by the first tick, at real time on a shard thread. Real
    /// time is for the threads that ask for it themselves (the timing thread, the shard threads while
    /// ticking); a reader's thread at `SCHED_FIFO` would compete with the ticks it serves as an equal. Set
    /// in the new thread rather than through `PTHREAD_EXPLICIT_SCHED`, which makes `pthread_create` itself
    /// fail where `sched_setscheduler` is forbidden (the shipped units' system call filter); there the
    /// creator cannot be at real time either, and the failure here changes nothing.
    static func leaveRealTimeScheduling() {
        let policy = sched_getscheduler(0)
        guard policy == SCHED_FIFO || policy == SCHED_RR else { return }
        returnToNormalScheduling()
    }
}
