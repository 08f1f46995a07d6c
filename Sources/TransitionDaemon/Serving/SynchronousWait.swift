import SystemPrimitives

/// Runs asynchronous work from synchronous code (the daemon's `main`) and blocks the calling thread until
/// it is done. Never call it from a task: it would hold a thread of the pool while waiting for it.
public enum SynchronousWait {
    private final class Slot<Value>: @unchecked Sendable {
        let lock = ConditionLock()
        // Guarded by `lock`.
        var value: Value?

        func put(_ value: Value) {
            lock.withLock {
                self.value = value
                lock.signal()
            }
        }

        func take() -> Value {
            lock.withLock {
                while value == nil { lock.wait() }
                return value!
            }
        }
    }

    /// Runs `body` in a detached task and returns its result once it finishes.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
        let slot = Slot<Value>()
        Task.detached { slot.put(await body()) }
        return slot.take()
    }
}
