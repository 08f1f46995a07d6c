import SystemPrimitives

/// Readiness batches already called, kept for later walks: each shard walk takes one, and the batch
/// returns once its targets were told (on `ReadinessNotifier`'s thread for a real clock), so a batch's
/// storage, grown once to a token per animating stack of its shard, serves every tick after.
final class ReadinessBatchPool: Sendable {
    /// Batches kept at most; one more returned is let go. Two shards need two batches a tick, and a few
    /// more while the notifier is a tick or two behind.
    static let maximumKept = 16

    /// Priority-inheriting: a tick's task at real-time priority takes from it, the notifier's thread at
    /// normal priority gives back.
    private let kept = Locked<[ReadinessBatch]>([], inheritingPriority: true)

    init() {}

    /// A batch with nothing in it: one kept, or a new one.
    func take() -> ReadinessBatch {
        kept.withLock { $0.popLast() } ?? ReadinessBatch()
    }

    /// Keeps `batch` for a later `take()`, unless `maximumKept` are kept already.
    ///
    /// - Precondition: `batch` is empty (it was called) and nothing else uses it any more.
    func recycle(_ batch: ReadinessBatch) {
        precondition(batch.isEmpty, "a readiness batch is recycled only after it was called")
        kept.withLock { kept in
            if kept.count < Self.maximumKept { kept.append(batch) }
        }
    }

    /// How many batches are kept (tests).
    var keptCount: Int { kept.withLock { $0.count } }
}
