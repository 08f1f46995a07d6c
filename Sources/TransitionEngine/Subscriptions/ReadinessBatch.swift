/// Readiness handlers a tick's walk of one shard collects instead of calling them at once, to call them
/// together when the walk ends.
///
/// A reader (the daemon's subscription pump) woken by the first stack's frame would otherwise drain it,
/// sleep again and be woken by the next one: a thread wake-up and a contended lock per stack, on the
/// ticking thread, while the reader competes with the walk for the cores. Called at the end of the walk,
/// the handlers list every stack at once and the reader wakes once to drain them all. The handlers still
/// run on the producer's thread, as `Subscription.setReadinessHandler(_:)` promises, a walk later.
///
/// Used by one walk at a time, on its shard's thread: the stacks of a shard run one after another there.
final class ReadinessBatch: @unchecked Sendable {
    private var handlers: [@Sendable () -> Void] = []

    init() {}

    /// Whether no handler is kept.
    var isEmpty: Bool { handlers.isEmpty }

    /// Keeps `handler` to be called by `callAll()`.
    func append(_ handler: @escaping @Sendable () -> Void) { handlers.append(handler) }

    /// Calls the handlers kept so far, in order, and forgets them.
    func callAll() {
        let pending = handlers
        handlers.removeAll(keepingCapacity: true)
        for handler in pending { handler() }
    }
}
