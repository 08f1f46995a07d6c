import SystemPrimitives

/// A one-shot latch: ``wait()`` blocks until some thread calls ``signal()`` (from the watcher of
/// ``InterruptSignals``, for a command that serves until Ctrl-C).
final class StopSignal: Sendable {
    private let lock = ConditionLock()
    private let signalled = Locked(false)

    /// Releases every ``wait()``, now and later.
    func signal() {
        lock.withLock {
            signalled.withLock { $0 = true }
            lock.broadcast()
        }
    }

    /// Blocks until ``signal()``.
    func wait() {
        lock.withLock {
            while !signalled.withLock({ $0 }) { lock.wait() }
        }
    }
}
