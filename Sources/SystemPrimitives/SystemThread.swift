import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// POSIX threads of their own, for work that must not run on Swift's cooperative pool: loops that block
/// (an event loop in `epoll_wait`, a reader in `poll`, a timer sleeping to deadlines, `fsync`), and
/// threads that must keep running when every task is busy or wedged (a watchdog supervisor). The pool
/// has one thread per core; a blocking call there takes one of them for as long as it blocks.
///
/// One place for `pthread_create`, so that every thread of the daemon is started, named and handed its
/// closure the same way. Every thread starts at normal scheduling, whatever its creator runs at: a thread
/// started from a real-time thread leaves `SCHED_FIFO`/`SCHED_RR` for `SCHED_OTHER` before its body runs
/// (other policies, such as `SCHED_BATCH` or `SCHED_IDLE` set for the whole service, are kept).
public enum SystemThread {
    /// The processors online now (sysconf(3) `_SC_NPROCESSORS_ONLN`), at least 1: how many threads the
    /// daemon's per-core pools (task pool, shard executors, subscription pumps) start.
    public static var onlineProcessorCount: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }

    /// Starts `body` on a new detached thread (its resources are freed when `body` returns), named `name`
    /// when given (as `ps -L`, `top -H`, perf and the journal show it; the kernel keeps the first 15
    /// bytes).
    ///
    /// - Throws: `SystemThreadError` with the error number when no thread can be created (`EAGAIN`: a
    ///   limit on threads or memory); `body` is then not run.
    public static func startDetached(
        name: String? = nil, _ body: @escaping @Sendable () -> Void
    ) throws(SystemThreadError) {
        let thread = try create(name: name, body)
        pthread_detach(thread)
    }

    /// Starts `body` on a new detached thread the process cannot run without (a task pool's worker, the
    /// engine's timing and shard threads, a writer), named `name` when given. If no thread can be
    /// created, the process stops with the error: there is nothing sensible to fall back to.
    public static func startEssential(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        do {
            try startDetached(name: name, body)
        } catch {
            fatalError("\(error)")
        }
    }

    /// Starts `body` on a new thread that someone must `join(_:)` exactly once, named `name` when given.
    ///
    /// - Throws: `SystemThreadError` when no thread can be created; `body` is then not run.
    public static func startJoinable(
        name: String? = nil, _ body: @escaping @Sendable () -> Void
    ) throws(SystemThreadError) -> pthread_t {
        try create(name: name, body)
    }

    /// Waits until the joinable `thread`'s closure has returned. Call once per thread, never from the
    /// thread itself.
    public static func join(_ thread: pthread_t) {
        pthread_join(thread, nil)
    }

    /// Starts `body` on a new detached thread named `name` when given; if no thread can be created, runs
    /// `body` on the calling thread instead (blocking it) rather than not at all.
    public static func startDetachedOrRunHere(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        do {
            try startDetached(name: name, body)
        } catch {
            body()
        }
    }

    /// Runs `body` on a thread of its own and returns its result, without holding a thread of the
    /// cooperative pool while it blocks (on the calling task's thread only if no thread can be created).
    public static func run<Value: Sendable>(
        name: String? = nil, _ body: @escaping @Sendable () -> Value
    ) async -> Value {
        await withCheckedContinuation { continuation in
            startDetachedOrRunHere(name: name) { continuation.resume(returning: body()) }
        }
    }

    /// What a new thread starts with: passed retained through `pthread_create`'s argument.
    private final class Start: Sendable {
        let name: String?
        let body: @Sendable () -> Void

        init(name: String?, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    private static func create(
        name: String?, _ body: @escaping @Sendable () -> Void
    ) throws(SystemThreadError) -> pthread_t {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
                if let name = start.name { _ = clinux_set_thread_name(name) }
                SystemThread.leaveRealTimeScheduling()
                start.body()
                return nil
            }, start)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            throw SystemThreadError(errorNumber: result, name: name)
        }
        return thread
    }
}

/// No thread could be started.
public struct SystemThreadError: Error, CustomStringConvertible {
    /// `pthread_create`'s error number (`EAGAIN`, `EPERM`, `EINVAL`).
    public let errorNumber: Int32
    /// The name the thread was to have, if any.
    public let name: String?

    /// Creates the error.
    public init(errorNumber: Int32, name: String?) {
        self.errorNumber = errorNumber
        self.name = name
    }

    /// `Failed to start thread transitiond-sd: Resource temporarily unavailable`.
    public var description: String {
        "Failed to start thread" + (name.map { " " + $0 } ?? "") + ": " + String(cString: strerror(errorNumber))
    }
}
