#if canImport(Glibc)
    import Glibc
#endif

/// Replies sent from one thread with the event loop woken once for several of them, not for each.
///
/// A reply sent from a thread other than the loop's is queued for the loop, which is woken through an
/// eventfd when the queue turns non-empty. A thread that sends many replies in a row (a subscription pump
/// writing a frame to each of hundreds of subscribers on every tick) otherwise wakes the loop for nearly
/// every one: the loop sends a reply faster than the next is made, sleeps, and is woken again (a system
/// call on each side and a thread switch per reply). Inside `run(maximumDeferred:_:)` the loop is woken
/// after every `maximumDeferred` replies sent from this thread, and when the body returns, so a reply waits
/// at most for the next `maximumDeferred - 1` to be made.
///
/// Replies keep their order, and replies from other threads are not delayed beyond the next wake-up. Only
/// the calling thread's sends are batched; nesting `run` on one thread is a programming error.
public final class VarlinkWakeBatch {
    /// The batch of the calling thread, if it runs one (thread-specific data, pthread_key_create(3)).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key is left")
        return key
    }()

    private let maximumDeferred: Int
    /// Loops whose wake-up was held back, each once.
    private var inboxes: [EventLoopInbox] = []
    /// Replies sent since the last wake-up.
    private var deferred = 0

    private init(maximumDeferred: Int) {
        self.maximumDeferred = max(maximumDeferred, 1)
    }

    /// Runs `body`, batching the wake-ups of the replies it sends from this thread (see the type).
    ///
    /// - Parameter maximumDeferred: replies sent before the loops are woken anyway (at least 1).
    public static func run<Result>(maximumDeferred: Int = 8, _ body: () throws -> Result) rethrows -> Result {
        precondition(current == nil, "VarlinkWakeBatch.run is already running on this thread")
        let batch = VarlinkWakeBatch(maximumDeferred: maximumDeferred)
        pthread_setspecific(key, Unmanaged.passUnretained(batch).toOpaque())
        defer {
            pthread_setspecific(key, nil)
            batch.wakeAll()
        }
        return try body()
    }

    /// The calling thread's batch, nil outside `run`.
    static var current: VarlinkWakeBatch? {
        pthread_getspecific(key).map { Unmanaged<VarlinkWakeBatch>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Records a reply queued on `inbox`, whose wake-up this batch owes when `wakeOwed`; wakes every loop
    /// owed one once `maximumDeferred` replies are waiting.
    func deferred(on inbox: EventLoopInbox, wakeOwed: Bool) {
        if wakeOwed && !inboxes.contains(where: { $0 === inbox }) { inboxes.append(inbox) }
        deferred += 1
        if deferred >= maximumDeferred { wakeAll() }
    }

    private func wakeAll() {
        for inbox in inboxes { inbox.wake() }
        inboxes.removeAll(keepingCapacity: true)
        deferred = 0
    }
}
