import Synchronization
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A serial executor with a thread of its own, for a shard's stacks: every `StackActor` of shard `i`
/// runs on the process's executor `i`, and so do its walk on each tick and a `DisplayLink`'s tick loop
/// (as a task executor, SE-0417), so a tick never waits in the cooperative pool for a free thread.
///
/// The timing thread resumes the tick loop, which enqueues it here and signals this thread directly (one
/// futex wake). The walk (`ShardWalk.walk`, run by a job isolated to this executor) then enters each
/// stack actor of the shard inline: they share this executor, so entering one and coming back is a
/// plain call with no job enqueued (an actor of its own on the default executor would be entered through a
/// queued job per hop). Client operations and the reports of a tick's commits reach the stacks here too,
/// as jobs queued behind the current one; tick jobs (those sent to `tickLane`) go first, so a tick waits at
/// most for the job that runs when it arrives.
///
/// Tick jobs run in the order they were enqueued, and so do ordinary jobs. The thread blocks on a condition
/// variable when it has no job: an idle executor never wakes. Where the system allows it, the thread runs
/// tick jobs at real-time priority (`SCHED_FIFO` 1, like the timing thread; raised as a tick job is queued,
/// so it also wakes at real time) and every other job at normal priority. Executors live for the whole
/// process (`shared`), like the cooperative pool, so engines created and dropped by the thousand (tests)
/// cost no threads each.
final class ShardExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// The process's shard executors, one per online processor, started on first use.
    static let shared: [ShardExecutor] = {
        let count = SystemThread.onlineProcessorCount
        return (0..<count).map { ShardExecutor(name: threadName(forShard: $0)) }
    }()

    /// The name of shard `index`'s thread: `transitiond-s0`, `transitiond-s1`… The kernel keeps 15 bytes
    /// of a thread's name, so the index stays whole up to 99 (past it, names repeat).
    static func threadName(forShard index: Int) -> String { "transitiond-s\(index)" }

    /// The shared executor that runs shard `index` (shards beyond the processor count share executors).
    static func forShard(_ index: Int) -> ShardExecutor { shared[index % shared.count] }

    /// Where tick work goes: the task executor that the tick loop and the shard walks prefer. Its jobs run
    /// on this executor's thread, isolated to this executor (so the walk enters the shard's stacks as
    /// before), ahead of every waiting ordinary job and at real time where the system allows it.
    ///
    /// Tick work is told apart by the executor it is sent to, not by its priority: Swift creates no task
    /// above user-initiated (a task asked for at user-interactive, 0x21, gets 0x19, `swift_task_create`),
    /// so a tick priority above every named one never reached a job, and the walks ran as ordinary jobs.
    let tickLane: TickLane

    /// The thread and the state it shares with those that queue jobs.
    private let worker = WorkerThreads<Loop>(state: Loop.State(), inheritingPriority: true)

    /// Whether the caller is a tick job of this executor: false on any other thread, and in an ordinary
    /// job of this one.
    var isRunningTickJob: Bool {
        worker.withState { state in
            guard let thread = state.scheduling.thread, pthread_equal(thread, pthread_self()) != 0 else {
                return false
            }
            return !state.runningOrdinary
        }
    }

    /// Whether a tick job waits for the thread, read without the lock: set when one is queued, cleared when
    /// the thread takes the tick jobs. For an ordinary job that works in steps (`ShardCommitReporter.report`) and
    /// lets a waiting tick go first between them: yielding after every step queued and ran a job each time
    /// (about 5,400 instructions per commit reported, under callgrind), where a tick seldom arrives
    /// meanwhile.
    var hasWaitingTickJob: Bool { tickJobWaiting.load(ordering: .relaxed) }
    /// Written under the worker's lock; read without it by `hasWaitingTickJob`.
    private let tickJobWaiting = Atomic<Bool>(false)

    /// Jobs run as tick jobs since the process started (tests check that ticks run as such).
    var tickJobsRun: UInt64 { worker.withState { $0.tickJobCount } }

    /// Jobs enqueued on this executor since the process started (tests check that a tick's walk enters
    /// its stacks without jobs).
    var jobsEnqueued: UInt64 { worker.withState { $0.enqueuedJobCount } }

    /// An executor with a thread of its own, which lives as long as the process: the engine uses
    /// `shared`; tests make their own to watch one that nothing else uses.
    init(name: String) {
        tickLane = TickLane()
        tickLane.executor = self
        worker.start(Loop(executor: self), name: name)
    }

    /// Queues an ordinary job (an actor's, or a task's that prefers this executor).
    func enqueue(_ job: consuming ExecutorJob) { enqueue(UnownedJob(job), urgent: false) }

    /// Queues an ordinary job, or a tick job (`urgent`, from `tickLane`); wakes the thread if it waits. A
    /// tick job raises the thread to real time at once, before it is woken: a sleeping thread then wakes
    /// ahead of whatever runs, and one running an ordinary job finishes it without waiting for the cores
    /// behind other threads (priority inheritance, by hand).
    private func enqueue(_ job: UnownedJob, urgent: Bool) {
        worker.update { state in
            state.enqueuedJobCount &+= 1
            if urgent {
                state.urgentJobs.append(job)
                tickJobWaiting.store(true, ordering: .relaxed)
                state.scheduling.set(realTime: true)
            } else {
                state.jobs.append(job)
            }
            return .one
        }
    }

    /// The shard thread's life: tick jobs first, all that wait at once, at real time; otherwise one
    /// ordinary job at a time, at normal priority, so that a tick arriving meanwhile waits for one job only.
    private final class Loop: WorkerLoop {
        struct State {
            var urgentJobs: [UnownedJob] = []
            var jobs: [UnownedJob] = []
            /// The index of the next ordinary job in `jobs` (taken one at a time without moving the rest).
            var head = 0
            var enqueuedJobCount: UInt64 = 0
            var tickJobCount: UInt64 = 0
            /// Whether the thread is running an ordinary job (at normal priority).
            var runningOrdinary = false
            var scheduling = ThreadScheduling()
        }

        enum Work {
            case tickJobs([UnownedJob])
            case ordinaryJob(UnownedJob)
        }

        let executor: ShardExecutor
        private let serialExecutor: UnownedSerialExecutor
        private let taskExecutor: UnownedTaskExecutor
        private let tickLaneExecutor: UnownedTaskExecutor

        init(executor: ShardExecutor) {
            self.executor = executor
            serialExecutor = executor.asUnownedSerialExecutor()
            taskExecutor = executor.asUnownedTaskExecutor()
            tickLaneExecutor = executor.tickLane.asUnownedTaskExecutor()
        }

        func workerStarted(_ state: inout State) { state.scheduling.thread = pthread_self() }

        func nextStep(_ state: inout State) -> WorkerStep<Work> {
            let urgent = !state.urgentJobs.isEmpty
            guard urgent || state.head < state.jobs.count else {
                // Wait at whatever priority the last job ran: the next tick job raises the thread before
                // waking it (`enqueue`), so the tick preempts whatever runs (measured: with the shard
                // threads woken at normal priority on a loaded machine, a tick's p99 lateness was 3–6 ms,
                // all of it waiting for the kernel to run this thread; at real time, 0.2–0.3 ms). Raising
                // it here instead cost two system calls per burst of ordinary jobs (client operations,
                // commit reports), thousands a second with transitions back to back.
                state.runningOrdinary = false
                return .sleep
            }
            // Ticks run at real time; everything else (client operations, commits, plan compilation) at
            // normal priority, so that it never starves the rest of the system. Changed under the lock, so
            // that a boost from `enqueue` and this change happen in order.
            state.runningOrdinary = !urgent
            state.scheduling.set(realTime: urgent)
            if urgent {
                let batch = state.urgentJobs
                state.urgentJobs = []
                executor.tickJobWaiting.store(false, ordering: .relaxed)
                state.tickJobCount &+= UInt64(batch.count)
                return .perform(.tickJobs(batch))
            }
            let job = state.jobs[state.head]
            state.head += 1
            if state.head == state.jobs.count {
                state.jobs.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 1_024 && state.head * 2 >= state.jobs.count {
                state.jobs.removeFirst(state.head)
                state.head = 0
            }
            return .perform(.ordinaryJob(job))
        }

        /// Runs the jobs isolated to the shard executor, like every job here: the thread is its alone. A
        /// tick job keeps the lane as its task executor, so its later jobs come back as tick jobs.
        func perform(_ work: Work) {
            switch work {
            case .tickJobs(let batch):
                for job in batch {
                    job.runSynchronously(isolatedTo: serialExecutor, taskExecutor: tickLaneExecutor)
                }
            case .ordinaryJob(let job):
                job.runSynchronously(isolatedTo: serialExecutor, taskExecutor: taskExecutor)
            }
        }
    }
}

extension ShardExecutor {
    /// Whether a shard thread asks for real time while it runs a tick job (`RealTimeScheduling`); set by the
    /// display link that starts, read at every change of a thread's scheduling.
    static let ticksAskForRealTime = Atomic<Bool>(true)

    /// Sets `ticksAskForRealTime`. A thread at real time when it turns false returns to normal priority
    /// at its next change (when it next runs an ordinary job).
    static func setTicksAskForRealTime(_ asks: Bool) { ticksAskForRealTime.store(asks, ordering: .relaxed) }

    /// The task executor of a shard's tick work (`ShardExecutor.tickLane`): it queues every job it is given
    /// on its shard executor as a tick job. Only a task executor: what it runs is isolated to the shard
    /// executor, so no actor has it as its own.
    final class TickLane: TaskExecutor, @unchecked Sendable {
        /// Set once, before the shard's thread starts; executors live for the whole process.
        fileprivate unowned(unsafe) var executor: ShardExecutor?

        fileprivate init() {}

        func enqueue(_ job: consuming ExecutorJob) { executor!.enqueue(UnownedJob(job), urgent: true) }
    }
}

/// A thread's scheduling policy, switched between `SCHED_FIFO` (at `DisplayLink.realTimePriority`) and
/// `SCHED_OTHER` only when it changes (one system call per change, sched(7)). If the system refuses real
/// time (no CAP_SYS_NICE, no RLIMIT_RTPRIO), it stops asking and the thread stays `SCHED_OTHER`.
private struct ThreadScheduling {
    /// The thread whose policy this is; nothing is changed until it is known.
    var thread: pthread_t?
    private var realTime = false
    private var refused = false

    mutating func set(realTime wanted: Bool) {
        let wanted = wanted && ShardExecutor.ticksAskForRealTime.load(ordering: .relaxed)
        guard let thread, wanted != realTime, !refused else { return }
        if wanted {
            realTime = SystemThread.requestRealTimeScheduling(priority: DisplayLink.realTimePriority, of: thread)
            refused = !realTime
        } else {
            SystemThread.returnToNormalScheduling(of: thread)
            realTime = false
        }
    }
}
