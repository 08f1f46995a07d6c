#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a lock, whose changes wake the threads waiting for a condition on it.
///
/// Tests wait for work done on other threads (the server's loop, handler threads) with `wait(until:)`,
/// which sleeps on a condition variable until a change makes the condition true: no polling, no
/// timing assumptions. The timeout only turns a hang into a failure.
final class Monitor<Value: Sendable>: @unchecked Sendable {
    // Allocated so their addresses never change, as pthread requires. `value` is only touched with
    // `mutex` held, which makes the class safe to share.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Reads or changes the value, then wakes every waiter.
    @discardableResult
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }

    /// Waits until `condition` holds for the value; returns false after `timeoutSeconds` without it.
    @discardableResult
    func wait(until condition: (Value) -> Bool, timeoutSeconds: Int = 30) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += timeoutSeconds
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !condition(value) {
            if pthread_cond_timedwait(self.condition, mutex, &deadline) == ETIMEDOUT {
                return condition(value)
            }
        }
        return true
    }
}
