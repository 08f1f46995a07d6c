#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a POSIX mutex, usable from any thread (the event loop, tasks, the clock's ticks).
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer does not see the happens-before
/// of Mutex's futex fast path on Linux and reports false races; pthread mutexes are intercepted by TSan
/// and cost the same uncontended (about 20 ns, PERFORMANCE-NOTES).
///
/// The value lives in its own allocation rather than in a stored `var`: the mutex already makes every
/// access exclusive, and a class's stored `var` would add the runtime's dynamic exclusivity check
/// (`swift_beginAccess`, about 80 instructions) to every `withLock` on the event loop's hot path.
final class ServiceLocked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not block or take this lock again.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
