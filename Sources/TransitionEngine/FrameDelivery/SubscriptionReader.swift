import SystemPrimitives
import TransitionCore

/// A thread that moves subscriptions' frames and events into their sinks (one of `SubscriptionReaders`).
///
/// A stack's tick fills each subscriber's queue and, once the tick is done, tells this reader the tokens of
/// the subscriptions whose queue was empty (`SubscriptionReadinessTarget`, one call for all of them), which
/// only lists them here and wakes this thread when it sleeps: the clock never samples, encodes or waits
/// for a sink. This thread drains each listed subscription (`drain`) until its queue is empty or its sink
/// is full; a sink that was full is looked at again after the retry wait, then after twice as long each
/// time none of those sinks took anything (up to `maximumRetryMilliseconds`), while its frames coalesce in
/// the queue. With nothing listed and nothing held back the thread sleeps: no wake-ups.
///
/// Reading a frame samples the transition's plan (frames are lazy): the reader keeps one spare frame for
/// all its subscriptions, and each frame made for one subscriber alone is sampled into the storage of the
/// last such frame, still in this thread's cache (`Subscription.poll(reusing:)`).
final class SubscriptionReader: SubscriptionReadinessTarget, WorkerLoop, @unchecked Sendable {
    typealias Statistics = SubscriptionReaders.Statistics

    /// The longest wait between looks at full sinks (a sink stuck for good costs about four wake-ups a
    /// second).
    static let maximumRetryMilliseconds: Int64 = 256
    /// How many attachments ahead of the one being drained the reader asks for the subscription's lines
    /// and the sink object's first line.
    static var prefetchDistance: Int { 2 }
    /// How many attachments ahead the reader asks for the attachment object, where the subscription's lines
    /// and the sink are kept.
    static var attachmentPrefetchDistance: Int { 8 }
    /// The lines an attachment may span: its 72 bytes (header, lines, subscription, sink) start
    /// wherever the allocator put them, 16-byte aligned.
    static var attachmentLines: Int { 2 }

    /// The thread's name.
    let name: String

    /// A sink attached to this reader.
    final class Attachment {
        /// Where a read of `subscription` begins; declared first, to lie in the object's first line, which
        /// the reader asks for further ahead.
        let subscriptionLines: StackSubscription.Lines
        let subscription: StackSubscription
        let sink: any SubscriptionSink

        init(_ sink: any SubscriptionSink) {
            subscription = sink.subscription
            subscriptionLines = subscription.cacheLines
            self.sink = sink
        }
    }

    /// What `drain` ended with.
    enum DrainOutcome: Equatable {
        /// Nothing is left to read now.
        case idle
        /// The sink is full; look again later.
        case heldBack
        /// The subscription ended, or the sink closed.
        case ended
    }

    /// What the reader's thread shares with the ticks and tasks that list subscriptions.
    ///
    /// Readiness lists tokens, not attachments: the thread that lists them (the readiness notifier's)
    /// then touches no attachment, whose reference count lies in the line this reader reads next, and
    /// hashes nothing; the reader turns the tokens into attachments when it takes them. Listing
    /// attachments in a set cost that thread 3 % of the process's samples at 10,000 stacks
    /// (docs/benchmarks.md, "The readers' bookkeeping").
    struct State {
        /// The tokens to drain, in the order they became ready; each at most once (`isListed`).
        var readyTokens: [Int] = []
        /// Whether a token is in `readyTokens`, indexed by token (grown as tokens are handed out).
        var isListed: [Bool] = []
        /// Attachments whose sink was full, looked at again after the retry wait. One that ended in the
        /// meantime (its end listed it by token) is out of `tokens` by then and is not listed again: a
        /// sink hears of the end once.
        var heldBack: [Attachment] = []
        /// The attachments told of by token, until they end.
        var tokens = TokenTable<Attachment>()
        var stopping = false
        /// The first wait between looks at full sinks.
        let retryNanoseconds: Int64
        /// The current wait; doubles while none of the held-back sinks takes anything.
        var currentRetryNanoseconds: Int64
        /// When the held-back sinks are looked at again; nil until the thread waits with some.
        var retryDeadline: Int64?
        var statistics = Statistics()
    }

    private let worker: WorkerThreads<SubscriptionReader>
    private let aroundEachPass: @Sendable (() -> Void) -> Void
    /// The frame whose node storage the next sampled frame takes, whichever subscription it belongs to:
    /// still in this thread's cache, where each subscription's own was last touched a frame period ago.
    /// Touched only by the reader's one thread.
    nonisolated(unsafe) private var spare: Frame?

    init(name: String, retryMilliseconds: Int, aroundEachPass: @escaping @Sendable (() -> Void) -> Void) {
        self.name = name
        self.aroundEachPass = aroundEachPass
        let retryNanoseconds = Int64(max(retryMilliseconds, 1)) * 1_000_000
        worker = WorkerThreads(
            state: State(retryNanoseconds: retryNanoseconds, currentRetryNanoseconds: retryNanoseconds))
        worker.startAtFirstWake(self, name: name)
    }

    /// Starts reading `sink.subscription` into `sink` (`SubscriptionReaders.attach(_:)`).
    func attach(_ sink: any SubscriptionSink) {
        let attachment = Attachment(sink)
        let token = worker.withState { $0.tokens.insert(attachment) }
        // Told at once when items wait or the subscription has ended already.
        attachment.subscription.setReadinessTarget(self, token: token)
    }

    /// Attachments not yet found ended.
    var attachedCount: Int { worker.withState { $0.tokens.count } }

    /// What the reader has done.
    var statistics: Statistics { worker.withState { $0.statistics } }

    /// Lists the attachments of `tokens` (`SubscriptionReadinessTarget`): one lock for a whole tick's
    /// subscriptions. A token whose attachment has ended is skipped; one given to a later attachment lists
    /// that one, whose drain then finds nothing or what it has.
    func subscriptionsBecameReady(_ tokens: UnsafeBufferPointer<Int>) {
        worker.update { state in
            var listedAny = false
            for token in tokens where Self.list(token: token, in: &state) { listedAny = true }
            return listedAny ? .one : .none
        }
    }

    /// Lists `token` unless it is listed already or the reader is stopping; true when it was listed. A
    /// token whose attachment has ended is listed all the same and skipped when taken.
    private static func list(token: Int, in state: inout State) -> Bool {
        guard !state.stopping else { return false }
        if token >= state.isListed.count {
            state.isListed.append(contentsOf: repeatElement(false, count: token + 1 - state.isListed.count))
        }
        guard !state.isListed[token] else { return false }
        state.isListed[token] = true
        state.readyTokens.append(token)
        return true
    }

    /// Reads what is listed, then ends the thread and waits for it. Later readiness is ignored.
    func stop() {
        worker.update { state in
            state.stopping = true
            return .all
        }
        worker.waitUntilExited()
    }

    /// Takes the listed attachments; with none, waits for some, looking again at the held-back ones after
    /// the current retry wait; once stopping with nothing listed, exits.
    func nextStep(_ state: inout State) -> WorkerStep<[Attachment]> {
        while true {
            if !state.readyTokens.isEmpty {
                var batch: [Attachment] = []
                batch.reserveCapacity(state.readyTokens.count)
                for token in state.readyTokens {
                    state.isListed[token] = false
                    if let attachment = state.tokens[token] { batch.append(attachment) }
                }
                state.readyTokens.removeAll(keepingCapacity: true)
                if !batch.isEmpty { return .perform(batch) }
                continue
            }
            if state.stopping { return .exit }
            guard !state.heldBack.isEmpty else { return .sleep }
            let now = MonotonicClock.now()
            guard let deadline = state.retryDeadline else {
                state.retryDeadline = MonotonicClock.deadline(after: state.currentRetryNanoseconds, from: now)
                continue
            }
            guard now >= deadline else { return .sleepUntil(monotonicNanoseconds: deadline) }
            // Look again at the sinks held back: their readers may have caught up.
            state.retryDeadline = nil
            let heldBack = state.heldBack
            state.heldBack = []
            for attachment in heldBack {
                if let token = state.tokens.token(of: attachment) { _ = Self.list(token: token, in: &state) }
            }
        }
    }

    /// Drains each attachment of `batch`, then reports which were held back and which ended.
    func perform(_ batch: [Attachment]) {
        var held: [Attachment] = []
        var ended: [Attachment] = []
        var read = Statistics()
        read.passes = 1
        aroundEachPass {
            for (position, attachment) in batch.enumerated() {
                // The subscription a few places ahead was last written by a ticking processor: its lines
                // are asked for now, to arrive while this one is drained, with the sink's first line (its
                // type, read by the first call). Without the sink's, that load was half of this loop's
                // samples at 10,000 stacks (docs/benchmarks.md, "The readers' bookkeeping").
                let ahead = position + Self.prefetchDistance
                if ahead < batch.count {
                    batch[ahead].subscriptionLines.prefetch()
                    CacheLines(of: batch[ahead].sink, count: 1).prefetch()
                }
                // Those are kept in the attachment, itself a miss unless asked for earlier.
                let further = position + Self.attachmentPrefetchDistance
                if further < batch.count { CacheLines(of: batch[further], count: Self.attachmentLines).prefetch() }
                switch Self.drain(attachment.subscription, into: attachment.sink, reusing: &spare, counting: &read) {
                case .heldBack: held.append(attachment)
                case .ended: ended.append(attachment)
                case .idle: break
                }
            }
        }
        worker.withState { state in
            for attachment in ended { state.tokens.remove(attachment) }
            // Back off while everything looked at is still held back (sinks stuck for good).
            let progressed = held.count < batch.count
            state.currentRetryNanoseconds =
                progressed
                ? state.retryNanoseconds
                : min(state.currentRetryNanoseconds * 2, Self.maximumRetryMilliseconds * 1_000_000)
            state.retryDeadline = nil
            state.heldBack.append(contentsOf: held)
            state.statistics = state.statistics + read
        }
    }

    /// Hands `subscription`'s items to `sink` until nothing is left, the sink is full, or the subscription
    /// ends or the sink closes; counts what it handed over in `read`. A frame made for this subscriber
    /// alone is sampled into `spare`'s storage, and becomes the next `spare` once the sink has it.
    ///
    /// The loop every reader runs; a caller with one subscription of its own (a benchmark, a test) may run
    /// it on its thread, as long as no reader has the subscription.
    static func drain(
        _ subscription: StackSubscription, into sink: any SubscriptionSink, reusing spare: inout Frame?,
        counting read: inout Statistics
    ) -> DrainOutcome {
        while true {
            switch sink.admission() {
            case .closed:
                subscription.cancel()
                return .ended
            case .full where !subscription.isFinished:
                return .heldBack
            case .full, .open:
                break
            }
            // `drained`: nothing is left after this item, so the reader is told again when something
            // arrives, and need not poll once more to be told `.empty`.
            var drained = false
            switch subscription.poll(reusing: &spare, drained: &drained) {
            case .empty:
                return .idle
            case .element(.frame(let frame, let missed)):
                let exclusive = subscription.lastFrameWasExclusive
                sink.receive(frame: frame, missedFrames: missed, sharedWithOtherSubscribers: !exclusive)
                read.frames += 1
                read.missedFrames += UInt64(missed)
                // Kept nowhere else (the sink keeps no exclusive frame): the next frame may take its storage.
                if exclusive { spare = frame }
            case .element(.event(let event)):
                sink.receive(event: event)
                read.events += 1
            case .finished(let error):
                sink.subscriptionEnded(error: error)
                return .ended
            }
            if drained { return .idle }
        }
    }
}
