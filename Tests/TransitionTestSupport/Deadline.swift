#if canImport(Glibc)
    import Glibc
#endif

/// A bound on waiting for something that should happen at once. Tests wait on conditions, never on
/// time; a deadline only turns a hang into a failure, so it is generous: the main test run keeps both
/// cores busy, and with two more processes hogging them its slowest tests took 83 s and calls to
/// in-process services waited over 30 s (docs/testing.md).
public struct Deadline: Sendable {
    /// How long a test waits for a reply, a close or a frame before failing.
    public static let failureTimeout = Duration.seconds(120)

    private let instant: ContinuousClock.Instant

    /// A deadline `timeout` from now.
    public init(after timeout: Duration = failureTimeout) {
        instant = ContinuousClock.now.advanced(by: timeout)
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Milliseconds left, for `poll`: at least 0, at most `Int32.max`.
    public var remainingMilliseconds: Int32 {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: milliseconds)
    }

    /// Checks `condition` until it holds (true) or the deadline passes (false), polling every
    /// millisecond: for conditions no descriptor can signal (a child process writing a file).
    public static func waitUntil(_ deadline: Deadline = Deadline(), _ condition: () -> Bool) -> Bool {
        while !deadline.hasPassed {
            if condition() { return true }
            usleep(1_000)
        }
        return condition()
    }

    /// ``waitUntil(_:_:)`` for asynchronous code: checks `condition` every millisecond without blocking a
    /// thread of the cooperative pool, whose threads the services under test may need meanwhile. A
    /// different name, not an overload: a closure that does not await would pick the blocking one.
    public static func eventually(
        _ deadline: Deadline = Deadline(), _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        while !deadline.hasPassed {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return try await condition()
    }
}
