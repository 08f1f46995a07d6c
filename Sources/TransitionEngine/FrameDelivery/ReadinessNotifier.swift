import SystemPrimitives

/// The thread that tells the readers of ticks on a real clock (calls the readiness targets a tick's
/// batches collected), at normal priority.
///
/// A readiness target takes its reader's lock (a `SubscriptionReader`: a plain mutex, listing the
/// subscriptions and waking its thread). Called from a tick, at real-time priority (see `ShardExecutor`), a
/// target that finds that lock held by the reader waits for the reader, which may itself wait for a core
/// behind every other runnable thread of the machine: measured on this 2-core machine with 125 stacks and
/// a reader, readers told at the end of each tick made its p99 over 100 ms. The tick therefore only
/// hands its batches here (one lock that inherits priority, and a signal when this thread sleeps), and
/// this thread calls them, in order, right after.
///
/// One for the process, started by the first tick that has readers to tell; with none to tell it blocks
/// on a condition variable (no wake-ups). A `VirtualClock` never uses it: its ticks call their batches
/// before they return, so that `advance` returns with every reader told.
final class ReadinessNotifier: Sendable {
    /// The process's notifier.
    static let shared = ReadinessNotifier()

    /// The thread, started by the first submission, and the batches waiting for it. Its lock inherits
    /// priority: the ticks that submit run at real time.
    private let worker = WorkerThreads<Loop>(state: [], inheritingPriority: true)
    private let loop = Loop()

    private init() {
        worker.startAtFirstWake(loop, name: "transitiond-ready")
    }

    /// Queues `batches` for this thread to call and then give back to `pool`; starts the thread at the
    /// first call.
    func submit(_ batches: [ReadinessBatch], recyclingInto pool: ReadinessBatchPool) {
        worker.update { pending in
            for batch in batches { pending.append((batch, pool)) }
            return .one
        }
    }

    /// Takes every batch waiting, calls them in order, and gives each back to its pool.
    private final class Loop: WorkerLoop {
        typealias State = [(batch: ReadinessBatch, pool: ReadinessBatchPool)]

        func nextStep(_ pending: inout State) -> WorkerStep<State> {
            guard !pending.isEmpty else { return .sleep }
            let batches = pending
            pending = []
            return .perform(batches)
        }

        func perform(_ batches: State) {
            for (batch, pool) in batches {
                batch.callAll()
                pool.recycle(batch)
            }
        }
    }
}
