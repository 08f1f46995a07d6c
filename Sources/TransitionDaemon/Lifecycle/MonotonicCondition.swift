#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a pthread mutex, with a condition variable whose timed waits use
/// CLOCK_MONOTONIC (`pthread_condattr_setclock`), the clock of `SystemdClock`, so a wall-clock jump
/// never shortens or stretches a wait.
///
/// pthread primitives rather than `Synchronization.Mutex`: ThreadSanitizer understands them.
final class MonotonicCondition<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value; `body` must not block.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Changes the value and wakes every waiter.
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let result = body(&value)
        pthread_cond_broadcast(condition)
        return result
    }

    /// Waits until `isDone` holds, an `update` wakes the waiter, or CLOCK_MONOTONIC reaches
    /// `deadlineMicroseconds` (nil: no deadline). Returns `body`'s result on the value, computed under
    /// the lock after the wait.
    func wait<Result>(
        untilMonotonicMicroseconds deadlineMicroseconds: UInt64?,
        unless isDone: (Value) -> Bool,
        then body: (inout Value) -> Result
    ) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if !isDone(value) {
            if let deadlineMicroseconds {
                var deadline = timespec(
                    tv_sec: Int(deadlineMicroseconds / 1_000_000),
                    tv_nsec: Int(deadlineMicroseconds % 1_000_000) * 1_000
                )
                _ = pthread_cond_timedwait(condition, mutex, &deadline)
            } else {
                _ = pthread_cond_wait(condition, mutex)
            }
        }
        return body(&value)
    }
}
