import CTaskHooks

extension TaskPool {
    /// The pool that runs the process's global jobs, once `installAsGlobalExecutor` has made it. Written
    /// once, before the hook that reads it is installed, and never again.
    nonisolated(unsafe) private static var installedGlobal: TaskPool?

    /// The pool installed as the global executor, if any.
    public static var global: TaskPool? { installedGlobal }

    /// Makes a new pool of `threadCount` threads the process's global executor for the rest of its life.
    ///
    /// Call it first thing in `main`, before any task exists and before other threads start: jobs queued
    /// before stay with the default pool. Returns nil, changing nothing, if the global executor was
    /// taken over already (by an earlier call or by other code).
    @discardableResult
    public static func installAsGlobalExecutor(
        threadCount: Int = TaskPool.processorCount, name: String = "tasks"
    ) -> TaskPool? {
        guard installedGlobal == nil else { return nil }
        let pool = TaskPool(threadCount: threadCount, name: name)
        installedGlobal = pool
        guard
            task_hooks_install({ job in TaskPool.installedGlobal?.schedule(unsafeBitCast(job, to: UnownedJob.self)) })
                == 0
        else {
            installedGlobal = nil
            return nil
        }
        return pool
    }

    /// Suspends the calling task for `duration`: on the installed global pool if there is one (no
    /// libdispatch timer starts), otherwise with `Task.sleep`. Not cancellable in the first case.
    public static func sleep(for duration: Duration) async {
        if let pool = global {
            await pool.sleep(for: duration)
        } else {
            try? await Task.sleep(for: duration)
        }
    }
}
