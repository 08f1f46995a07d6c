import SystemThreads

/// Runs blocking work (socket calls, waiting for a child process, polling a file) on a thread of its own
/// and awaits it.
///
/// Every test target runs in one process, whose cooperative pool has as many threads as the machine has
/// cores: a test that blocks a pool thread can starve the tasks of every other test running beside it
/// (a service answering its own test's call, a probe's answer).
public enum OffPool {
    /// Runs `body` on a new thread and returns what it returns or throws.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await SystemThread.run { Result { try body() } }.get()
    }
}
