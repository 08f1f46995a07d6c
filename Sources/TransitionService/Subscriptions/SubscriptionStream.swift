import JSON
import SystemPrimitives
import TransitionCore
import TransitionEngine
import Varlink

/// One stack of a `Subscribe` call: the engine's subscription of the stack, and the Varlink call its items
/// are streamed to as replies with `continues` (`SubscribeCall`, which a call naming several stacks shares
/// among their streams).
///
/// Each frame is sent as `{"frame": <the frame's JSON form>, "framesMissed": n}`, written straight into
/// the reply message: encoded there when the frame is this subscriber's alone, or copied from the stack's
/// frame cache when several subscribers share it (encoded once per tick for all of them, never parsed
/// again); each event as `{"event": {...}}`. While the connection has more than the backlog limit
/// of unread reply bytes the stream sends nothing: frames coalesce in the subscription (the reader
/// then sees `framesMissed`), events wait, and a reader too far behind on events is ended by the
/// subscription's event limit with `LimitExceeded` (`subscriberEvents`).
final class SubscriptionStream: SubscriptionSink {
    /// The call the stream replies to.
    let call: SubscribeCall
    var context: VarlinkCallContext { call.context }
    let subscription: StackSubscription
    let record: StackRecord
    /// The subscriber's uid, counted against `ServiceLimits.subscriptionsPerUser` while the stream is open.
    var uid: UInt32 { context.peer.uid }
    let wantsFrames: Bool
    let wantsEvents: Bool
    private let backlogBytes: Int
    private let eventCapacity: Int
    private let frameIndex: @Sendable () -> Int64
    private let ended = Locked(false)
    /// Whether a frame was sent: the first one is sent even to a subscriber that asked for events only,
    /// so every subscriber learns promptly that it is subscribed. Touched only by the reader's thread.
    private let sentFrame = Locked(false)
    private let onEnd: @Sendable (SubscriptionStream) -> Void

    init(
        call: SubscribeCall, subscription: StackSubscription, record: StackRecord, wantsFrames: Bool,
        wantsEvents: Bool, backlogBytes: Int, eventCapacity: Int, frameIndex: @escaping @Sendable () -> Int64,
        onEnd: @escaping @Sendable (SubscriptionStream) -> Void
    ) {
        self.call = call
        self.subscription = subscription
        self.record = record
        self.wantsFrames = wantsFrames
        self.wantsEvents = wantsEvents
        self.backlogBytes = backlogBytes
        self.eventCapacity = eventCapacity
        self.frameIndex = frameIndex
        self.onEnd = onEnd
    }

    /// Whether the stream has ended.
    var isEnded: Bool { ended.withLock { $0 } }

    /// Whether the stream takes the next item (`SubscriptionSink`): never once it has ended or its client
    /// left (ending it then); not while the connection has more than the backlog limit of unread bytes.
    func admission() -> SubscriptionSinkAdmission {
        guard !isEnded else { return .closed }
        if context.isConnectionClosed {
            end()
            return .closed
        }
        return context.pendingOutputByteCount > backlogBytes ? .full : .open
    }

    /// Sends a frame as a reply, if the subscriber wants frames or this is its first.
    func receive(frame: Frame, missedFrames: Int, sharedWithOtherSubscribers: Bool) {
        let first = sentFrame.withLock { sent in
            defer { sent = true }
            return !sent
        }
        if wantsFrames || first { send(frame: frame, missed: missedFrames, shared: sharedWithOtherSubscribers) }
    }

    /// Sends an event as a reply, if the subscriber wants events.
    func receive(event: StackEvent) {
        if wantsEvents { context.replyContinues(["event": ReplyEncoding.event(event)]) }
    }

    /// Sends the stream's last reply (`finish(with:)`).
    func subscriptionEnded(error: TransitionEngineError?) { finish(with: error) }

    private func send(frame: Frame, missed: Int, shared: Bool) {
        // A frame no other subscriber reads is written straight into the reply and kept nowhere: held in
        // the stack's frame cache, its node storage could not be reused for the next frame, which would
        // then allocate and copy every node (see `Subscription.lastFrameWasExclusive`).
        let shared = shared ? record.frameCache.withLock { $0.json(of: frame) } : nil
        context.reply(continues: true, parametersCapacity: shared?.count ?? Self.frameBytesEstimate) { message in
            message.append(contentsOf: #"{"frame":"#.utf8)
            if let shared { message.append(contentsOf: shared) } else { frame.appendJSON(into: &message) }
            message.append(contentsOf: #","framesMissed":"#.utf8)
            message.append(contentsOf: String(missed).utf8)
            message.append(UInt8(ascii: "}"))
        }
    }

    /// Bytes reserved for a frame's reply before it is written: a 13-node frame of two 6-node screens and
    /// an overlay is about 4,000 (a larger one grows the buffer once).
    private static let frameBytesEstimate = 8_192

    /// Sends the stream's last reply: `stackDeleted`, or the error that ends the whole call (the event
    /// limit, `ShuttingDown`). Nothing is sent when the call ended before (a client that left, another
    /// stream's error).
    private func finish(with error: TransitionEngineError?) {
        if let error {
            if error.code == .limitExceeded {
                call.fail(
                    ServiceError.limitExceeded(
                        "subscriberEvents", maximum: eventCapacity, parameter: "stack",
                        "You fell \(eventCapacity) events behind on stack '\(record.name)'; read faster, or subscribe "
                            + "again and call GetStack to catch up."
                    ).varlinkError)
            } else {
                call.fail(ServiceError(error, context: ErrorContext(stack: record.name)).varlinkError)
            }
        } else if record.isDeleted {
            call.streamDeleted(
                self, event: ["event": ReplyEncoding.deletedEvent(stack: record.name, frameIndex: frameIndex())])
        } else {
            call.fail(ServiceError.shuttingDown.varlinkError)
        }
        end()
    }

    /// Marks the stream ended (once), leaves its call and tells the service.
    func end() {
        let first = ended.withLock { ended -> Bool in
            defer { ended = true }
            return !ended
        }
        guard first else { return }
        call.leave(self)
        onEnd(self)
    }
}
