import SystemdSupport
import TransitionTestSupport

@testable import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

/// A value other threads change and a test waits on: `wait(until:)` blocks on a condition variable
/// until the predicate holds (no sleeping, no polling). A generous deadline only bounds a broken test.
final class Observed<Value: Sendable>: Sendable {
    private let state: MonotonicCondition<Value>

    init(_ value: Value) { state = MonotonicCondition(value) }

    var value: Value { state.withLock { $0 } }

    func update(_ body: (inout Value) -> Void) {
        state.update { body(&$0) }
    }

    /// Waits until `predicate` holds; false if `Deadline.failureTimeout` passes first (a hung test, not a
    /// timing check).
    @discardableResult
    func wait(until predicate: (Value) -> Bool) -> Bool {
        let deadline = SystemdClock.monotonicMicroseconds() + failureTimeoutMicroseconds
        while true {
            let done = state.wait(untilMonotonicMicroseconds: deadline, unless: predicate) { predicate($0) }
            if done { return true }
            if SystemdClock.monotonicMicroseconds() >= deadline { return false }
        }
    }
}

/// A health check whose answers the test sets, recording every answer it gave.
final class ScriptedHealthCheck: ServiceHealthCheck {
    struct State: Sendable {
        var isHealthy = true
        var answers: [Bool] = []
    }

    let state = Observed(State())

    func isHealthy(nowMicroseconds: UInt64) -> Bool {
        var answer = true
        state.update { state in
            answer = state.isHealthy
            state.answers.append(answer)
        }
        return answer
    }
}

/// Waiting for something outside the test process (a daemon's reply, a file, its log), which no
/// condition variable here can signal: looks again every 10 ms, for at most `Deadline.failureTimeout` (a
/// broken test, not a timing check).
enum Polling {
    static func until(_ predicate: () -> Bool) -> Bool {
        let deadline = SystemdClock.monotonicMicroseconds() + failureTimeoutMicroseconds
        while !predicate() {
            if SystemdClock.monotonicMicroseconds() >= deadline { return false }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        return true
    }
}

/// `Deadline.failureTimeout` in microseconds, for deadlines on `SystemdClock`.
private let failureTimeoutMicroseconds = UInt64(Deadline.failureTimeout.components.seconds) * 1_000_000
