import SystemPrimitives

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

    /// The threads and what they share: the ready jobs and the timed actions.
    private let workers = WorkerThreads<Loop>(state: Loop.State())

    /// Starts `threadCount` threads (at least 1) named `name` (at most 15 bytes are kept). The threads
    /// live as long as the process: a pool is made once, at start.
    public init(threadCount: Int, name: String) {
        self.threadCount = max(threadCount, 1)
        workers.start(Loop(executor: self), name: name, count: self.threadCount)
    }

    /// The number of online processors: the default pool's width.
    public static var processorCount: Int { SystemThread.onlineProcessorCount }

    /// Queues `job` to run as soon as a thread is free, after every waiting job of its priority lane.
    public func enqueue(_ job: consuming ExecutorJob) {
        schedule(UnownedJob(job))
    }

    /// Queues `job` to run as soon as a thread is free.
    func schedule(_ job: UnownedJob) {
        workers.update { state in
            state.ready.push(job, priority: job.priority.rawValue)
            return .one
        }
    }

    /// Runs `action` on a pool thread once `MonotonicClock` reaches `deadline` (nanoseconds), or as soon
    /// as a thread is free if it has passed. Actions due at the same deadline run in the order they
    /// were given. An action must be short: it holds a thread that jobs could use (resuming a
    /// continuation is the intended use).
    public func run(atMonotonicNanoseconds deadline: Int64, _ action: @escaping @Sendable () -> Void) {
        workers.update { state in
            let earlier = state.timed.earliestDeadline.map { deadline < $0 } ?? true
            state.timed.insert(action, deadline: deadline)
            // The sleeping threads wait for a later deadline (or for nothing): one must look again.
            return earlier ? .one : .none
        }
    }

    /// Suspends the calling task until `duration` has passed on `MonotonicClock` (a duration of zero or
    /// less resumes at once, through the pool). Not cancellable: it returns at the deadline even if the
    /// task is cancelled meanwhile.
    public func sleep(for duration: Duration) async {
        let deadline = Self.deadline(after: duration, now: MonotonicClock.now())
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            run(atMonotonicNanoseconds: deadline) { continuation.resume() }
        }
    }

    /// The `MonotonicClock` deadline, nanoseconds, `duration` after `now`: `now` for a duration of zero or
    /// less, and `Int64.max` (never) for one too long to count in nanoseconds.
    static func deadline(after duration: Duration, now: Int64) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0, seconds > 0 || attoseconds > 0 else { return now }
        let (wholeSeconds, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflowed else { return .max }
        let (nanoseconds, tooLong) = wholeSeconds.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !tooLong else { return .max }
        return MonotonicClock.deadline(after: nanoseconds, from: now)
    }

    /// A pool thread's life: run due actions and ready jobs; with none, sleep until one is queued or the
    /// earliest timed action is due.
    private final class Loop: WorkerLoop {
        struct State {
            var ready = PriorityJobQueue<UnownedJob>()
            var timed = DeadlineHeap<@Sendable () -> Void>()
        }

        enum Work {
            case job(UnownedJob)
            case action(@Sendable () -> Void)
        }

        let executor: TaskPool

        init(executor: TaskPool) { self.executor = executor }

        func nextStep(_ state: inout State) -> WorkerStep<Work> {
            if let due = state.timed.earliestDeadline, due <= MonotonicClock.now(),
                let action = state.timed.popDue(now: due)
            {
                return .perform(.action(action))
            }
            if let job = state.ready.pop() {
                // A burst queued while only one thread was awake: wake another for the rest.
                return state.ready.isEmpty ? .perform(.job(job)) : .performWakingAnother(.job(job))
            }
            if let due = state.timed.earliestDeadline { return .sleepUntil(monotonicNanoseconds: due) }
            return .sleep
        }

        func perform(_ work: Work) {
            switch work {
            case .job(let job): job.runSynchronously(on: executor.asUnownedTaskExecutor())
            case .action(let action): action()
            }
        }
    }
}
