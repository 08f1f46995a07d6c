import SystemPrimitives
import TransitionCore

/// One navigation stack: its committed state, running transition, queue and subscribers. All of a
/// stack's mutation happens here; each method feeds one event to `StackStateMachine` and carries out
/// what it returns.
///
/// Obtain stacks from `TransitionEngine`; methods throw `TransitionEngineError` with the named code of
/// the failure and change nothing when they throw.
public actor StackActor {
    /// A commit waiting for its write.
    struct Commit: Sendable {
        let stack: StackActor
        let token: UInt64
        let state: StackState
    }

    /// The stack's id.
    public nonisolated let id: StackID
    nonisolated let shard: Int
    /// The executor of the stack's shard, shared by every stack of the shard (see `ShardExecutor`).
    nonisolated let executor: ShardExecutor
    let context: EngineContext
    // What a tick reads of every animating stack, besides the running transition, comes first: the walk
    // asks for the object's first lines ahead of time (`StackActor.prefetchedLines`), and declared after the
    // machine (about 500 bytes) these fields lay beyond them, a cache miss per stack and tick.
    /// `subscriptions.count`, and its only element when there is one, kept inline: a tick reads them for
    /// every animating stack, and reading the array's storage was one more cache miss each.
    private(set) var subscriptionCount = 0
    /// Not counted (`subscriptions` holds it, and `didSet` clears this when it goes), and called without a
    /// retain (`_withUnsafeGuaranteedRef`): a strong reference was retained and released on every tick, a
    /// write to the subscription's first cache line, which its reader's core had touched last.
    private(set) var onlySubscription: Unmanaged<StackSubscription>?
    /// Where a send to `onlySubscription` begins, kept here so that the walk asks for those lines reading
    /// only this stack's, which it asked for earlier (`prefetchSubscriptionOnShardThread`).
    @exclusivity(unchecked) private(set) var onlySubscriptionLines: StackSubscription.Lines?
    /// Where the frame object last queued for `onlySubscription` lies: once its reader has read it, the
    /// next tick reuses that object (`Subscription.send(_:readiness:queuedFrame:)`), so the walk asks for
    /// its lines too. Possibly freed since, which a prefetch does not mind.
    @exclusivity(unchecked) private(set) var onlySubscriptionFrameLines: CacheLines?
    @exclusivity(unchecked) var scheduled = false
    /// Set while the stack is being deleted: no more ticks, operations or commits.
    var closed = false
    /// The state machine. It and the fields above marked `@exclusivity(unchecked)` are accessed without
    /// the runtime's exclusivity check (a `swift_beginAccess` of about 80 instructions, several per stack
    /// and tick): the actor already serializes every access, and no code that holds one of them (a
    /// mutating call of the machine, an `inout` argument) can reach the actor again, the machine being a
    /// plain value with no reference back to it. The compiler still checks the accesses it can see.
    @exclusivity(unchecked) var machine: StackStateMachine
    var subscriptions: [StackSubscription] = [] {
        didSet {
            subscriptionCount = subscriptions.count
            onlySubscription = subscriptions.count == 1 ? Unmanaged.passUnretained(subscriptions[0]) : nil
            onlySubscriptionLines = subscriptions.count == 1 ? subscriptions[0].cacheLines : nil
            onlySubscriptionFrameLines = nil
        }
    }
    var nextSubscription: UInt64 = 1
    /// The token of a commit handed to the scheduler and not yet reported.
    var commitInFlight: UInt64?
    var commitWaiters: [CheckedContinuation<Void, Never>] = []

    init(state: StackState, context: EngineContext) {
        id = state.id
        shard = context.scheduler.assignShard()
        executor = ShardExecutor.forShard(shard)
        self.context = context
        machine = StackStateMachine(committed: state)
    }

    /// The executor the stack runs on: its shard's thread, shared with the other stacks of the shard, so
    /// that a tick's walk enters one stack after another without leaving the thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The committed state.
    public var state: StackState { machine.committed }

    /// The running transition, or nil when none runs.
    public var transitionStatus: TransitionStatus? { machine.status(at: context.clock.now) }

    /// Operations waiting behind the running transition.
    public var queuedOperations: Int { machine.queue.count }

    /// Counters since the stack was created or restored.
    public var statistics: StackStatistics { machine.statistics }

    /// Whether nothing runs, waits or is being written.
    public var isIdle: Bool { machine.isIdle }

    func environment(_ tick: ClockTick? = nil) -> StackStateMachine.Environment {
        StackStateMachine.Environment(
            now: tick?.timestamp ?? context.clock.now, frameIndex: tick?.index ?? context.clock.currentFrameIndex,
            planner: context.planner, subscriberCount: subscriptionCount)
    }

    // MARK: Ticks and commits

    /// Handles one tick; returns the commit to write if the transition reached its end. The subscribers'
    /// readers to tell are kept in `readiness`, for the walk to tell when it has visited every stack.
    func handleTick(_ tick: ClockTick, readiness: ReadinessBatch? = nil) -> Commit? {
        guard !closed else { return nil }
        return carryOut(machine.tick(in: environment(tick)), readiness: readiness)
    }

    /// Reports the write of a commit; returns a following commit to write, if any.
    func persisted(_ token: UInt64, result: Result<Void, TransitionEngineError>) -> Commit? {
        if commitInFlight == token {
            commitInFlight = nil
            for waiter in commitWaiters { waiter.resume() }
            commitWaiters = []
        }
        guard !closed else { return nil }
        return carryOut(machine.persisted(token, result: result, in: environment()))
    }

    /// Delivers the output's items, updates the tick demand and returns its write, if any.
    ///
    /// Takes the output (consumed) and moves the frame request out of it: bound with `if let` from a
    /// borrowed output, the request was copied, each of its references retained and released, on every
    /// tick of every animating stack.
    func carryOut(_ output: consuming StackStateMachine.Output, readiness: ReadinessBatch? = nil) -> Commit? {
        if let frame = output.frame.take() { deliver(frame, readiness: readiness) }
        deliver(output.items, readiness: readiness)
        let wantsTicks = machine.wantsTicks && !closed
        if wantsTicks != scheduled {
            scheduled = wantsTicks
            context.scheduler.setActive(self, shard: shard, wantsTicks)
        }
        guard output.persists, let persist = output.persist else { return nil }
        commitInFlight = persist.token
        return Commit(stack: self, token: persist.token, state: persist.state)
    }

    /// Writes `commit` outside a tick, and any commit that follows it, before returning; returns the result
    /// of the first write.
    func writeNow(_ commit: Commit) async -> Result<Void, TransitionEngineError> {
        var next: Commit? = commit
        var first: Result<Void, TransitionEngineError>?
        while let current = next {
            let result = await context.store.write(groups: [[current.state.storeChange]])[0]
            if first == nil { first = result }
            next = persisted(current.token, result: result)
        }
        return first ?? .success(())
    }

    /// Sends the tick's frame. Consumes the request, so that the caller, which took it out of an optional,
    /// does not destroy that optional after the call through its type's value witnesses.
    private func deliver(_ request: consuming RunningFrameRequest, readiness: ReadinessBatch?) {
        // A single subscriber gets the frame it has not read refreshed in place (a reader slower than the
        // clock is common with thousands of stacks), or else the frame it read last made the new one: a
        // new frame is an allocation, its reference counts and a freed frame, each a cache miss.
        if let only = onlySubscription, request.recyclable {
            let alive = only._withUnsafeGuaranteedRef {
                $0.send(request, readiness: readiness, queuedFrame: &onlySubscriptionFrameLines)
            }
            if !alive { pruneSubscriptions() }
            return
        }
        let frame = request.makeFrame()
        var ended = false
        for subscription in subscriptions where !subscription.send(frame: frame, readiness: readiness) {
            ended = true
        }
        if ended { pruneSubscriptions() }
    }

    private func deliver(_ items: [StackStateMachine.Output.Item], readiness: ReadinessBatch?) {
        // Most ticks deliver no item: return before copying the observer, a closure every stack shares
        // (counting its context from both shard threads on every tick is a contended cache line).
        guard !items.isEmpty else { return }
        if let observer = context.transitionObserver {
            for case .event(let event) in items where event.kind != .stackChanged { observer(event) }
        }
        guard !subscriptions.isEmpty else { return }
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
        if ended { pruneSubscriptions() }
    }

    func pruneSubscriptions() {
        subscriptions.removeAll { subscription in
            guard subscription.isFinished else { return false }
            if subscription.endedTooSlow { machine.statistics.subscriberDrops += 1 }
            return true
        }
    }

    // MARK: Life

    /// Stops the stack before it is deleted: it leaves the scheduler, refuses operations with
    /// `noSuchStack`, and this returns once a commit already handed to the store has been reported, so
    /// that the deletion's record is written after it.
    func suspendForDeletion() async {
        closed = true
        if scheduled {
            scheduled = false
            context.scheduler.setActive(self, shard: shard, false)
        }
        if commitInFlight != nil { await withCheckedContinuation { commitWaiters.append($0) } }
    }

    /// Undoes `suspendForDeletion()` when the deletion could not be written.
    func resumeAfterFailedDeletion() {
        closed = false
        _ = carryOut(StackStateMachine.Output())
    }

    /// Ends the subscriptions of a deleted (or shut down) stack.
    func close() {
        closed = true
        for subscription in subscriptions { subscription.finish(error: nil) }
        subscriptions = []
        if scheduled {
            scheduled = false
            context.scheduler.setActive(self, shard: shard, false)
        }
    }

    func requireOpen() throws(TransitionEngineError) {
        guard !closed else {
            throw TransitionEngineError(.noSuchStack, "Stack \(id) was deleted.", parameter: "stack")
        }
    }
}
