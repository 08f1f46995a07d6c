import JSON
import SystemPrimitives
import Varlink

/// One `Subscribe` call and the streams it carries, one per stack it names: their replies share the call
/// (and its connection), and so does its end.
///
/// - A stack that is deleted sends its `stackDeleted` event; the call ends with the event of the last of
///   its stacks, and continues while any other remains.
/// - A stream that ends with an error (the subscriber fell too far behind on one stack's events, the
///   daemon stops) ends the call with that error, and every other stream of the call with it.
///
/// Both are decided under one lock, so that no reply of the call can follow its last: replies of a call
/// that has ended are dropped by its context.
///
/// The call holds its open streams and each stream holds its call, so a stream that ends any other way
/// (its client left) must `leave` the call: otherwise the pair, and the connection the call's context
/// holds with its buffers, would keep each other alive after the client is gone.
final class SubscribeCall: Sendable {
    /// The call being answered.
    let context: VarlinkCallContext
    /// The streams not yet ended.
    private let open = Locked<[ObjectIdentifier: SubscriptionStream]>([:])

    init(context: VarlinkCallContext) { self.context = context }

    /// Counts `stream` among the call's streams until it ends.
    func join(_ stream: SubscriptionStream) {
        open.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    /// Stops counting `stream` among the call's streams (it ended); sends nothing.
    func leave(_ stream: SubscriptionStream) {
        open.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// `stream`'s stack was deleted: sends `event` as its last reply, which ends the call when no other
    /// stream remains. Nothing is sent when the call ended before.
    func streamDeleted(_ stream: SubscriptionStream, event: JSONObject) {
        open.withLock { open in
            guard open.removeValue(forKey: ObjectIdentifier(stream)) != nil else { return }
            if open.isEmpty { _ = context.reply(event) } else { _ = context.replyContinues(event) }
        }
    }

    /// Ends the call with `error` and cancels its other streams (their readers then let them go). Nothing
    /// is sent when the call ended before.
    func fail(_ error: VarlinkError) {
        let others = open.withLock { open in
            let streams = Array(open.values)
            open.removeAll()
            if !streams.isEmpty { _ = context.fail(error) }
            return streams
        }
        for stream in others { stream.subscription.cancel() }
    }
}
