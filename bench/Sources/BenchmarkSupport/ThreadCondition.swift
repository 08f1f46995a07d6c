#if canImport(Glibc)
    import Glibc
#endif

/// A pthread mutex with one condition variable, for threads that block (the benchmark's main thread, a
/// frame reader thread): the cooperative pool must never block, these threads may.
public final class ThreadCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Creates an unlocked mutex and its condition (CLOCK_MONOTONIC for timed waits).
    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a broadcast; call with the mutex held (inside `withLock`).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a broadcast or until the CLOCK_MONOTONIC time `deadline` (nanoseconds); call with the
    /// mutex held. Returns false on timeout.
    @discardableResult
    public func wait(untilNanoseconds deadline: Int64) -> Bool {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &time) == 0
    }

    /// Wakes every waiter; call with the mutex held.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
