#if canImport(Glibc)
    import Glibc
#endif

/// A task executor with a thread of its own: the shards of every engine tick their stacks here, and a
/// `DisplayLink`'s tick loop runs here, so a tick never waits in the cooperative pool for a free thread.
///
/// The timing thread resumes the tick loop, which enqueues it here and signals this thread directly (one
/// futex wake). Actor-isolated code of a task that prefers this executor runs on it too: a stack actor
/// entered from a shard's walk runs inline on the shard's thread (SE-0417, task executor preference), so
/// the walk never leaves the thread. Everything else (client operations, commits reported after a tick)
/// stays in the cooperative pool, which then competes with the shards only for the cores, and the kernel
/// wakes a shard thread that slept ahead of the busy ones.
///
/// Jobs run in the order they were enqueued. The thread blocks on a condition variable when it has no
/// job: an idle executor never wakes. Executors live for the whole process (`shared`), like the
/// cooperative pool, so engines created and dropped by the thousand (tests) cost no threads each.
final class ShardExecutor: TaskExecutor, @unchecked Sendable {
    /// The process's shard executors, one per online processor, started on first use.
    static let shared: [ShardExecutor] = {
        let count = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        return (0..<count).map { ShardExecutor(name: "transitiond-sh\($0)") }
    }()

    /// The shared executor that runs shard `index` (shards beyond the processor count share executors).
    static func forShard(_ index: Int) -> ShardExecutor { shared[index % shared.count] }

    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var jobs: [UnownedJob] = []
    private var sleeping = false

    private init(name: String) {
        DedicatedThread.start(name: name) { [self] in run() }
    }

    /// Queues a job; wakes the thread if it waits.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.lock()
        jobs.append(job)
        let wake = sleeping
        sleeping = false
        lock.unlock()
        if wake { lock.signal() }
    }

    private func run() {
        var batch: [UnownedJob] = []
        let executor = asUnownedTaskExecutor()
        while true {
            lock.lock()
            while jobs.isEmpty {
                sleeping = true
                lock.wait()
            }
            sleeping = false
            swap(&batch, &jobs)
            lock.unlock()
            for job in batch { job.runSynchronously(on: executor) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
