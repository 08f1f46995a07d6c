import TransitionCore

/// A stack's subscribers: the subscriptions it feeds, and the delivery of each tick's frame and events to
/// them. One value, kept by `StackActor` and touched only on the stack's executor.
///
/// The fields a tick reads of every animating stack come first, inline in the actor (the walk asks for the
/// actor's first lines ahead of each stack, `StackActor.prefetchedLines`): the count, and the only
/// subscription with where its lines lie, so that the common tick (one subscriber) reads nothing of the
/// array's storage, a cache miss per stack and tick.
struct SubscriberSet {
    /// How many subscriptions the set holds.
    private(set) var count = 0
    /// The set's only subscription when there is one. Not counted (`subscriptions` holds it) and called
    /// without a retain (`_withUnsafeGuaranteedRef`): a strong reference was retained and released on
    /// every tick, a write to the subscription's first cache line, which its reader's core had touched last.
    private(set) var onlySubscription: Unmanaged<StackSubscription>?
    /// Where a send to `onlySubscription` begins, kept here so that the walk asks for those lines reading
    /// only the stack's own, which it asked for earlier (`prefetchOnlySubscription`).
    private(set) var onlySubscriptionLines: StackSubscription.Lines?
    /// Where the frame object last queued for `onlySubscription` lies: once its reader has read it, the
    /// next tick reuses that object (`Subscription.send(_:readiness:queuedFrame:)`), so the walk asks for
    /// its lines too. Possibly freed since, which a prefetch does not mind.
    private(set) var onlySubscriptionFrameLines: CacheLines?
    private var subscriptions: [StackSubscription] = [] {
        didSet {
            count = subscriptions.count
            onlySubscription = subscriptions.count == 1 ? Unmanaged.passUnretained(subscriptions[0]) : nil
            onlySubscriptionLines = subscriptions.count == 1 ? subscriptions[0].cacheLines : nil
            onlySubscriptionFrameLines = nil
        }
    }
    private var nextIdentifier: UInt64 = 1

    /// A new subscription, added to the set; `firstFrame` (the stack's frame now, when it has one to show
    /// before its next tick) is queued in it first.
    mutating func add(eventCapacity: Int, firstFrame: LazyFrame<Frame>?) -> StackSubscription {
        let subscription = StackSubscription(identifier: nextIdentifier, eventCapacity: eventCapacity)
        nextIdentifier += 1
        if let firstFrame { subscription.send(frame: firstFrame) }
        subscriptions.append(subscription)
        return subscription
    }

    /// Forgets the subscriptions that have ended; returns how many of them were ended for falling too far
    /// behind (the stack's `subscriberDrops`).
    mutating func removeEnded() -> Int {
        var dropped = 0
        subscriptions.removeAll { subscription in
            guard subscription.isFinished else { return false }
            if subscription.endedTooSlow { dropped += 1 }
            return true
        }
        return dropped
    }

    /// Sends a tick's frame to every subscription; returns how many were found ended too slow (and
    /// forgotten). Consumes the request, so that the caller, which took it out of an optional, does not
    /// destroy that optional after the call through its type's value witnesses.
    ///
    /// A single subscriber gets the frame it has not read refreshed in place (a reader slower than the clock
    /// is common with thousands of stacks), or else the frame it read last made the new one: a new frame is
    /// an allocation, its reference counts and a freed frame, each a cache miss.
    mutating func deliver(_ request: consuming RunningFrameRequest, readiness: ReadinessBatch?) -> Int {
        if let only = onlySubscription, request.recyclable {
            let alive = only._withUnsafeGuaranteedRef {
                $0.send(request, readiness: readiness, queuedFrame: &onlySubscriptionFrameLines)
            }
            return alive ? 0 : removeEnded()
        }
        let frame = request.makeFrame()
        var ended = false
        for subscription in subscriptions where !subscription.send(frame: frame, readiness: readiness) {
            ended = true
        }
        return ended ? removeEnded() : 0
    }

    /// Sends events and settled frames to every subscription, in order; returns how many were found ended
    /// too slow (and forgotten).
    mutating func deliver(_ items: [StackStateMachine.Output.Item], readiness: ReadinessBatch?) -> Int {
        guard !items.isEmpty, !subscriptions.isEmpty else { return 0 }
        var ended = false
        for item in items {
            for subscription in subscriptions {
                let alive: Bool
                switch item {
                case .event(let event): alive = subscription.send(event: event, readiness: readiness)
                case .frame(let frame): alive = subscription.send(frame: frame, readiness: readiness)
                }
                if !alive { ended = true }
            }
        }
        return ended ? removeEnded() : 0
    }

    /// Ends every subscription cleanly (a deleted or shut-down stack) and forgets them.
    mutating func finishAll() {
        for subscription in subscriptions { subscription.finish(error: nil) }
        subscriptions = []
    }

    /// Starts loading what the next delivery reads and writes first in the only subscription, if there is
    /// one. A hint: changes nothing.
    ///
    /// Mutating only so that the call reads the set in place: called on the actor's stored property as a
    /// plain method, it copied the set first, retaining the subscriptions' array, a cache miss on storage
    /// the tick otherwise never reads; at 10,000 stacks that retain was 3 % of the process's samples
    /// (docs/benchmarks.md, "The readers' bookkeeping").
    mutating func prefetchOnlySubscription() {
        onlySubscriptionLines?.prefetch()
        onlySubscriptionFrameLines?.prefetchForWriting()
    }
}
