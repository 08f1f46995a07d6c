/// A reader of many subscriptions, told in batches which of them have something to read
/// (`Subscription.setReadinessTarget(_:token:)`).
///
/// The way for a reader that drains thousands of subscriptions on its own threads (`SubscriptionReader`)
/// to learn of a tick's frames: one call per target and tick with every token, where
/// a handler per subscription cost a call, a lock of the reader's and two reference counts of the
/// handler's context (written on the ticking processor and then on the notifier's) per stack and tick.
protocol SubscriptionReadinessTarget: AnyObject, Sendable {
    /// `tokens` are the tokens of subscriptions whose queue went from empty to non-empty, or that ended,
    /// in the order that happened.
    ///
    /// A token can appear more than once, and can belong to a subscription the target has let go of
    /// since (a batch was under way): a reader must treat a token as a hint to poll, no more. Called on
    /// the producer's thread, or after a tick on `ReadinessNotifier`'s; it must only note readiness and
    /// return (take a short lock, signal a thread), never block, poll or call into a subscription. The
    /// buffer is valid only during the call.
    func subscriptionsBecameReady(_ tokens: UnsafeBufferPointer<Int>)
}

/// A readiness target that calls one function for each token (`Subscription.setReadinessHandler(_:)`).
final class ReadinessHandlerTarget: SubscriptionReadinessTarget {
    private let handler: @Sendable () -> Void

    init(_ handler: @escaping @Sendable () -> Void) { self.handler = handler }

    func subscriptionsBecameReady(_ tokens: UnsafeBufferPointer<Int>) {
        for _ in tokens { handler() }
    }
}

/// A subscription's readiness target with its token, kept under the subscription's lock.
struct ReadinessRegistration: Sendable {
    let target: any SubscriptionReadinessTarget
    let token: Int
    /// The target's identity, kept so that `ReadinessBatch` finds the group a token joins by reading
    /// two plain fields in place, counting no reference.
    let targetIdentifier: ObjectIdentifier

    init(target: any SubscriptionReadinessTarget, token: Int) {
        self.target = target
        self.token = token
        targetIdentifier = ObjectIdentifier(target)
    }

    /// Tells the target about this one subscription now.
    func notify() {
        withUnsafePointer(to: token) { target.subscriptionsBecameReady(UnsafeBufferPointer(start: $0, count: 1)) }
    }
}
