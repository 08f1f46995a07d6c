import SystemThreads

/// Runs a blocking body on a detached POSIX thread of its own, off Swift's cooperative pool (a signal
/// watcher, a reader of standard input, a gesture's timing loop), so that blocking never starves the
/// pool.
public enum DetachedThread {
    /// Starts `body` on a new thread; if no thread can be created, runs it on the calling thread.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        do {
            try SystemThread.startDetached(body)
        } catch {
            body()
        }
    }

    /// Runs `body` on a thread of its own and waits for its result without blocking a thread of the
    /// cooperative pool.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: body()) }
        }
    }
}
