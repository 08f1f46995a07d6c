import SystemPrimitives

/// The stacks whose latest oneway `UpdateInteractive` fraction waits to be applied, drained by one task
/// at a time for all of them.
///
/// A oneway update stores its fraction in the stack's record (the latest wins) and, when the stack is
/// not waiting already, adds the record here. At the end of each round of the event loop
/// (`endRound()`) a task is started if none is draining; that task takes the waiting stacks in batches
/// and applies each stack's latest fraction inside its actor, until none is left. So a storm of
/// updates over many stacks costs a lock per update on the event-loop thread and at most one task per
/// round, instead of a task per update.
///
/// No update is lost: a record is added while a task drains (the task takes it next) or before
/// `endRound()` (which then starts a task when none drains); both happen under one lock.
final class GestureMailbox: Sendable {
    private struct State {
        /// Stacks added and not yet taken.
        var waiting: [StackRecord] = []
        /// A task is draining `waiting`.
        var draining = false
    }

    private let state = Locked(State())

    /// Adds a stack whose pending fraction was just set.
    func add(_ record: StackRecord) {
        state.withLock { $0.waiting.append(record) }
    }

    /// Ends a round of the event loop.
    ///
    /// - Returns: whether the caller must start a task that drains the mailbox (stacks wait and no task
    ///   drains); that task then counts as draining until `take()` returns nil.
    func endRound() -> Bool {
        state.withLock { state in
            guard !state.waiting.isEmpty, !state.draining else { return false }
            state.draining = true
            return true
        }
    }

    /// Takes every waiting stack, in the order added (a stack may appear twice: applying an empty
    /// update is a no-op). Returns nil when none waits, and the draining task ends.
    func take() -> [StackRecord]? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.draining = false
                return nil
            }
            var taken: [StackRecord] = []
            swap(&taken, &state.waiting)
            state.waiting.reserveCapacity(taken.count)
            return taken
        }
    }

    /// Whether a task is draining (for tests).
    var isDraining: Bool { state.withLock { $0.draining } }

    /// Stacks waiting now (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }
}
