import TransitionTestSupport

/// Waits until `condition` holds, checking it every millisecond without blocking a thread of the pool, for
/// at most `timeout`; returns whether it held. The timeout only guards against a hang: tests wait for the
/// condition, not for time. (`Deadline.waitUntil` is the blocking form, for code off the pool.)
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
