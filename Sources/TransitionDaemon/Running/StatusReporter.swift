import SystemdSupport
import TaskPool

/// Keeps systemd's `STATUS=` line current without polling: whatever may change the counts (a
/// transition event, a connection, a stack created or deleted) calls `changed()`; the summary is then
/// computed once, at most once per `minimumIntervalMicroseconds`, and handed to the supervisor (which
/// sends it only when the text differs). An idle daemon computes nothing. Nothing is published before
/// `publish(to:)` names where to.
final class StatusReporter: Sendable {
    private struct State {
        var scheduled = false
        var lastComputedMicroseconds: UInt64?
        var target: (@Sendable (String) -> Void)?
    }

    private let minimumIntervalMicroseconds: UInt64
    private let compute: @Sendable () async -> String
    private let clock: @Sendable () -> UInt64
    private let state = MonotonicCondition(State())

    /// A reporter of what `compute` returns, with time from `clock` (microseconds).
    init(
        minimumIntervalMicroseconds: UInt64 = 1_000_000,
        clock: @escaping @Sendable () -> UInt64 = SystemdClock.monotonicMicroseconds,
        compute: @escaping @Sendable () async -> String
    ) {
        self.minimumIntervalMicroseconds = minimumIntervalMicroseconds
        self.clock = clock
        self.compute = compute
    }

    /// From now on, summaries go to `target`.
    func publish(to target: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.target = target }
    }

    /// Something the summary counts may have changed: schedules one computation unless one is
    /// scheduled already (which will see this change, since it reads the counts when it runs).
    func changed() {
        let delay: UInt64? = state.withLock { state in
            guard !state.scheduled, state.target != nil else { return nil }
            state.scheduled = true
            let now = clock()
            guard let last = state.lastComputedMicroseconds, now < last + minimumIntervalMicroseconds else {
                return 0
            }
            return last + minimumIntervalMicroseconds - now
        }
        guard let delay else { return }
        Task { [self] in
            if delay > 0 { await TaskPool.sleep(for: .microseconds(delay)) }
            let target = state.withLock { state in
                state.scheduled = false
                state.lastComputedMicroseconds = clock()
                return state.target
            }
            let text = await compute()
            target?(text)
        }
    }
}
