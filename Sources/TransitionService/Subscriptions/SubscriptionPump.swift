import SystemThreads
import TransitionCore
import TransitionEngine
import Varlink

/// A thread that moves subscribers' frames and events from their queues to their connections (one of
/// the service's `SubscriptionPumps`).
///
/// A stack's tick fills each subscriber's queue and, once the tick is done, tells this pump the tokens of
/// the streams whose queue was empty (`SubscriptionReadinessTarget`, one call for all of them), which only
/// lists the streams here and signals this thread when it sleeps: the clock never encodes, copies or
/// waits for a client. This thread drains each listed stream (`SubscriptionStream.drain`) until its queue
/// is empty or its connection has too many unread bytes; a stream held back that way is looked at again after
/// `retryMilliseconds`, then after twice as long each time no held-back stream made progress (up to
/// `maximumRetryMilliseconds`), while its frames coalesce in the queue. With nothing listed and nothing
/// held back the thread sleeps on a condition variable: no wake-ups.
final class SubscriptionPump: SubscriptionReadinessTarget, @unchecked Sendable {
    private let lock = ConditionLock()
    /// The longest wait between looks at held-back streams (a reader stuck for good costs about four
    /// wake-ups a second).
    static let maximumRetryMilliseconds: Int64 = 256
    /// How many streams ahead of the one being drained the pump asks for the subscription's lines.
    static var prefetchDistance: Int { 2 }
    /// How many streams ahead the pump asks for the stream object's first line, where the subscription's
    /// lines are kept (`SubscriptionStream.subscriptionLines`).
    static var streamPrefetchDistance: Int { 8 }
    private let retryNanoseconds: Int64
    /// The thread's name.
    let name: String
    /// The current wait between looks at held-back streams; doubles while none makes progress.
    private var currentRetryNanoseconds: Int64
    // Guarded by `lock`:
    private var ready: [SubscriptionStream] = []
    private var listed: Set<ObjectIdentifier> = []
    private var heldBack: [SubscriptionStream] = []
    /// The streams registered to be told of by token (`register(_:)`), until they end.
    private var tokens = TokenTable<SubscriptionStream>()
    private var sleeping = false
    private var started = false
    private var stopping = false
    private var finished = false

    /// A pump whose thread, started at the first `schedule(_:)`, is named `name` (the kernel keeps 15
    /// bytes), looking again at held-back streams after `retryMilliseconds`.
    init(name: String, retryMilliseconds: Int) {
        self.name = name
        retryNanoseconds = Int64(max(retryMilliseconds, 1)) * 1_000_000
        currentRetryNanoseconds = retryNanoseconds
    }

    /// Lists `stream` to be drained. Called from any thread (a stack's tick, a task); cheap: a lock, an
    /// append, and a signal only when the thread sleeps. Starts the thread at the first call.
    func schedule(_ stream: SubscriptionStream) {
        lock.lock()
        let needsStart = listLocked(stream)
        lock.unlock()
        if needsStart { startThread() }
    }

    /// The token `stream`'s subscription tells this pump with (`Subscription.setReadinessTarget`); the
    /// pump forgets it once a drain finds the stream ended.
    ///
    /// A stream ends only in a drain (its subscription finished, its connection closed), and every way
    /// it ends has the pump drain it, so no stream outlives its token here.
    func register(_ stream: SubscriptionStream) -> Int {
        lock.withLock { tokens.insert(stream) }
    }

    /// Streams registered and not yet found ended (tests).
    var registeredStreamCount: Int { lock.withLock { tokens.count } }

    /// Lists the streams of `tokens` (`SubscriptionReadinessTarget`): one lock for a whole tick's
    /// streams. A token whose stream has ended is skipped; one given to a later stream lists that
    /// stream, whose drain then finds nothing or what it has.
    func subscriptionsBecameReady(_ tokens: UnsafeBufferPointer<Int>) {
        lock.lock()
        var needsStart = false
        for token in tokens {
            if let stream = self.tokens[token], listLocked(stream) { needsStart = true }
        }
        lock.unlock()
        if needsStart { startThread() }
    }

    /// Lists `stream` under `lock`, signalling the thread if it sleeps; true when the thread must be
    /// started (the first time anything is listed).
    private func listLocked(_ stream: SubscriptionStream) -> Bool {
        let needsStart = !started && !stopping
        if needsStart { started = true }
        if !stopping, listed.insert(ObjectIdentifier(stream)).inserted {
            ready.append(stream)
            if sleeping { lock.signal() }
        }
        return needsStart
    }

    /// Drains what is listed, then ends the thread and waits for it. Later schedules are ignored.
    func stop() {
        lock.withLock {
            stopping = true
            lock.signal()
            while started && !finished { lock.wait() }
        }
    }

    private func startThread() {
        SystemThread.startEssential(name: name) { [self] in run() }
    }

    private func run() {
        // The frame whose node storage the next sampled frame takes, whichever stream it belongs to: still
        // in this thread's cache, where each subscription's own was last touched a frame period ago.
        var spare: Frame?
        lock.lock()
        while true {
            while ready.isEmpty && !stopping {
                sleeping = true
                if heldBack.isEmpty {
                    lock.wait()
                } else if lock.wait(forNanoseconds: currentRetryNanoseconds) == .deadlinePassed {
                    // Look again at the streams held back: their readers may have caught up.
                    for stream in heldBack where listed.insert(ObjectIdentifier(stream)).inserted {
                        ready.append(stream)
                    }
                    heldBack.removeAll()
                }
                sleeping = false
            }
            if ready.isEmpty && stopping { break }
            let batch = ready
            ready.removeAll(keepingCapacity: true)
            for stream in batch { listed.remove(ObjectIdentifier(stream)) }
            lock.unlock()
            var held: [SubscriptionStream] = []
            var ended: [SubscriptionStream] = []
            // The event loop is woken once for several streams' replies, not once for each.
            VarlinkWakeBatch.run {
                for (position, stream) in batch.enumerated() {
                    // The subscription a few streams ahead was last written by a ticking processor: its
                    // lines are asked for now, to arrive while this stream is drained.
                    let ahead = position + Self.prefetchDistance
                    if ahead < batch.count { batch[ahead].subscriptionLines.prefetch() }
                    // Those lines are kept in the stream object, itself a miss unless asked for earlier.
                    let further = position + Self.streamPrefetchDistance
                    if further < batch.count { CacheLines(of: batch[further], count: 1).prefetch() }
                    switch stream.drain(reusing: &spare) {
                    case .heldBack: held.append(stream)
                    case .ended: ended.append(stream)
                    case .idle: break
                    }
                }
            }
            lock.lock()
            for stream in ended { tokens.remove(stream) }
            // Back off while everything looked at is still held back (readers stuck for good).
            let progressed = held.count < batch.count
            currentRetryNanoseconds =
                progressed
                ? retryNanoseconds : min(currentRetryNanoseconds * 2, Self.maximumRetryMilliseconds * 1_000_000)
            heldBack.append(contentsOf: held)
        }
        finished = true
        lock.broadcast()
        lock.unlock()
    }
}
