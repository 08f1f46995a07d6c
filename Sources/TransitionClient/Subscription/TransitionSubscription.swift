import JSON
import SystemPrimitives
import Varlink

/// A stream of one stack's events and frames (`Subscribe` with `more`), on a connection of its own.
///
/// Read it with the blocking `next()` from a thread of its own, or as an `AsyncSequence` through
/// `items`. `cancel()` ends it from any thread (the connection closes; the daemon forgets the
/// subscriber). The first item is the stack's current frame.
///
/// ```swift
/// let subscription = try client.subscribe(stack: "main")
/// while let item = try subscription.next() {
///     if case .event(let event) = item, event.kind == "completed" { break }
/// }
/// subscription.cancel()
/// ```
public final class TransitionSubscription: @unchecked Sendable {
    /// The stack subscribed to.
    public let stack: String
    private let connection: SubscriptionConnection
    private var finished = false

    init(path: String, stack: String, frames: Bool, events: Bool) throws(TransitionClientError) {
        self.stack = stack
        var parameters: JSONObject = ["stack": .string(stack)]
        if !frames { parameters["frames"] = false }
        if !events { parameters["events"] = false }
        connection = try SubscriptionConnection(
            path: path, call: VarlinkCall(method: "io.transitiond.Subscribe", parameters: parameters, more: true))
    }

    /// The next item; nil after the last one (the stack was deleted: its `stackDeleted` event came
    /// first) or after `cancel()`. Blocks until an item arrives.
    ///
    /// - Throws: the daemon's error ending the stream (`LimitExceeded` for a reader too far behind,
    ///   `NoSuchStack`, `ShuttingDown`), or `connectionFailed`.
    public func next() throws(TransitionClientError) -> SubscriptionItem? {
        guard !finished else { return nil }
        guard let reply = try connection.nextReply() else {
            finished = true
            return nil
        }
        if let error = reply.varlinkError {
            finished = true
            throw TransitionClientError(error)
        }
        if !reply.continues { finished = true }
        return try Self.item(reply.parameters)
    }

    /// Ends the subscription; a `next()` waiting on another thread returns nil.
    public func cancel() { connection.cancel() }

    /// The items as an asynchronous sequence, read on a thread of its own. Ending the iteration (or
    /// cancelling its task) cancels the subscription.
    public var items: AsyncThrowingStream<SubscriptionItem, any Error> {
        AsyncThrowingStream { continuation in
            continuation.onTermination = { [connection] _ in connection.cancel() }
            let read: @Sendable () -> Void = { [self] in
                do {
                    while let item = try next() { continuation.yield(item) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            SystemThread.startDetachedOrRunHere(read)
        }
    }

    static func item(_ parameters: JSONObject) throws(TransitionClientError) -> SubscriptionItem {
        if let event = parameters["event"], !event.isNull {
            return .event(try TransitionClient.decode(StackEventMessage.self, from: event, "Subscribe"))
        }
        guard let frame = parameters["frame"]?.objectValue else {
            throw TransitionClientError(code: .unexpectedReply, message: "A Subscribe reply has no event and no frame.")
        }
        return .frame(FrameMessage(json: frame, framesMissed: parameters["framesMissed"]?.intValue ?? 0))
    }
}

extension TransitionClient {
    /// Subscribes to `stack` on a new connection to the same socket.
    ///
    /// - Parameters:
    ///   - frames: receive frames (default true).
    ///   - events: receive events (default true).
    /// - Throws: `cannotConnect`; errors of the call itself (`NoSuchStack`) come from the first `next()`.
    public func subscribe(stack: String, frames: Bool = true, events: Bool = true) throws(TransitionClientError)
        -> TransitionSubscription
    {
        try TransitionSubscription(path: path, stack: stack, frames: frames, events: events)
    }
}
