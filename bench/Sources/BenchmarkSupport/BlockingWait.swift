import SystemPrimitives

/// Runs async code from the synchronous benchmark runner: the body runs in a detached task while the
/// calling thread (the main thread, which is not one of the cooperative pool's threads) blocks on a
/// condition variable until it returns.
public enum BlockingWait {
    /// The value `body` returns, once it has.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
        let box = Box<Value>()
        Task.detached { box.fulfil(await body()) }
        return box.wait()
    }

    private final class Box<Value: Sendable>: @unchecked Sendable {
        private let condition = ConditionLock()
        // Guarded by `condition`.
        private var value: Value?

        func fulfil(_ value: Value) {
            condition.withLock {
                self.value = value
                condition.broadcast()
            }
        }

        func wait() -> Value {
            condition.withLock {
                while value == nil { condition.wait() }
                return value!
            }
        }
    }
}
