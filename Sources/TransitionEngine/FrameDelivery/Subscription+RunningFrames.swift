import SystemPrimitives
import TransitionCore

/// The path of a stack's running frames, at both ends, with the least work: the tick hands its frame to a
/// subscriber described (`RunningFrameRequest`), made a frame object only when no existing one can stand
/// for it; a reader of many stacks samples each into the storage of a frame it is done with.
extension Subscription where Frame == TransitionCore.Frame {
    /// Queues the frame `request` describes for this subscriber alone (`request.recyclable`: its stack has
    /// no other), under one lock, the cheapest way that is correct:
    /// - the frame waiting unread is refreshed in place when it can take the request
    ///   (`RunningFrame.refresh`), and counts as coalesced, as a new frame replacing it would;
    /// - otherwise the frame the reader took last is made this frame and queued again
    ///   (`RunningFrame.reuse(for:)`) when nothing holds it any more, the reader included: the common tick
    ///   of a stack whose reader keeps up then allocates nothing, frees nothing and counts no reference of
    ///   the plan (a line every stack's frames share);
    /// - otherwise a new frame is made and queued.
    ///
    /// A queue that was empty tells its reader (kept in `readiness` when given). Returns false
    /// if the subscription has ended.
    func send(_ request: RunningFrameRequest, readiness: ReadinessBatch?) -> Bool {
        var queued: CacheLines?
        return send(request, readiness: readiness, queuedFrame: &queued)
    }

    /// `send(_:readiness:)`, telling in `queuedFrame` where the frame object now queued lies (nil when the
    /// request took the general path or the subscription has ended): while its reader keeps up, the next
    /// tick reuses that same object, and the stack asks for its lines ahead of that tick
    /// (`SubscriberSet.onlySubscriptionFrameLines`).
    func send(_ request: RunningFrameRequest, readiness: ReadinessBatch?, queuedFrame: inout CacheLines?) -> Bool {
        var reader: ReadinessRegistration?
        var released: LazyFrame<Frame>?
        let outcome = state.withLock { state -> FrameOffer in
            guard !state.ended else { return .ended }
            guard state.waiter == nil else { return .needsGeneralPath }
            if state.refreshPendingFrame(request) {
                queuedFrame = state.queue.frame.map { CacheLines(of: $0, count: RunningFrame.cacheLineCount) }
                return .queued
            }
            let frame: LazyFrame<Frame>
            // The reader drops its reference after computing the frame: unique means it is done with it.
            // Moved out, not copied: a copy was a retain and a release of a line the reader wrote last.
            if isKnownUniquelyReferenced(&state.lastTakenFrame), let taken = state.lastTakenFrame.take() {
                if taken.reuse(for: request) {
                    frame = taken
                } else {
                    released = taken
                    frame = request.makeFrame()
                }
            } else {
                // Freed below, outside the lock, on this (the allocating) thread.
                swap(&released, &state.lastTakenFrame)
                frame = request.makeFrame()
            }
            queuedFrame = CacheLines(of: frame, count: RunningFrame.cacheLineCount)
            if state.offer(frame) { reader = state.wakeReader(into: readiness) }
            return .queued
        }
        released = nil
        return complete(outcome, reader: reader, readiness: readiness, frame: request.makeFrame())
    }

    /// Makes the frame that waits unread in the queue the frame `request` describes, in place
    /// (`RunningFrame.refresh`), and counts it as coalesced, as a new frame replacing it would be. The
    /// reader was told when that frame arrived, so nobody is told again. False, changing nothing, when no
    /// frame waits, the subscription has ended, a `next()` waits, or the waiting frame cannot take it.
    func refreshPendingFrame(_ request: RunningFrameRequest) -> Bool {
        state.withLock { state in !state.ended && state.waiter == nil && state.refreshPendingFrame(request) }
    }
}

extension Subscription.State where Frame == TransitionCore.Frame {
    /// Makes the frame waiting unread the frame `request` describes (`RunningFrame.refresh`), counted as
    /// coalesced and moved after the events queued so far, as a new frame replacing it would be. False,
    /// changing nothing, when no frame waits or it cannot take the request.
    mutating func refreshPendingFrame(_ request: RunningFrameRequest) -> Bool {
        guard let pending = queue.frame, pending.refresh(request) else { return false }
        queue.pendingFrameRefreshed()
        framesCoalesced += 1
        return true
    }
}

extension Subscription where Frame == TransitionCore.Frame, Event == StackEvent {
    /// Takes the next item without waiting; a frame made for this subscriber alone is sampled into the
    /// node storage of `spare` when there is one (`spare` is then set to nil).
    ///
    /// For a reader that drains many subscriptions on one thread (`SubscriptionReader`): it keeps one spare
    /// frame for all of them and, once done with a frame that was its alone (`lastFrameWasExclusive`,
    /// right after this call), hands that frame back as `spare`, holding no other reference to it. The
    /// next frame sampled, of whichever stack, then writes into storage still in the thread's cache; with
    /// `poll()` each subscription keeps its own, last touched a frame period before, and with thousands of
    /// stacks animating the sample's writes miss the cache (about a third of a frame's reading time in
    /// `engine.capacity.60hz.long`, docs/benchmarks.md). A spare still referenced elsewhere is copied, not
    /// changed; a frame that several subscribers share leaves `spare` alone.
    func poll(reusing spare: inout Frame?) -> Poll {
        var drained = false
        return poll(reusing: &spare, drained: &drained)
    }

    /// `poll(reusing:)`, also telling whether it left nothing queued on a subscription that goes on
    /// (`drained`; true after `.empty` too). A reader that drains the subscription stops there instead of
    /// polling once more to be told `.empty`, a lock taken for nothing once per drain, about one poll in
    /// three with frames arriving one at a time; its readiness target is told when the next item arrives,
    /// as after `.empty`. False after an item that others follow, and once the subscription has ended,
    /// so that the reader polls again and is told `.finished`.
    func poll(reusing spare: inout Frame?, drained: inout Bool) -> Poll {
        withUnsafeTemporaryAllocation(of: StackEvent.self, capacity: 1) { event in
            var error: TransitionEngineError?
            switch take(event: event.baseAddress!, error: &error, drained: &drained) {
            case .frame(let lazy, let missed):
                return .element(.frame(frame(of: lazy, reusing: &spare), missedFrames: missed))
            case .event: return .element(.event(event.baseAddress!.move()))
            case .empty: return .empty
            case .finished: return .finished(error)
            }
        }
    }
}
