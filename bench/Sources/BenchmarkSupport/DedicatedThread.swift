import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a plain pthread running `body`, outside Swift's cooperative pool (a client that blocks on
/// its socket must not take a pool thread from the engine). A benchmark cannot go on
/// without its threads, so failing to start one stops the run.
public enum DedicatedThread {
    /// Starts the thread, named `name` when given (the kernel keeps 15 bytes); returns its handle for
    /// `join`.
    public static func start(name: String? = nil, _ body: @escaping @Sendable () -> Void) -> pthread_t {
        do {
            return try SystemThread.startJoinable(name: name, body)
        } catch {
            fatalError("Failed to start a benchmark thread: \(error)")
        }
    }

    /// Waits for a thread started by `start` to return.
    public static func join(_ thread: pthread_t) {
        SystemThread.join(thread)
    }
}
