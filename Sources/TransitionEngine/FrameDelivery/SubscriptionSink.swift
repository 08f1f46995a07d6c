import TransitionCore

/// Where a subscription's items go once a reader takes them (`SubscriptionReaders`): the daemon's Varlink
/// stream (encoding, backlog, reply batching), a benchmark's counter, a test's recorder.
///
/// Called only on the thread of the reader the sink is attached to, one call at a time, so a sink needs no
/// lock for what only these calls touch.
public protocol SubscriptionSink: AnyObject, Sendable {
    /// The subscription whose items the sink takes.
    var subscription: StackSubscription { get }

    /// Asked before each item is taken: whether the sink takes it now.
    func admission() -> SubscriptionSinkAdmission

    /// A frame, with the count of frames replaced before it could be read. `sharedWithOtherSubscribers`:
    /// other subscribers of the stack read this same frame (the sink may then share work on it, such as
    /// its encoding); when false the frame is this subscriber's alone, and the sink must keep no reference
    /// to it after the call, so that the reader samples the next frame into its storage.
    func receive(frame: Frame, missedFrames: Int, sharedWithOtherSubscribers: Bool)

    /// An event, in the order the stack emitted it.
    func receive(event: StackEvent)

    /// The subscription ended, cleanly (`nil`: the stack was deleted, or the engine shut down) or with an
    /// error (the subscriber fell too far behind on events). Called once; nothing follows it.
    func subscriptionEnded(error: TransitionEngineError?)
}

/// Whether a sink takes the next item (`SubscriptionSink.admission()`).
public enum SubscriptionSinkAdmission: Sendable, Equatable {
    /// Take it now.
    case open
    /// Not now: whoever reads the sink's output is behind. The reader looks again after its retry wait
    /// while frames coalesce in the subscription; a subscription that has ended is drained anyway, since
    /// what it holds is bounded and its last item must not wait for a reader that may never read again.
    case full
    /// Never again (the sink's client went away): the reader cancels the subscription and forgets the
    /// sink, calling nothing more on it.
    case closed
}
