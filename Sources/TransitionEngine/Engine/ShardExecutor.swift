#if canImport(Glibc)
    import Glibc
#endif

/// A serial executor with a thread of its own, for a shard's stacks: every `StackActor` of shard `i`
/// runs on the process's executor `i`, and so do its walk on each tick and a `DisplayLink`'s tick loop
/// (as a task executor, SE-0417), so a tick never waits in the cooperative pool for a free thread.
///
/// The timing thread resumes the tick loop, which enqueues it here and signals this thread directly (one
/// futex wake). The walk then enters each stack actor of the shard inline: the actors share this
/// executor, so a hop from one to the next is a switch on the same thread with no job enqueued (an
/// actor of its own on the default executor would be entered through a queued job per hop). Client
/// operations and the reports of a tick's commits reach the stacks here too, as jobs queued behind the
/// current one; tick jobs (priority `high` and above) go first, so a tick waits at most for the job that
/// runs when it arrives.
///
/// Jobs of one priority class run in the order they were enqueued. The thread blocks on a condition
/// variable when it has no job: an idle executor never wakes. Executors live for the whole process
/// (`shared`), like the cooperative pool, so engines created and dropped by the thousand (tests) cost no
/// threads each.
final class ShardExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// The process's shard executors, one per online processor, started on first use.
    static let shared: [ShardExecutor] = {
        let count = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        return (0..<count).map { ShardExecutor(name: "transitiond-sh\($0)") }
    }()

    /// The shared executor that runs shard `index` (shards beyond the processor count share executors).
    static func forShard(_ index: Int) -> ShardExecutor { shared[index % shared.count] }

    /// Jobs at this priority or above (the tick loop's) run before any other waiting job.
    static let tickPriority = TaskPriority.high

    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var urgentJobs: [UnownedJob] = []
    private var jobs: [UnownedJob] = []
    /// The index of the next ordinary job in `jobs` (taken one at a time without moving the rest).
    private var head = 0
    private var sleeping = false

    private init(name: String) {
        DedicatedThread.start(name: name) { [self] in run() }
    }

    /// Queues a job; wakes the thread if it waits.
    func enqueue(_ job: consuming ExecutorJob) {
        let urgent = job.priority.rawValue >= Self.tickPriority.rawValue
        let job = UnownedJob(job)
        lock.lock()
        if urgent { urgentJobs.append(job) } else { jobs.append(job) }
        let wake = sleeping
        sleeping = false
        lock.unlock()
        if wake { lock.signal() }
    }

    private func run() {
        var batch: [UnownedJob] = []
        let serialExecutor = asUnownedSerialExecutor()
        let taskExecutor = asUnownedTaskExecutor()
        while true {
            lock.lock()
            while urgentJobs.isEmpty && head == jobs.count {
                sleeping = true
                lock.wait()
            }
            sleeping = false
            // Urgent jobs one batch at a time ahead of the rest; otherwise take one ordinary job, so that a
            // tick arriving meanwhile waits for one job only.
            if !urgentJobs.isEmpty {
                swap(&batch, &urgentJobs)
            } else {
                batch.append(jobs[head])
                head += 1
                if head == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 1_024 && head * 2 >= jobs.count {
                    jobs.removeFirst(head)
                    head = 0
                }
            }
            lock.unlock()
            for job in batch { job.runSynchronously(isolatedTo: serialExecutor, taskExecutor: taskExecutor) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
