import SystemPrimitives

/// One subscriber's bounded queue of a stack's frames and events.
///
/// The producer (a stack, on the clock's tick) never waits for the consumer:
/// - Frames coalesce: a frame not yet taken is replaced by the newer one, and the consumer sees how many
///   it missed (`missedFrames` of the next frame).
/// - Events are never dropped silently: when `eventCapacity` events are waiting, the subscription ends
///   with `limitExceeded` (parameter `subscription`): the queue is discarded and the consumer's next read
///   reports the error.
///
/// Three ways to read, each single-consumer:
/// - Attach a `SubscriptionSink` to `SubscriptionReaders`: reader threads take the items and hand them to
///   the sink. The path for socket writers (the daemon's streams) and for anything reading thousands of
///   subscriptions. A reader is told a subscription's token when its queue goes from empty to non-empty or
///   it ends (internally, `setReadinessTarget(_:token:)`): on the producer's thread, except for what a tick
///   delivers, told once per reader with every token when the whole tick is done, on
///   `ReadinessNotifier`'s thread for a real clock (before `advance` returns for a `VirtualClock`), so that
///   a tick at real-time priority never waits for a reader's lock. This costs no task, no hop and no
///   reference counted per frame.
/// - `poll()` with `setReadinessHandler(_:)`, for a reader of one subscription on a thread of its own.
/// - `for try await item in subscription`: an `AsyncSequence` for tests and in-process clients.
public final class Subscription<Frame: Sendable, Event: Sendable>: Sendable {
    /// A delivered item.
    public enum Element: Sendable {
        /// An event, in the order the stack emitted it. Keep events small (a stack's holds its fields in one
        /// box, `StackEvent`): an event type sizes every element and poll, and Swift assembles and returns an
        /// enum larger than 128 bytes through `memcpy` (three copies per read, frames included).
        case event(Event)
        /// The newest frame; `missedFrames` frames were replaced before this one could be read.
        case frame(Frame, missedFrames: Int)
    }

    /// The result of a non-blocking read.
    public enum Poll: Sendable {
        /// The next item.
        case element(Element)
        /// Nothing queued now; the reader is told (`setReadinessHandler`, or its reader thread) when
        /// something arrives.
        case empty
        /// The subscription ended, cleanly (`nil`) or with an error; every later poll says the same.
        case finished(TransitionEngineError?)
    }

    /// The default bound on waiting events before a subscriber is ended as too slow.
    public static var defaultEventCapacity: Int { 1_024 }

    struct State {
        var queue: SubscriptionQueue<LazyFrame<Frame>, Event>
        var ended: Bool = false
        var error: TransitionEngineError?
        /// The frame the consumer took last, kept until the producer offers the next one, which it then
        /// becomes when nothing else holds it (`send(_:readiness:)`), or else is freed on the thread that
        /// allocated it (the tick's), not on the reader's, whose frees into the ticking thread's malloc arena
        /// take that arena's lock (a plain mutex) under the tick's feet.
        var lastTakenFrame: LazyFrame<Frame>?
        var waiter: Waiter?
        var readiness: ReadinessRegistration?
        var framesCoalesced: UInt64 = 0

        /// Tells the reader that the queue became non-empty or the subscription ended: with `batch`, keeps
        /// the token there (read in place, counting no reference) and returns nil; without, returns the
        /// registration to notify once the lock is released. Nil when nobody is registered.
        mutating func wakeReader(into batch: ReadinessBatch?) -> ReadinessRegistration? {
            guard let batch else { return readiness }
            if let token = readiness?.token, let identifier = readiness?.targetIdentifier {
                batch.append(token: token, targetIdentifier: identifier) { readiness.unsafelyUnwrapped.target }
            }
            return nil
        }

        /// Queues `frame` in place of one not yet read (counted as coalesced); true when the queue was empty.
        mutating func offer(_ frame: LazyFrame<Frame>) -> Bool {
            let (wasEmpty, replaced) = queue.offer(frame: frame)
            if replaced { framesCoalesced += 1 }
            return wasEmpty
        }
    }

    typealias Item = SubscriptionQueue<LazyFrame<Frame>, Event>.Item

    let state: Locked<State>

    /// The last frame `poll()` computed itself, handed back to the next one so that its node storage is
    /// reused (see `LazyFrame.recyclable`). Touched only by the single consumer's `poll()`; a reader that
    /// uses `poll(reusing:)` keeps its spare frame itself, and this stays nil. Like `lastFrameExclusive`,
    /// not checked for exclusivity at run time (a `swift_beginAccess` per frame read): only that consumer
    /// touches it, and nothing it calls meanwhile does.
    @exclusivity(unchecked) nonisolated(unsafe) var recycledFrame: Frame?

    /// Whether the frame `poll()` or `poll(reusing:)` returned last was made for this subscriber alone (its
    /// stack had one subscriber then), so that no other subscriber reads the same frame. Read by the single
    /// consumer right after the poll; false before the first frame.
    ///
    /// A reader that keeps frames to share work between subscribers (the daemon encodes a frame's JSON once
    /// for every subscriber of its stack) should keep none of these: a later frame is sampled into this
    /// one's node storage when nothing but the subscription (or the reader's spare) holds it, and any other
    /// holder makes that sample allocate and copy every node instead.
    var lastFrameWasExclusive: Bool { lastFrameExclusive }
    @exclusivity(unchecked) nonisolated(unsafe) var lastFrameExclusive = false

    /// A number unique within the stack that created the subscription.
    public let identifier: UInt64

    init(identifier: UInt64, eventCapacity: Int) {
        self.identifier = identifier
        state = Locked(
            State(queue: SubscriptionQueue(eventCapacity: Swift.max(eventCapacity, 1))), inheritingPriority: true)
    }

    // MARK: Consumer

    /// Takes the next item without waiting. A frame made for this subscriber alone is sampled into the
    /// node storage of the last one this call returned, once the reader holds that one no more.
    public func poll() -> Poll {
        withUnsafeTemporaryAllocation(of: Event.self, capacity: 1) { event in
            var error: TransitionEngineError?
            var drained = false
            switch take(event: event.baseAddress!, error: &error, drained: &drained) {
            case .frame(let lazy, let missed):
                let frame = frame(of: lazy, reusing: &recycledFrame)
                if lastFrameExclusive { recycledFrame = frame }
                return .element(.frame(frame, missedFrames: missed))
            case .event: return .element(.event(event.baseAddress!.move()))
            case .empty: return .empty
            case .finished: return .finished(error)
            }
        }
    }

    /// Where a read or a send of this subscription begins: the object's first cache line (it holds the
    /// address of the lock and queue) and the lock and queue's lines.
    ///
    /// For a thread that visits many subscriptions in turn (a reader draining the ones a tick made ready,
    /// a tick sending to each stack's): it keeps these beside its list and asks for the lines of the
    /// subscription a few places ahead (`prefetch()`) while it works on this one. Asked through the
    /// subscription instead, the ask would itself wait for the object's line. Valid while the subscription
    /// lives; it holds no reference.
    var cacheLines: Lines {
        Lines(
            object: CacheLines(of: self, count: 1),
            state: CacheLines(start: state.allocationStart, count: Self.lockAndQueueLineCount))
    }

    /// The lines of the lock and queue's one allocation (`Locked`: header, queue state, mutex), all of it
    /// (`SubscriptionTests` checks that they hold it).
    static var lockAndQueueLineCount: Int { 4 }

    /// The cache lines where a read or a send of a subscription begins (`cacheLines`).
    struct Lines: Sendable {
        let object: CacheLines
        let state: CacheLines

        /// Starts loading the lines: the object's to be read, the lock and queue's to be written. A hint:
        /// changes nothing.
        func prefetch() {
            object.prefetch()
            state.prefetchForWriting()
        }
    }

    /// What `take(event:error:)` found.
    enum Taken {
        /// The pending frame, and how many frames it replaced.
        case frame(LazyFrame<Frame>, missedFrames: Int)
        /// An event, written to the caller's variable.
        case event
        /// Nothing waits, and the subscription goes on.
        case empty
        /// Nothing waits, and the subscription has ended (its error written to the caller's variable).
        case finished
    }

    /// Takes the next item from the queue under the lock. An event is moved into the memory `event` points
    /// to (uninitialized before; initialized exactly when this returns `.event`), and the error the
    /// subscription ended with is written to the caller's variable, rather than either being returned: a
    /// result holding a whole event (a large struct) was copied several times on every read, frames
    /// included, and most reads are frames; and an optional event the caller kept was destroyed through
    /// its type's value witnesses after every read, frames included. `drained` is set to whether nothing is
    /// left queued on a subscription that goes on (see `poll(reusing:drained:)`).
    func take(event: UnsafeMutablePointer<Event>, error: inout TransitionEngineError?, drained: inout Bool) -> Taken {
        state.withLock { state in
            if let (frame, missed) = state.queue.takeFrameIfNext() {
                state.lastTakenFrame = frame
                drained = state.queue.isEmpty && !state.ended
                return .frame(frame, missedFrames: missed)
            }
            if let next = state.queue.takeEvent() {
                event.initialize(to: next)
                drained = state.queue.isEmpty && !state.ended
                return .event
            }
            drained = !state.ended
            guard state.ended else { return .empty }
            error = state.error
            return .finished
        }
    }

    /// Sets (or clears) the reader told, with `token`, when the queue becomes non-empty or the
    /// subscription ends (`SubscriptionReadinessTarget`). If items are already waiting, or the
    /// subscription has ended, the target is told once right away.
    ///
    /// The subscription lets go of the target once it has ended (after the call that reports the end, or
    /// at once when it had already ended), so a target that holds the subscription makes no reference
    /// cycle that outlives the subscription.
    func setReadinessTarget(_ target: (any SubscriptionReadinessTarget)?, token: Int) {
        let registration = target.map { ReadinessRegistration(target: $0, token: token) }
        let notifyNow = state.withLock { state in
            state.readiness = state.ended ? nil : registration
            return registration != nil && (!state.queue.isEmpty || state.ended)
        }
        if notifyNow { registration?.notify() }
    }

    /// Sets (or clears) a function called when the queue becomes non-empty or the subscription ends, as
    /// `setReadinessTarget(_:token:)` does for a target: for a reader of one subscription. If items are
    /// already waiting, or the subscription has ended, the handler is called once right away.
    public func setReadinessHandler(_ handler: (@Sendable () -> Void)?) {
        setReadinessTarget(handler.map(ReadinessHandlerTarget.init), token: 0)
    }

    /// Ends the subscription from the consumer's side; the stack forgets it at its next delivery.
    public func cancel() { finish(error: nil) }

    /// Whether the subscription has ended (items may still be waiting to be polled after a clean end).
    public var isFinished: Bool { state.withLock { $0.ended } }

    /// Whether the subscription was ended for falling too far behind.
    var endedTooSlow: Bool { state.withLock { $0.error?.code == .limitExceeded } }

    /// Frames replaced before they were read, over the subscription's life.
    public var framesCoalesced: UInt64 { state.withLock { $0.framesCoalesced } }

    // MARK: Producer

    /// Queues an event. Returns false if the subscription has ended (now or before). With `readiness`,
    /// the reader is told later, with the batch, instead of now.
    @discardableResult
    func send(event: Event, readiness: ReadinessBatch? = nil) -> Bool {
        deliver(readiness: readiness) { state in
            switch state.queue.offer(event: event) {
            case .accepted(let wasEmpty): return wasEmpty ? .wake : .none
            case .overflow:
                state.queue.removeAll()
                state.ended = true
                state.error = .limitExceeded(
                    ExceededLimit("subscriberEvents", maximum: state.queue.eventCapacity),
                    "The subscriber fell \(state.queue.eventCapacity) events behind and was disconnected; "
                        + "read faster or subscribe again.",
                    parameter: "subscription")
                return .wake
            }
        }
    }

    /// Queues a frame, replacing one not yet read. Returns false if the subscription has ended.
    @discardableResult
    func send(frame: Frame) -> Bool { send(frame: LazyFrame(frame)) }

    /// Queues a frame computed when read (shared by every subscriber of a tick). With `readiness`, the
    /// reader is told later, with the batch, instead of now.
    @discardableResult
    func send(frame: LazyFrame<Frame>, readiness: ReadinessBatch? = nil) -> Bool {
        // The common case (a tick's frame for a reader that polls) takes one lock and moves nothing but
        // the frame; a waiting `next()` takes the general path.
        var reader: ReadinessRegistration?
        var taken: LazyFrame<Frame>?
        let outcome = state.withLock { state -> FrameOffer in
            guard !state.ended else { return .ended }
            guard state.waiter == nil else { return .needsGeneralPath }
            // Freed below, outside the lock, on this (the allocating) thread.
            swap(&taken, &state.lastTakenFrame)
            if state.offer(frame) { reader = state.wakeReader(into: readiness) }
            return .queued
        }
        taken = nil
        return complete(outcome, reader: reader, readiness: readiness, frame: frame)
    }

    /// How an offered frame went: queued by the fast path, refused (ended), or left to `deliver`.
    enum FrameOffer { case queued, ended, needsGeneralPath }

    /// Finishes a frame offered under the lock: tells `reader` (the registration of a queue that was
    /// empty, when no batch kept its token), or queues `frame` by the general path, which wakes a waiting
    /// `next()`. Returns false if the subscription has ended.
    func complete(
        _ outcome: FrameOffer, reader: ReadinessRegistration?, readiness: ReadinessBatch?,
        frame: @autoclosure () -> LazyFrame<Frame>
    ) -> Bool {
        switch outcome {
        case .ended:
            return false
        case .queued:
            reader?.notify()
            return true
        case .needsGeneralPath:
            let frame = frame()
            return deliver(readiness: readiness) { state in
                state.lastTakenFrame = nil
                return state.offer(frame) ? .wake : .none
            }
        }
    }

    /// Ends the subscription; queued items stay readable after a clean end and are discarded after an error.
    func finish(error: TransitionEngineError?) {
        _ = deliver { state in
            state.ended = true
            state.error = error
            if error != nil { state.queue.removeAll() }
            return .wake
        }
    }

    private enum Wake { case none, wake }

    /// A waiting `next()`: its continuation, and what it is resumed with, set under the lock and handed out
    /// of it to resume. A class, made only when a `next()` waits. `CheckedContinuation` is resilient (the
    /// standard library fixes its size only at run time): held inline, it gave `State` a layout known only
    /// at run time, so that every frame sent read the state's field offsets from its metadata and copied
    /// the optional continuation through its value witnesses; and an optional continuation and result
    /// handed out of the lock were copied and destroyed through them on every delivery, waiter or not.
    final class Waiter {
        let continuation: CheckedContinuation<Item?, any Error>
        /// Set under the subscription's lock when the waiter is taken, before it is resumed.
        var element: Result<Item?, any Error> = .success(nil)

        init(_ continuation: CheckedContinuation<Item?, any Error>) { self.continuation = continuation }

        func resume() { continuation.resume(with: element) }
    }

    private func deliver(readiness: ReadinessBatch? = nil, _ body: (inout State) -> Wake) -> Bool {
        let (alive, waiter, reader): (Bool, Waiter?, ReadinessRegistration?) = state.withLock { state in
            guard !state.ended else { return (false, nil, nil) }
            guard body(&state) == .wake else { return (true, nil, nil) }
            let reader = state.wakeReader(into: readiness)
            // Nothing is delivered after the end: the target is told this last time and released.
            if state.ended { state.readiness = nil }
            guard let waiter = state.waiter else { return (!state.ended, nil, reader) }
            state.waiter = nil
            if let item = state.queue.take() {
                waiter.element = .success(item)
                return (true, waiter, reader)
            }
            if let error = state.error {
                waiter.element = .failure(error)
                return (false, waiter, reader)
            }
            waiter.element = .success(nil)
            return (!state.ended, waiter, reader)
        }
        waiter?.resume()
        reader?.notify()
        return alive
    }

    /// The frame `lazy` stands for, computed (on the reader's thread, outside the lock) with the storage of
    /// `spare` when it may. Always inlined into the polls that call it, as `LazyFrame.value(recycling:)`
    /// is: called through its generic entry point, it cost a metadata lookup and value-witness copies.
    @inline(__always)
    func frame(of lazy: LazyFrame<Frame>, reusing spare: inout Frame?) -> Frame {
        let frame = lazy.value(recycling: &spare)
        // Written only when it changes: the stack reads this object's line (it holds `state`) on every
        // tick from another core, and a write here on every frame would take the line from that core.
        if lastFrameExclusive != lazy.recyclable { lastFrameExclusive = lazy.recyclable }
        return frame
    }

    static func element(_ item: Item) -> Element {
        switch item {
        case .event(let event): .event(event)
        case .frame(let frame, let missed): .frame(frame.value, missedFrames: missed)
        }
    }

    fileprivate func next() async throws -> Element? {
        let item: Item? = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let result: Result<Item?, any Error>? = state.withLock { state in
                    if let item = state.queue.take() { return .success(item) }
                    if state.ended { return state.error.map { .failure($0) } ?? .success(nil) }
                    precondition(state.waiter == nil, "a Subscription has a single consumer")
                    state.waiter = Waiter(continuation)
                    return nil
                }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            self.cancel()
        }
        return item.map(Self.element)
    }
}

extension Subscription: AsyncSequence {
    /// Reads the subscription; throws the error the subscription ended with, if any.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let subscription: Subscription

        /// The next item, or nil once the subscription ended cleanly.
        public mutating func next() async throws -> Element? { try await subscription.next() }
    }

    /// Starts reading. Use one iterator at a time.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(subscription: self) }
}
