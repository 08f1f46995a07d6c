import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Waiting for a condition, never for time: the timeout only turns a hang into a failure.
enum Waiting {
    /// How long a test waits for something that should happen at once before failing.
    static let failureTimeout = Deadline.failureTimeout

    /// Checks `condition` every millisecond until it holds (true) or `timeout` passes (false).
    static func until(timeout: Duration = failureTimeout, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(1_000)
        }
        return condition()
    }

    /// ``until(timeout:_:)`` for asynchronous tests: checks `condition` every millisecond without
    /// blocking a thread of the cooperative pool, which other tasks of the test may need meanwhile.
    static func eventually(timeout: Duration = failureTimeout, _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return await condition()
    }
}
