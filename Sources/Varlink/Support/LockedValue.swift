#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex`, whose Linux implementation waits on futexes directly, so
/// that ThreadSanitizer (which understands pthread mutexes) can check this module's locking. The
/// uncontended cost is the same order (tens of nanoseconds).
final class LockedValue<Value>: @unchecked Sendable {
    // Allocated so that its address never changes, as pthread requires. `value` is only touched with
    // the mutex held, which makes sharing the class safe.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
