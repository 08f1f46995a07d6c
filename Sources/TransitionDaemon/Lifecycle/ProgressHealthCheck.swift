/// "The clock ticked recently, or nothing needs it": healthy while idle, and while busy only if
/// progress was recorded within `stallTimeoutMicroseconds`.
///
/// The engine side reports, from any thread: `setBusy(true, …)` when the first stack starts
/// animating and `setBusy(false, …)` when the last stops; `recordProgress(atMicroseconds:)` on each
/// clock tick (a store of two integers under a lock, cheap enough per tick). A clock thread that
/// stalls while stacks animate makes the check fail after the timeout; an idle daemon that does not
/// tick at all stays healthy.
public final class ProgressHealthCheck: ServiceHealthCheck {
    private struct State {
        var isBusy = false
        /// The last progress, or the moment the daemon became busy, whichever is later.
        var lastProgressMicroseconds: UInt64 = 0
    }

    /// How long a busy daemon may go without progress and still count as healthy.
    public let stallTimeoutMicroseconds: UInt64
    private let state = MonotonicCondition(State())

    /// Creates a check that starts idle (healthy).
    public init(stallTimeoutMicroseconds: UInt64) {
        self.stallTimeoutMicroseconds = stallTimeoutMicroseconds
    }

    /// Records progress (a tick) at `microseconds`.
    public func recordProgress(atMicroseconds microseconds: UInt64) {
        state.withLock { $0.lastProgressMicroseconds = max($0.lastProgressMicroseconds, microseconds) }
    }

    /// Records whether progress is expected from now on. Becoming busy starts the stall timer, so a
    /// tick is expected within the timeout.
    public func setBusy(_ isBusy: Bool, atMicroseconds microseconds: UInt64) {
        state.withLock { state in
            if isBusy && !state.isBusy {
                state.lastProgressMicroseconds = max(state.lastProgressMicroseconds, microseconds)
            }
            state.isBusy = isBusy
        }
    }

    /// Healthy when idle, or busy with progress at most `stallTimeoutMicroseconds` ago.
    public func isHealthy(nowMicroseconds: UInt64) -> Bool {
        state.withLock { state in
            guard state.isBusy, nowMicroseconds > state.lastProgressMicroseconds else { return true }
            return nowMicroseconds - state.lastProgressMicroseconds <= stallTimeoutMicroseconds
        }
    }
}
