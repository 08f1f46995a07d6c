import JSON
import TransitionEngine
import Varlink

extension TransitionService {
    /// Subscribe: checks the call, takes a subscription of each stack it names inside the stack's actor,
    /// and hands each to a `SubscriptionStream` that one of the service's readers drains; the streams of
    /// one call share it (`SubscribeCall`).
    ///
    /// A connection carries one Subscribe call at a time, by the protocol rather than by a limit: a `more`
    /// call keeps its connection busy until its last reply (varlink.org, "Method Call"), so a second call
    /// on the same connection waits, unanswered, until the first ends (its stacks were deleted, the reader
    /// fell too far behind), and only then runs. One call may name several stacks (`stacks`), so that a
    /// client watching many reads them all from one connection.
    func subscribe(_ context: VarlinkCallContext) {
        guard context.call.more else {
            context.fail(.expectedMore())
            return
        }
        let parameters = CallParameters(context.parameters)
        let named: [(name: String, parameter: String)]
        let records: [StackRecord]
        let uid = context.peer.uid
        do throws(ServiceError) {
            named = try parameters.subscribedStacks()
            records = try named.map { (name, parameter) throws(ServiceError) in
                try stackRecord(name, parameter: parameter)
            }
            try streams.reserve(
                uid: uid, count: records.count, limit: limits.subscriptionsPerUser,
                parameter: named.count == 1 ? named[0].parameter : "stacks")
        } catch {
            fail(context, error)
            return
        }
        let wantsFrames = parameters.bool("frames", default: true)
        let wantsEvents = parameters.bool("events", default: true)
        Task {
            // Every stack's subscription is taken before any is streamed: a call that cannot subscribe to
            // one of its stacks (one more subscriber than the stack allows) subscribes to none.
            var subscriptions: [StackSubscription] = []
            for (record, (_, parameter)) in zip(records, named) {
                do throws(ServiceError) {
                    subscriptions.append(
                        try await takeSubscription(on: record.actor, record: record, parameter: parameter))
                } catch {
                    for subscription in subscriptions { subscription.cancel() }
                    streams.release(uid: uid, count: records.count)
                    fail(context, error)
                    return
                }
            }
            let call = SubscribeCall(context: context)
            let clock = engine.clock
            let subscribed = zip(records, subscriptions).map { record, subscription in
                SubscriptionStream(
                    call: call, subscription: subscription, record: record, wantsFrames: wantsFrames,
                    wantsEvents: wantsEvents, backlogBytes: configuration.subscriberBacklogBytes,
                    eventCapacity: configuration.subscriberEventCapacity, frameIndex: { clock.currentFrameIndex },
                    onEnd: { [self] stream in streams.remove(stream) })
            }
            for stream in subscribed {
                call.join(stream)
                streams.add(stream)
            }
            // The connection may have closed meanwhile: the callback then runs at once. The cancelled
            // subscriptions tell their readers, which find the streams closed and let them go.
            context.onConnectionClose { _ in
                for stream in subscribed { stream.subscription.cancel() }
            }
            for stream in subscribed { readers.attach(stream) }
        }
    }

    private func takeSubscription(
        on stack: isolated StackActor, record: StackRecord, parameter: String
    ) throws(ServiceError) -> StackSubscription {
        do {
            return try stack.subscribe(eventCapacity: configuration.subscriberEventCapacity)
        } catch {
            // Whatever refuses the subscription (the stack's subscriber limit, its deletion) is about the
            // stack that parameter names.
            var refusal = error
            refusal.parameter = parameter
            throw ServiceError(refusal, context: ErrorContext(stack: record.name))
        }
    }
}
