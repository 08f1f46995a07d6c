import SystemdSupport
import TransitionEngine

/// Writes one journal entry per transition event of any stack (began, completed, cancelled), with how
/// long the transition took: the engine's `transitionObserver`. Frames are never logged.
///
/// ```swift
/// let journal = TransitionJournal(log: log)
/// serving.transitionObserver = { journal.record($0) }
/// ```
final class TransitionJournal: Sendable {
    private let log: DaemonLog
    private let clock: @Sendable () -> UInt64
    /// When each running transition began (CLOCK_MONOTONIC microseconds), by stack and id.
    private let beganAt = MonotonicCondition<[String: UInt64]>([:])

    /// A journal for `log`, timing transitions with `clock` (microseconds).
    init(log: DaemonLog, clock: @escaping @Sendable () -> UInt64 = SystemdClock.monotonicMicroseconds) {
        self.log = log
        self.clock = clock
    }

    /// Logs `event` (called on the stack's executor; returns quickly).
    func record(_ event: StackEvent) {
        let key = "\(event.stack)#\(event.transition)"
        let transition = DaemonLog.Transition(
            stack: event.stack.rawValue, operation: event.operation?.rawValue ?? "change",
            animator: event.animator ?? "none", id: event.transition)
        let now = clock()
        switch event.kind {
        case .began:
            beganAt.withLock { $0[key] = now }
            log.transitionBegan(transition, interactive: event.interactive)
        case .completed:
            log.transitionCompleted(transition, durationMilliseconds: elapsedMilliseconds(key, now: now))
        case .cancelled:
            let reason = event.error.map { "the new state could not be written: \($0.message)" } ?? "cancelled"
            log.transitionCancelled(
                transition, durationMilliseconds: elapsedMilliseconds(key, now: now), reason: reason)
        case .operationFailed:
            let reason = event.error?.message ?? "the operation was no longer valid when its turn came"
            log.transitionCancelled(transition, durationMilliseconds: 0, reason: reason)
        case .stackChanged, .interactionTakenOver:
            // A change is logged with its transition; a takeover by the service, which knows both clients.
            break
        }
    }

    /// Milliseconds since the transition began (0 when its beginning was not seen), forgetting it.
    private func elapsedMilliseconds(_ key: String, now: UInt64) -> Int {
        guard let began = beganAt.withLock({ $0.removeValue(forKey: key) }), now >= began else { return 0 }
        return Int((now - began) / 1_000)
    }
}
