#if canImport(Glibc)
    import Glibc
#endif

/// Runs a blocking body on a detached POSIX thread of its own, off Swift's cooperative pool (a signal
/// watcher, a reader of standard input, a gesture's timing loop), so that blocking never starves the
/// pool.
public enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread; if no thread can be created, runs it on the calling thread.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, box)
        if result == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
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
