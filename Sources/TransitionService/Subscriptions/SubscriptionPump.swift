import SystemPrimitives
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
final class SubscriptionPump: SubscriptionReadinessTarget, WorkerLoop, @unchecked Sendable {
    /// The longest wait between looks at held-back streams (a reader stuck for good costs about four
    /// wake-ups a second).
    static let maximumRetryMilliseconds: Int64 = 256
    /// How many streams ahead of the one being drained the pump asks for the subscription's lines.
    static var prefetchDistance: Int { 2 }
    /// How many streams ahead the pump asks for the stream object's first line, where the subscription's
    /// lines are kept (`SubscriptionStream.subscriptionLines`).
    static var streamPrefetchDistance: Int { 8 }
    /// The thread's name.
    let name: String

    /// What the pump's thread shares with the ticks and tasks that list streams.
    struct State {
        var ready: [SubscriptionStream] = []
        var listed: Set<ObjectIdentifier> = []
        var heldBack: [SubscriptionStream] = []
        /// The streams registered to be told of by token (`register(_:)`), until they end.
        var tokens = TokenTable<SubscriptionStream>()
        var stopping = false
        /// The first wait between looks at held-back streams.
        let retryNanoseconds: Int64
        /// The current wait; doubles while none of the held-back streams makes progress.
        var currentRetryNanoseconds: Int64
        /// When the held-back streams are looked at again; nil until the thread waits with some.
        var retryDeadline: Int64?
    }

    private let worker: WorkerThreads<SubscriptionPump>
    /// The frame whose node storage the next sampled frame takes, whichever stream it belongs to: still in
    /// this thread's cache, where each subscription's own was last touched a frame period ago. Touched only
    /// by the pump's one thread.
    nonisolated(unsafe) private var spare: Frame?

    /// A pump whose thread, started at the first `schedule(_:)`, is named `name` (the kernel keeps 15
    /// bytes), looking again at held-back streams after `retryMilliseconds`.
    init(name: String, retryMilliseconds: Int) {
        self.name = name
        let retryNanoseconds = Int64(max(retryMilliseconds, 1)) * 1_000_000
        worker = WorkerThreads(
            state: State(retryNanoseconds: retryNanoseconds, currentRetryNanoseconds: retryNanoseconds))
        worker.startAtFirstWake(self, name: name)
    }

    /// Lists `stream` to be drained. Called from any thread (a stack's tick, a task); cheap: a lock, an
    /// append, and a signal only when the thread sleeps. Starts the thread at the first call.
    func schedule(_ stream: SubscriptionStream) {
        worker.update { Self.list(stream, in: &$0) ? .one : .none }
    }

    /// The token `stream`'s subscription tells this pump with (`Subscription.setReadinessTarget`); the
    /// pump forgets it once a drain finds the stream ended.
    ///
    /// A stream ends only in a drain (its subscription finished, its connection closed), and every way
    /// it ends has the pump drain it, so no stream outlives its token here.
    func register(_ stream: SubscriptionStream) -> Int {
        worker.withState { $0.tokens.insert(stream) }
    }

    /// Streams registered and not yet found ended (tests).
    var registeredStreamCount: Int { worker.withState { $0.tokens.count } }

    /// Lists the streams of `tokens` (`SubscriptionReadinessTarget`): one lock for a whole tick's
    /// streams. A token whose stream has ended is skipped; one given to a later stream lists that
    /// stream, whose drain then finds nothing or what it has.
    func subscriptionsBecameReady(_ tokens: UnsafeBufferPointer<Int>) {
        worker.update { state in
            var listedAny = false
            for token in tokens {
                if let stream = state.tokens[token], Self.list(stream, in: &state) { listedAny = true }
            }
            return listedAny ? .one : .none
        }
    }

    /// Lists `stream` unless it is listed already or the pump is stopping; true when it was listed.
    private static func list(_ stream: SubscriptionStream, in state: inout State) -> Bool {
        guard !state.stopping, state.listed.insert(ObjectIdentifier(stream)).inserted else { return false }
        state.ready.append(stream)
        return true
    }

    /// Drains what is listed, then ends the thread and waits for it. Later schedules are ignored.
    func stop() {
        worker.update { state in
            state.stopping = true
            return .all
        }
        worker.waitUntilExited()
    }

    /// Takes the listed streams; with none, waits for some, looking again at the held-back ones after the
    /// current retry wait; once stopping and drained, exits.
    func nextStep(_ state: inout State) -> WorkerStep<[SubscriptionStream]> {
        while true {
            if !state.ready.isEmpty {
                let batch = state.ready
                state.ready = []
                for stream in batch { state.listed.remove(ObjectIdentifier(stream)) }
                return .perform(batch)
            }
            if state.stopping { return .exit }
            guard !state.heldBack.isEmpty else { return .sleep }
            let now = MonotonicClock.now()
            guard let deadline = state.retryDeadline else {
                state.retryDeadline = MonotonicClock.deadline(after: state.currentRetryNanoseconds, from: now)
                continue
            }
            guard now >= deadline else { return .sleepUntil(monotonicNanoseconds: deadline) }
            // Look again at the streams held back: their readers may have caught up.
            state.retryDeadline = nil
            let heldBack = state.heldBack
            state.heldBack = []
            for stream in heldBack { _ = Self.list(stream, in: &state) }
        }
    }

    /// Drains each stream of `batch`, then reports which were held back and which ended.
    func perform(_ batch: [SubscriptionStream]) {
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
        worker.withState { state in
            for stream in ended { state.tokens.remove(stream) }
            // Back off while everything looked at is still held back (readers stuck for good).
            let progressed = held.count < batch.count
            state.currentRetryNanoseconds =
                progressed
                ? state.retryNanoseconds
                : min(state.currentRetryNanoseconds * 2, Self.maximumRetryMilliseconds * 1_000_000)
            state.retryDeadline = nil
            state.heldBack.append(contentsOf: held)
        }
    }
}
