import SystemPrimitives

/// Whether the engine's tick threads ask for real-time scheduling: `SCHED_FIFO` at priority 1, the lowest
/// real-time priority (sched(7)), for the timing thread and for each shard thread while it runs a tick.
///
/// Why the ticks want it: a tick is due on the frame grid, and at normal priority a busy machine delays the
/// timing thread's wake-up and the tick's work behind every other runnable thread (a compiler on both
/// cores delays an ordinary thread by milliseconds; docs/benchmarks.md measures the lateness with the
/// other core busy). What it costs: a tick preempts every normal thread while it runs, so a daemon ticking
/// thousands of stacks takes the cores first; the kernel's real-time throttling
/// (`/proc/sys/kernel/sched_rt_runtime_us`, 95 % by default) still leaves normal threads a share. Everything
/// else (client operations, commits, compiling plans, readers) stays at normal priority.
public enum RealTimeScheduling: String, Sendable, CaseIterable {
    /// Never ask: every engine thread stays `SCHED_OTHER`.
    case off
    /// Ask, and carry on at normal priority when the system refuses (no CAP_SYS_NICE and no
    /// RLIMIT_RTPRIO, or a unit with `RestrictRealtime=yes`).
    case whenAllowed
    /// Ask; a daemon refuses to start when the system refuses (checked with `SystemThread.mayUseRealTime`).
    case required

    /// Whether threads ask at all.
    public var asks: Bool { self != .off }
}

extension RealTimeScheduling {
    /// Whether the system lets this process use the tick threads' real-time priority now
    /// (`SystemThread.mayUseRealTime`, probed on the calling thread and undone at once).
    public static func systemAllows() -> Bool { SystemThread.mayUseRealTime(priority: DisplayLink.realTimePriority) }
}
