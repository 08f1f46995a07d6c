import CTaskHooks
import SystemThreads

/// A fixed set of threads that run Swift concurrency jobs, and that sleep without a timer when there is
/// nothing to run.
///
/// Installed as the process's global executor (`installAsGlobalExecutor`), it runs every job that would
/// otherwise go to the runtime's default pool: default actors and tasks without an executor preference.
/// The default pool on Linux is libdispatch's, which starts a monitor timer with its first worker thread
/// and wakes once a second for as long as the process lives; this pool keeps no timer of its own, so an
/// idle process makes no wake-ups at all. `Task.sleep` still goes to libdispatch (the runtime hands
/// timed jobs to its default executor's scheduling), so such a process sleeps with `TaskPool.sleep`.
///
/// It is also an ordinary `TaskExecutor`, usable with `Task(executorPreference:)` without being
/// installed. Jobs run by priority lane (`PriorityJobQueue`), first in, first out within a lane; timed
/// actions wait in a `DeadlineHeap` and idle threads sleep until the earliest is due. Like the default
/// pool it has as many threads as processors by default, so a job that blocks its thread holds a share
/// of the pool: jobs must not block waiting for other jobs.
public final class TaskPool: TaskExecutor, @unchecked Sendable {
    /// How many threads run jobs.
    public let threadCount: Int

    // `lock` guards the variables below it; its condition is signalled when a job becomes ready or a
    // timed action is due earlier than the sleeping threads wait for.
    private let lock = ConditionLock()
    private var ready = PriorityJobQueue<UnownedJob>()
    private var timed = DeadlineHeap<@Sendable () -> Void>()
    private var idleThreads = 0

    /// Starts `threadCount` threads (at least 1) named `name` (at most 15 bytes are kept). The threads
    /// live as long as the process: a pool is made once, at start.
    public init(threadCount: Int, name: String) {
        self.threadCount = max(threadCount, 1)
        for _ in 0..<self.threadCount { SystemThread.startEssential(name: name) { [self] in work() } }
    }

    /// The number of online processors: the default pool's width.
    public static var processorCount: Int { SystemThread.onlineProcessorCount }

    /// Queues `job` to run as soon as a thread is free, after every waiting job of its priority lane.
    public func enqueue(_ job: consuming ExecutorJob) {
        schedule(UnownedJob(job))
    }

    /// Queues `job` to run as soon as a thread is free.
    func schedule(_ job: UnownedJob) {
        lock.lock()
        ready.push(job, priority: job.priority.rawValue)
        let sleeping = idleThreads > 0
        lock.unlock()
        if sleeping { lock.signal() }
    }

    /// Runs `action` on a pool thread once CLOCK_MONOTONIC reaches `deadline` (nanoseconds), or as soon
    /// as a thread is free if it has passed. Actions due at the same deadline run in the order they
    /// were given. An action must be short: it holds a thread that jobs could use (resuming a
    /// continuation is the intended use).
    public func run(atMonotonicNanoseconds deadline: UInt64, _ action: @escaping @Sendable () -> Void) {
        lock.lock()
        let earlier = timed.earliestDeadline.map { deadline < $0 } ?? true
        timed.insert(action, deadline: deadline)
        let sleeping = idleThreads > 0
        lock.unlock()
        // The sleeping threads wait for a later deadline (or for nothing): one must look again.
        if earlier && sleeping { lock.signal() }
    }

    /// Suspends the calling task until `duration` has passed on CLOCK_MONOTONIC (a duration of zero or
    /// less resumes at once, through the pool). Not cancellable: it returns at the deadline even if the
    /// task is cancelled meanwhile.
    public func sleep(for duration: Duration) async {
        let deadline = Self.deadline(after: duration, now: task_hooks_monotonic_nanoseconds())
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            run(atMonotonicNanoseconds: deadline) { continuation.resume() }
        }
    }

    /// The CLOCK_MONOTONIC deadline, nanoseconds, `duration` after `now`: `now` for a duration of zero or
    /// less, and `UInt64.max` (never) for one too long to count in nanoseconds.
    static func deadline(after duration: Duration, now: UInt64) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0, seconds > 0 || attoseconds > 0 else { return now }
        let (wholeSeconds, overflowed) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflowed else { return .max }
        let nanoseconds = wholeSeconds + UInt64(attoseconds / 1_000_000_000)
        let (deadline, pastTheEnd) = now.addingReportingOverflow(nanoseconds)
        return pastTheEnd ? .max : deadline
    }

    /// A thread's life: run ready jobs and due actions; with none, sleep until one is queued or the
    /// earliest timed action is due.
    private func work() -> Never {
        lock.lock()
        while true {
            if let due = timed.earliestDeadline, due <= task_hooks_monotonic_nanoseconds(),
                let action = timed.popDue(now: due)
            {
                lock.unlock()
                action()
                lock.lock()
                continue
            }
            if let job = ready.pop() {
                // A burst queued while only one thread was awake: wake another for the rest.
                if !ready.isEmpty, idleThreads > 0 { lock.signal() }
                lock.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
                lock.lock()
                continue
            }
            idleThreads += 1
            if let due = timed.earliestDeadline {
                lock.wait(untilMonotonicNanoseconds: due)
            } else {
                lock.wait()
            }
            idleThreads -= 1
        }
    }
}
