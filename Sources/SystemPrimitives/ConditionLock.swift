#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX mutex with one condition variable whose timed waits run on `CLOCK_MONOTONIC`
/// (`pthread_condattr_setclock(3)`), so that setting the wall clock never shortens or stretches a wait.
///
/// For a thread that must block until another thread tells it something: the timing thread, the shard
/// executors, the task pool's threads, the subscription pumps, the daemon's lifecycle threads. State
/// that is only read and written under a lock, with nobody waiting on it, belongs in a `Locked`.
///
/// The caller keeps the guarded state itself (typically in stored properties of the class that owns the
/// lock) and touches it only between `lock()` and `unlock()`, or inside `withLock`. Every wait is made
/// with the lock held and may return without a signal (spurious wake-ups, pthread_cond_wait(3)): wait in
/// a loop that checks what it waits for.
///
/// The mutex and the condition share one allocation that never moves, as pthread requires.
public final class ConditionLock: @unchecked Sendable {
    /// How a timed wait ended.
    public enum WaitOutcome: Sendable, Equatable {
        /// Woken by `signal()` or `broadcast()`, or spuriously, before the deadline.
        case woken
        /// The deadline passed first.
        case deadlinePassed
    }

    private struct Primitives {
        var mutex = pthread_mutex_t()
        var condition = pthread_cond_t()
    }

    private let primitives: UnsafeMutablePointer<Primitives>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A lock, with `inheritingPriority` a `PTHREAD_PRIO_INHERIT` mutex (`PosixMutex.initialize`): for a
    /// lock a real-time thread shares with ordinary ones.
    public init(inheritingPriority: Bool = false) {
        primitives = .allocate(capacity: 1)
        primitives.initialize(to: Primitives())
        let memory = UnsafeMutableRawPointer(primitives)
        mutex = (memory + MemoryLayout<Primitives>.offset(of: \.mutex)!).assumingMemoryBound(to: pthread_mutex_t.self)
        condition = (memory + MemoryLayout<Primitives>.offset(of: \.condition)!)
            .assumingMemoryBound(to: pthread_cond_t.self)
        PosixMutex.initialize(mutex, inheritingPriority: inheritingPriority)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        primitives.deinitialize(count: 1)
        primitives.deallocate()
    }

    /// Takes the lock, waiting while another thread holds it. Not recursive: a thread holding it must not
    /// take it again.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock, which the calling thread holds.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock. `body` may `wait`; it must not take the lock again.
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Releases the lock (which the caller holds) until woken, then takes it again before returning.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Like `wait()`, but returns `.deadlinePassed` once `CLOCK_MONOTONIC` reaches `deadline`
    /// (nanoseconds of `MonotonicClock`). A deadline already past returns at once.
    @discardableResult
    public func wait(untilMonotonicNanoseconds deadline: Int64) -> WaitOutcome {
        let deadline = max(deadline, 0)
        var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &until) == ETIMEDOUT ? .deadlinePassed : .woken
    }

    /// Like `wait()`, but returns `.deadlinePassed` after `nanoseconds` on `CLOCK_MONOTONIC`
    /// (zero or less: at once).
    @discardableResult
    public func wait(forNanoseconds nanoseconds: Int64) -> WaitOutcome {
        wait(untilMonotonicNanoseconds: MonotonicClock.deadline(after: nanoseconds, from: MonotonicClock.now()))
    }

    /// Wakes one waiting thread (for a condition only one thread waits on). Callable with or without the
    /// lock held.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread. Callable with or without the lock held.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
