import SystemThreads

/// The thread that tells the readers of ticks on a real clock (calls the readiness targets a tick's
/// batches collected), at normal priority.
///
/// A readiness target takes its reader's lock (the daemon's subscription pump: a plain mutex, listing the
/// streams and signalling its thread). Called from a tick, at real-time priority (see `ShardExecutor`), a
/// target that finds that lock held by the reader waits for the reader, which may itself wait for a core
/// behind every other runnable thread of the machine: measured on this 2-core machine with 125 stacks and
/// a reader, readers told at the end of each tick made its p99 over 100 ms. The tick therefore only
/// hands its batches here (one lock that inherits priority, and a signal when this thread sleeps), and
/// this thread calls them, in order, right after.
///
/// One for the process, started by the first tick that has readers to tell; with none to tell it blocks
/// on a condition variable (no wake-ups). A `VirtualClock` never uses it: its ticks call their batches
/// before they return, so that `advance` returns with every reader told.
final class ReadinessNotifier: @unchecked Sendable {
    /// The process's notifier.
    static let shared = ReadinessNotifier()

    private let lock = ConditionLock(inheritingPriority: true)
    // Guarded by `lock`:
    private var pending: [(batch: ReadinessBatch, pool: ReadinessBatchPool)] = []
    private var started = false
    private var sleeping = false

    private init() {}

    /// Queues `batches` for this thread to call and then give back to `pool`; starts the thread at the
    /// first call.
    func submit(_ batches: [ReadinessBatch], recyclingInto pool: ReadinessBatchPool) {
        let needsStart = lock.withLock { () -> Bool in
            for batch in batches { pending.append((batch, pool)) }
            if sleeping { lock.signal() }
            defer { started = true }
            return !started
        }
        if needsStart { SystemThread.startEssential(name: "transitiond-ready") { [self] in run() } }
    }

    private func run() {
        var batches: [(batch: ReadinessBatch, pool: ReadinessBatchPool)] = []
        while true {
            lock.withLock {
                while pending.isEmpty {
                    sleeping = true
                    lock.wait()
                }
                sleeping = false
                swap(&batches, &pending)
            }
            for (batch, pool) in batches {
                batch.callAll()
                pool.recycle(batch)
            }
            batches.removeAll(keepingCapacity: true)
        }
    }
}
