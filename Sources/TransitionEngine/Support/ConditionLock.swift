import SystemThreads

#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX mutex with one condition variable that waits on `CLOCK_MONOTONIC`.
///
/// Used only where a dedicated thread (the timing thread, the state writer, the shard executors) must block
/// without spinning; everything else uses `Locked`.
final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        initializePriorityInheritingMutex(mutex)
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

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Blocks until signalled; the caller holds the lock and re-checks its predicate (spurious wake-ups).
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiter.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Wakes one waiter (for a condition only one thread waits on).
    func signal() { pthread_cond_signal(condition) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Initializes a mutex of the engine with priority inheritance (`PosixMutex.initialize`). Every lock of
/// the engine inherits priority, `Locked` ones included (`inheritingPriority: true`): the shard threads run
/// ticks at real time and share locks with threads at normal priority (subscription readers, clients, the
/// pool); without inheritance a reader holding a subscription's lock could be preempted by any other
/// thread of the machine while a tick waits for it.
func initializePriorityInheritingMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    PosixMutex.initialize(mutex, inheritingPriority: true)
}
