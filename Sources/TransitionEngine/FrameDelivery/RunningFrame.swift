import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a running transition's frame at one tick is made of, before any object exists for it: the
/// state machine describes the frame, and the stack either refreshes a frame its only subscriber has not
/// read yet, or reuses the one it read last (`Subscription.send(_:readiness:)`), or makes a
/// `RunningFrame`.
struct RunningFrameRequest {
    let stack: String
    let index: Int64
    let time: Double
    let transition: FrameTransition
    /// The transition's plan, unretained: a request lives only while the stack hands it out, and its
    /// running transition keeps the plan alive meanwhile; comparing it to a waiting frame's plan then
    /// touches neither object's reference count. On the tick that ends the transition, which drops the
    /// running transition before the frame is handed out, `retainedPlan` holds it.
    let plan: Unmanaged<CompiledPlan>
    let seconds: Double
    /// Whether exactly one subscriber receives the frame (see `LazyFrame.recyclable`).
    let recyclable: Bool
    /// The plan, held strongly when nothing else holds it until the frame is handed out.
    private(set) var retainedPlan: CompiledPlan?

    init(
        stack: String, index: Int64, time: Double, transition: FrameTransition, plan: Unmanaged<CompiledPlan>,
        seconds: Double, recyclable: Bool
    ) {
        self.stack = stack
        self.index = index
        self.time = time
        self.transition = transition
        self.plan = plan
        self.seconds = seconds
        self.recyclable = recyclable
    }

    /// Keeps the plan alive for as long as the request: call before the running transition that owns
    /// the plan is dropped.
    mutating func retainPlan() {
        retainedPlan = plan.takeUnretainedValue()
    }

    /// The frame, sampled when a subscriber first reads it.
    func makeFrame() -> RunningFrame { RunningFrame(self) }
}

/// A running transition's frame at one tick, sampled when a subscriber first reads it.
///
/// Holds what the frame needs in its own fields (one allocation per tick, no closure context). When only
/// one subscriber received it, the reader may pass back its previous frame (`recycled`): sampling then
/// writes into that frame's node storage in place when the reader no longer holds it, so a frame read at
/// every tick allocates no node array and copies no identifiers (`TransitionPlan.sample(at:into:)`).
///
/// The fields change only through `refresh(_:)`, which the subscription calls under its lock while the
/// frame waits unread in its queue (a reader reads them only after taking the frame under that lock, so it
/// sees the last refresh and nothing later), and through `reuse(for:)`, once its one reader has computed
/// it and let go of it (under the frame's mutex, which the reader computed it under).
final class RunningFrame: LazyFrame<Frame>, @unchecked Sendable {
    /// The 64-byte lines the object takes (its fields and its base class's), asked for ahead of a tick that
    /// reuses it (`SubscriberSet.onlySubscriptionFrameLines`); `RunningFrameTests` checks that they hold it.
    static var cacheLineCount: Int { 4 }

    private(set) var stack: String
    private(set) var index: Int64
    private(set) var time: Double
    private(set) var transition: FrameTransition
    private(set) var compiled: CompiledPlan
    private(set) var seconds: Double

    init(_ request: RunningFrameRequest) {
        stack = request.stack
        index = request.index
        time = request.time
        transition = request.transition
        compiled = request.plan.takeUnretainedValue()
        seconds = request.seconds
        super.init(recyclable: request.recyclable)
    }

    /// Makes this unread frame the frame of a later tick of the same transition, instead of a new frame
    /// replacing it: no allocation, no reference counted, no frame freed. Returns false (and changes
    /// nothing) when it could be seen by more than one subscriber or `request` belongs to another
    /// transition or plan. Call only under the lock of the one subscription whose queue holds it.
    override func refresh(_ request: RunningFrameRequest) -> Bool {
        guard recyclable, request.plan.toOpaque() == Unmanaged.passUnretained(compiled).toOpaque(),
            request.transition.id == transition.id,
            request.stack == stack
        else { return false }
        index = request.index
        time = request.time
        transition = request.transition
        seconds = request.seconds
        return true
    }

    /// Makes this frame, read and let go of by its one reader, the frame `request` describes, to be queued
    /// again: no allocation and no frame freed. False (changing nothing) when this frame or `request` may
    /// be seen by more than one subscriber. Call only under the lock of the subscription that handed it out
    /// last, when that subscription holds the only reference.
    override func reuse(for request: RunningFrameRequest) -> Bool {
        guard recyclable, request.recyclable else { return false }
        // The reader read the fields under this mutex and dropped its reference after unlocking it; taking
        // the mutex orders these writes after those reads for every checker, not only for the hardware.
        let mutex = FrameLocks.mutex(for: ObjectIdentifier(self))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        stack = request.stack
        index = request.index
        time = request.time
        transition = request.transition
        // Assigned only when it changes: the plan's reference count is a line every stack's frames share.
        if request.plan.toOpaque() != Unmanaged.passUnretained(compiled).toOpaque() {
            compiled = request.plan.takeUnretainedValue()
        }
        seconds = request.seconds
        return true
    }

    override func compute(recycling recycled: inout Frame?) -> Frame {
        var nodes: [NodeState] = []
        if recyclable, recycled?.nodes.isEmpty == false {
            // Moved out in place (copying the frame would retain its strings and array), then the old
            // frame dropped: `nodes` is the only reference unless the reader still holds that frame.
            swap(&nodes, &recycled!.nodes)
            recycled = nil
        }
        compiled.sample(at: seconds, into: &nodes)
        return Frame(stack: stack, index: index, time: time, transition: transition, nodes: nodes)
    }
}
