/// "The engine still answers, and says it is fine": each evaluation makes sure a probe is in flight;
/// the check fails when a probe has gone unanswered for longer than `stallTimeoutMicroseconds`, or
/// when the last answer said unhealthy.
///
/// The probe is a round trip through the parts that must keep moving, started without waiting for
/// it; it answers with its own verdict:
///
/// ```swift
/// let previous = Locked(server.clockHealth())     // whatever the probe compares with
/// let responsive = ProbeHealthCheck(stallTimeoutMicroseconds: 2_000_000) { answer in
///     Task {
///         let health = await server.clockHealth()
///         answer(health.isHealthy(since: previous.exchange(health)))
///     }
/// }
/// ```
///
/// A wedged actor, or a task pool whose threads are all blocked, never answers and the pings stop;
/// a stalled clock answers "unhealthy" and the pings stop too. The verdict lags one evaluation (the
/// probe started at one ping decides the next), well inside `WatchdogSec=`: pings are due every half
/// timeout and rechecked every eighth while withheld.
public final class ProbeHealthCheck: ServiceHealthCheck {
    private struct State {
        /// When the probe in flight was started, or nil when none is.
        var outstandingSinceMicroseconds: UInt64?
        /// The verdict of the last probe that answered; healthy before the first.
        var lastVerdict = true
        /// Counts probes, so that a late answer to an abandoned probe changes nothing.
        var generation: UInt64 = 0
    }

    /// How long a probe may stay unanswered.
    public let stallTimeoutMicroseconds: UInt64
    private let probe: @Sendable (_ answer: @escaping @Sendable (Bool) -> Void) -> Void
    private let state = MonotonicCondition(State())

    /// Creates the check. `probe` must return at once and call `answer` once (from any thread) with
    /// its verdict when the round trip completes.
    public init(
        stallTimeoutMicroseconds: UInt64,
        probe: @escaping @Sendable (_ answer: @escaping @Sendable (Bool) -> Void) -> Void
    ) {
        self.stallTimeoutMicroseconds = stallTimeoutMicroseconds
        self.probe = probe
    }

    /// Unhealthy when the probe in flight is older than the timeout, or the last answer was
    /// unhealthy; starts a new probe when none is in flight.
    public func isHealthy(nowMicroseconds: UInt64) -> Bool {
        enum Decision {
            case waiting(healthy: Bool)
            case startProbe(generation: UInt64, healthy: Bool)
        }
        let decision: Decision = state.withLock { state in
            if let since = state.outstandingSinceMicroseconds {
                let isStalled = nowMicroseconds > since && nowMicroseconds - since > stallTimeoutMicroseconds
                return .waiting(healthy: state.lastVerdict && !isStalled)
            }
            state.outstandingSinceMicroseconds = nowMicroseconds
            state.generation += 1
            return .startProbe(generation: state.generation, healthy: state.lastVerdict)
        }
        switch decision {
        case .waiting(let healthy):
            return healthy
        case .startProbe(let generation, let healthy):
            probe { [state] verdict in
                state.withLock { state in
                    guard state.generation == generation, state.outstandingSinceMicroseconds != nil else { return }
                    state.outstandingSinceMicroseconds = nil
                    state.lastVerdict = verdict
                }
            }
            return healthy
        }
    }
}
