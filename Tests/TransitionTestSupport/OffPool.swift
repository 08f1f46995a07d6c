/// Runs blocking work (socket calls, waiting for a child process, polling a file) on a thread of its own
/// and awaits it.
///
/// Every test target runs in one process, whose cooperative pool has as many threads as the machine has
/// cores: a test that blocks a pool thread can starve the tasks of every other test running beside it
/// (a service answering its own test's call, a probe's answer).
public enum OffPool {
    /// Runs `body` on a new thread (named `test-off-pool`) and returns what it returns or throws.
    ///
    /// `body` runs in the calling task, which prefers the thread's executor meanwhile: its `#expect`s and
    /// `Issue.record`s count for the test that called, as they would on the pool.
    public static func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let executor = ThreadTaskExecutor(name: threadName)
        defer { executor.finish() }
        return try await withTaskExecutorPreference(executor) { () throws(Failure) -> Value in try body() }
    }

    /// The name of the threads `run(_:)` starts.
    public static let threadName = "test-off-pool"
}
