#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a POSIX mutex.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer does not see the happens-before of
/// Mutex's futex fast path on Linux and reports false races (the engine's tests run under
/// `-sanitize=thread`); pthread mutexes are intercepted by TSan and cost the same uncontended (~20 ns).
///
/// `@usableFromInline` with an inlinable `withLock`, so that a `Subscription` read from another module is
/// specialized there instead of running generic code with a metadata lookup per call.
@usableFromInline
final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        initializePriorityInheritingMutex(mutex)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
