#if canImport(Glibc)
    import Glibc
#endif

/// Starts a plain pthread running `body`, outside Swift's cooperative pool (a frame reader, like the
/// daemon's subscription pump, must not take a pool thread from the engine).
public enum DedicatedThread {
    /// Starts the thread; returns its handle for `join`.
    public static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue().body()
                return nil
            }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        return thread
    }

    /// Waits for a thread started by `start` to return.
    public static func join(_ thread: pthread_t) {
        pthread_join(thread, nil)
    }
}

private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
