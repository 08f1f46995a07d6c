import JSON
import TransitionEngine
import Varlink

extension TransitionService {
    /// Subscribe: checks the call, takes a subscription inside the stack's actor, and hands it to a
    /// `SubscriptionStream` that one of the service's readers drains.
    ///
    /// A connection carries at most one subscription at a time, by the protocol rather than by a limit: a
    /// `more` call keeps its connection busy until its last reply (varlink.org, "Method Call"), so a second
    /// Subscribe on the same connection waits, unanswered, until the first stream ends (the stack was
    /// deleted, the reader fell too far behind), and only then runs.
    func subscribe(_ context: VarlinkCallContext) {
        guard context.call.more else {
            context.fail(.expectedMore())
            return
        }
        let parameters = CallParameters(context.parameters)
        let record: StackRecord
        do throws(ServiceError) {
            record = try stacks.record(try parameters.identifier("stack"))
        } catch {
            fail(context, error)
            return
        }
        let wantsFrames = parameters.bool("frames", default: true)
        let wantsEvents = parameters.bool("events", default: true)
        let uid = context.peer.uid
        do throws(ServiceError) {
            try streams.reserve(uid: uid, limit: limits.subscriptionsPerUser)
        } catch {
            fail(context, error)
            return
        }
        Task {
            let subscription: StackSubscription
            do throws(ServiceError) {
                subscription = try await takeSubscription(on: record.actor, record: record)
            } catch {
                streams.release(uid: uid)
                fail(context, error)
                return
            }
            let clock = engine.clock
            let stream = SubscriptionStream(
                context: context, subscription: subscription, record: record, wantsFrames: wantsFrames,
                wantsEvents: wantsEvents, backlogBytes: configuration.subscriberBacklogBytes,
                eventCapacity: configuration.subscriberEventCapacity, frameIndex: { clock.currentFrameIndex },
                onEnd: { [self] stream in streams.remove(stream) })
            streams.add(stream)
            // The connection may have closed meanwhile: the callback then runs at once. The cancelled
            // subscription tells its reader, which finds the stream closed and lets it go.
            context.onConnectionClose { _ in stream.subscription.cancel() }
            readers.attach(stream)
        }
    }

    private func takeSubscription(
        on stack: isolated StackActor, record: StackRecord
    ) throws(ServiceError) -> StackSubscription {
        do {
            return try stack.subscribe(eventCapacity: configuration.subscriberEventCapacity)
        } catch {
            throw ServiceError(error, context: ErrorContext(stack: record.name))
        }
    }
}
