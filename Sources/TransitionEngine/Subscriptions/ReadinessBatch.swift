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
/// A batch keeps its storage when called, and `ReadinessBatchPool` hands it to a later walk, so that a
/// tick allocates nothing here (a new batch grew its array by doubling to one handler per animating
/// stack, and the copy `callAll()` took made one more of that size, on every tick).
final class ReadinessBatch: @unchecked Sendable {
    /// A handler in a struct: an array of bare closures keeps each at the generic abstraction, so that
    /// every `append` allocated a reabstraction thunk's context for the closure (freed on the notifier's
    /// thread); a struct's stored closure keeps its own.
    private struct Handler {
        let call: @Sendable () -> Void
    }

    private var handlers: [Handler] = []

    init() {}

    /// Whether no handler is kept.
    var isEmpty: Bool { handlers.isEmpty }

    /// How many handlers the batch can keep without growing its storage.
    var capacity: Int { handlers.capacity }

    /// Keeps `handler` to be called by `callAll()`.
    func append(_ handler: @escaping @Sendable () -> Void) { handlers.append(Handler(call: handler)) }

    /// Calls the handlers kept so far, in order, and forgets them, keeping the storage.
    ///
    /// - Precondition: no handler appends to this batch (none can: a handler belongs to a reader, and
    ///   the batch to the walk that is over).
    func callAll() {
        for handler in handlers { handler.call() }
        handlers.removeAll(keepingCapacity: true)
    }
}
