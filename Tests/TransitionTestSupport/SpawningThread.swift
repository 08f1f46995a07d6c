import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// One thread that lives as long as the test process and runs, one at a time, what other threads hand
/// it: the thread `ChildSpawn` starts tied children from, because the kernel's parent-death signal
/// follows the thread that forked, and a pool thread may end while its children should go on.
public final class SpawningThread: @unchecked Sendable {
    /// The process's spawning thread, started on first use.
    public static let shared = SpawningThread()

    /// One piece of work and, once run, its result.
    private final class Request: @unchecked Sendable {
        let body: () -> Void
        /// Guarded by the thread's mutex.
        var done = false

        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var pending: [Request] = []
    private var thread: pthread_t?

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        SystemThread.startEssential(name: "test-spawner") { [self] in serve() }
    }

    /// Whether the caller is the spawning thread itself.
    public var isCurrent: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Runs `body` on the spawning thread and returns its result, blocking the caller meanwhile (a
    /// spawn takes a fraction of a millisecond). Called on the spawning thread itself, runs it in place.
    public func run<Value>(_ body: () -> Value) -> Value {
        if isCurrent { return body() }
        return withoutActuallyEscaping(body) { body in
            var result: Value?
            // `result` is written on the spawning thread before `done` is set under the mutex, and read
            // here only after `done` is seen under it.
            let request = Request { result = body() }
            pthread_mutex_lock(mutex)
            pending.append(request)
            pthread_cond_broadcast(condition)
            while !request.done { pthread_cond_wait(condition, mutex) }
            pthread_mutex_unlock(mutex)
            return result!
        }
    }

    private func serve() {
        pthread_mutex_lock(mutex)
        thread = pthread_self()
        while true {
            while pending.isEmpty { pthread_cond_wait(condition, mutex) }
            let batch = pending
            pending.removeAll()
            pthread_mutex_unlock(mutex)
            for request in batch { request.body() }
            pthread_mutex_lock(mutex)
            for request in batch { request.done = true }
            // The callers wait on the same condition as this thread.
            pthread_cond_broadcast(condition)
        }
    }
}
