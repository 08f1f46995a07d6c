#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT as an awaitable event.
///
/// `block()` must run first thing in `main`, before any thread exists: threads inherit the blocked mask,
/// so the signals then stay pending for the one thread that takes them with `sigwait` (signal(7)) and
/// never interrupt another thread or run a handler in the middle of its work.
public enum TerminationSignals {
    /// Blocks SIGTERM and SIGINT in the calling thread (and every thread it starts from now on).
    public static func block() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for SIGTERM or SIGINT on a thread of its own and returns the signal's number.
    public static func next() async -> Int32 {
        final class Box: @unchecked Sendable {
            var signal: Int32 = 0
        }
        let box = Box()
        await BlockingCall.run {
            var set = signalSet()
            var received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            box.signal = received
        }
        return box.signal
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}
