import SystemPrimitives

/// A value guarded by a `ConditionLock`, whose timed waits use CLOCK_MONOTONIC, the clock of
/// `SystemdClock`, so a wall-clock jump never shortens or stretches a wait.
final class MonotonicCondition<Value>: @unchecked Sendable {
    private let lock = ConditionLock()
    // Guarded by `lock`.
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value; `body` must not block.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Changes the value and wakes every waiter.
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        let result = body(&value)
        lock.broadcast()
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
        lock.lock()
        defer { lock.unlock() }
        if !isDone(value) {
            if let deadlineMicroseconds {
                let (deadline, overflowed) = Int64(clamping: deadlineMicroseconds).multipliedReportingOverflow(
                    by: 1_000)
                lock.wait(untilMonotonicNanoseconds: overflowed ? .max : deadline)
            } else {
                lock.wait()
            }
        }
        return body(&value)
    }
}
