import Foundation
import TransitionTestSupport

/// Runs blocking work (socket calls, waiting for a process) on a thread of its own and awaits it.
///
/// The service's own work runs in tasks on the cooperative pool, which has as many threads as the
/// machine has cores; a test that blocked a pool thread in a socket read could starve the very task
/// that is to answer it.
func offPool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do {
                continuation.resume(returning: try body())
            } catch {
                continuation.resume(throwing: error)
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Waits until `condition` holds, checking it every millisecond, for at most `timeout`; returns whether
/// it held. The timeout only guards against a hang: tests wait for the condition, not for time.
@discardableResult
func waitUntilBlocking(timeout: Duration = Deadline.failureTimeout, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        usleep(1_000)
    }
    return try condition()
}

/// `waitUntilBlocking` for async contexts: checks without blocking a thread of the pool.
@discardableResult
func waitUntil(timeout: Duration = Deadline.failureTimeout, _ condition: () async throws -> Bool) async rethrows -> Bool
{
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return try await condition()
}
