import SystemPrimitives

/// A task executor with one thread of its own, which runs the jobs of the tasks that prefer it in the
/// order they come, until ``finish()``.
///
/// A task that prefers it (`withTaskExecutorPreference`) runs its nonisolated code there: it may block that
/// thread without holding one of the cooperative pool's, and it is still the same task, with its task-local
/// values. That matters to Swift Testing, which finds the test an `#expect` belongs to through them: an
/// expectation on a thread started by hand has no test, and its failure is reported against «unknown» while
/// the test itself passes.
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var jobs: [UnownedJob] = []
    private var jobIndex = 0
    private var finished = false

    /// Starts the thread, named `name`.
    init(name: String) {
        SystemThread.startEssential(name: name) { [self] in runJobs() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.withLock {
            jobs.append(job)
            lock.signal()
        }
    }

    /// Lets the thread end once it has run every job enqueued so far. Call it when no task prefers the
    /// executor any more (after `withTaskExecutorPreference` returns).
    func finish() {
        lock.withLock {
            finished = true
            lock.signal()
        }
    }

    private func runJobs() {
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The next job, waiting for one; nil once finished and every job has run.
    private func nextJob() -> UnownedJob? {
        lock.withLock {
            while jobIndex == jobs.count && !finished { lock.wait() }
            guard jobIndex < jobs.count else { return nil }
            let job = jobs[jobIndex]
            jobIndex += 1
            if jobIndex == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                jobIndex = 0
            }
            return job
        }
    }
}
