/// The pure queue behind a `Subscription`: events in order, plus at most one pending frame that the
/// newest frame replaces.
///
/// A frame keeps its place among the events: `eventsBeforeFrame` events were queued before it and are
/// delivered first. When a newer frame replaces a pending one, the newer frame takes the place after every
/// event queued so far (the dropped frame's place no longer matters) and `missedFrames` grows by one.
struct SubscriptionQueue<Frame, Event> {
    enum Item {
        case event(Event)
        case frame(Frame, missedFrames: Int)
    }

    enum Offer {
        /// Accepted; `wasEmpty` tells whether the consumer needs a wake-up.
        case accepted(wasEmpty: Bool)
        /// The event queue is full: the subscriber is too far behind.
        case overflow
    }

    let eventCapacity: Int
    /// The events, oldest at `head`; a taken event is moved out (leaving nil) rather than copied, which
    /// retained and then released every string and array of it.
    var events: [Event?] = []
    var head = 0
    var frame: Frame?
    var eventsBeforeFrame = 0
    var missedFrames = 0

    init(eventCapacity: Int) {
        self.eventCapacity = eventCapacity
        events.reserveCapacity(min(eventCapacity, 64))
    }

    /// `events.count - head`, kept inline: a frame offered to a queue with no event waiting (every tick of
    /// an animating stack) then reads nothing from the events' storage, a cache miss per subscriber.
    var queuedEvents = 0

    var isEmpty: Bool { frame == nil && queuedEvents == 0 }

    mutating func offer(event: Event) -> Offer {
        guard queuedEvents < eventCapacity else { return .overflow }
        let wasEmpty = isEmpty
        events.append(event)
        queuedEvents += 1
        return .accepted(wasEmpty: wasEmpty)
    }

    /// Replaces any pending frame; returns whether the queue was empty, and whether a frame was dropped.
    mutating func offer(frame newFrame: Frame) -> (wasEmpty: Bool, replaced: Bool) {
        let wasEmpty = isEmpty
        let replaced = frame != nil
        if replaced { missedFrames += 1 }
        frame = newFrame
        eventsBeforeFrame = queuedEvents
        return (wasEmpty, replaced)
    }

    /// Counts the pending frame as replaced by a newer one that took its place (the pending frame was
    /// refreshed in place to stand for the newer tick): `missedFrames` grows by one and the frame moves
    /// after every event queued so far, exactly as `offer(frame:)` of a new frame would leave the queue.
    mutating func pendingFrameRefreshed() {
        precondition(frame != nil, "no frame is pending")
        missedFrames += 1
        eventsBeforeFrame = queuedEvents
    }

    mutating func take() -> Item? {
        if let (pending, missed) = takeFrameIfNext() { return .frame(pending, missedFrames: missed) }
        return takeEvent().map { .event($0) }
    }

    /// The pending frame with the count of frames it replaced, when no event was queued before it.
    mutating func takeFrameIfNext() -> (Frame, missedFrames: Int)? {
        guard eventsBeforeFrame == 0, let pending = frame else { return nil }
        frame = nil
        defer { missedFrames = 0 }
        return (pending, missedFrames)
    }

    /// The oldest event, when one waits (call `takeFrameIfNext()` first: the frame may come before it).
    mutating func takeEvent() -> Event? {
        guard queuedEvents > 0 else { return nil }
        let event = events[head].take()
        head += 1
        queuedEvents -= 1
        if frame != nil { eventsBeforeFrame -= 1 }
        if queuedEvents == 0 {
            events.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= events.count {
            events.removeFirst(head)
            head = 0
        }
        return event
    }

    mutating func removeAll() {
        events.removeAll()
        head = 0
        queuedEvents = 0
        frame = nil
        eventsBeforeFrame = 0
        missedFrames = 0
    }
}

extension SubscriptionQueue.Item: Sendable where Frame: Sendable, Event: Sendable {}
