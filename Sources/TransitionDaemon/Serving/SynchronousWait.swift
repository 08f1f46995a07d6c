#if canImport(Glibc)
    import Glibc
#endif

/// Runs asynchronous work from synchronous code (the daemon's `main`) and blocks the calling thread until
/// it is done. Never call it from a task: it would hold a thread of the pool while waiting for it.
public enum SynchronousWait {
    private final class Slot<Value>: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        var value: Value?

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        func put(_ value: Value) {
            pthread_mutex_lock(mutex)
            self.value = value
            pthread_cond_signal(condition)
            pthread_mutex_unlock(mutex)
        }

        func take() -> Value {
            pthread_mutex_lock(mutex)
            while value == nil { pthread_cond_wait(condition, mutex) }
            let result = value!
            pthread_mutex_unlock(mutex)
            return result
        }
    }

    /// Runs `body` in a detached task and returns its result once it finishes.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
        let slot = Slot<Value>()
        Task.detached { slot.put(await body()) }
        return slot.take()
    }
}
