#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT as an awaitable event.
///
/// `block()` must run first thing in a synchronous `main`, before any thread exists: threads inherit the
/// blocked mask, so the signals then stay pending until the main thread takes them with `wait()`
/// (sigwait, signal(7)) and never interrupt another thread or run a handler in the middle of its work.
/// (`main.swift` with top-level `await` runs its code elsewhere than on the main thread: keep it
/// synchronous and run the asynchronous parts with `SynchronousWait.run`.)
public enum TerminationSignals {
    /// Blocks SIGTERM and SIGINT in the calling thread (and every thread it starts from now on).
    public static func block() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Blocks the calling thread until SIGTERM or SIGINT arrives and returns its number. Call it from the
    /// main thread (which has the signals blocked), never from a task.
    public static func wait() -> Int32 {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}
