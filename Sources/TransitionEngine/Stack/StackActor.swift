import Synchronization
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
    /// The stack's subscribers and the delivery of its frames and events to them.
    @exclusivity(unchecked) var subscribers = SubscriberSet()
    @exclusivity(unchecked) var scheduled = false
    /// Set while the stack is being deleted: no more ticks, operations or commits.
    var closed = false
    /// The state machine. It and the fields above marked `@exclusivity(unchecked)` are accessed without
    /// the runtime's exclusivity check (a `swift_beginAccess` of about 80 instructions, several per stack
    /// and tick): the actor already serializes every access, and no code that holds one of them (a
    /// mutating call of the machine or of the subscribers, an `inout` argument) can reach the actor again,
    /// both being plain values with no reference back to it. The compiler still checks the accesses it
    /// can see. With the other unchecked fields of frame delivery, this buys p50 tick work of 3.15–3.93 ms
    /// against 3.34–4.59 ms checked, on the target row at 10,000 stacks, lower in each of six interleaved
    /// pairs (docs/benchmarks.md, "The tricks that stay").
    @exclusivity(unchecked) var machine: StackStateMachine
    /// The token of a commit handed to the scheduler and not yet reported.
    var commitInFlight: UInt64?
    var commitWaiters: [CheckedContinuation<Void, Never>] = []
    // Read outside ticks only: after the fields a tick reads.
    /// The uid of the client that created the stack (`StackState.ownerUid`, which never changes),
    /// readable without entering the actor.
    public nonisolated let ownerUid: UInt32
    private nonisolated let deletion = Atomic<Bool>(false)

    init(state: StackState, context: EngineContext) {
        id = state.id
        ownerUid = state.ownerUid
        shard = context.scheduler.assignShard()
        executor = ShardExecutor.forShard(shard)
        self.context = context
        machine = StackStateMachine(committed: state)
    }

    /// The executor the stack runs on: its shard's thread, shared with the other stacks of the shard, so
    /// that a tick's walk enters one stack after another without leaving the thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Whether the stack was deleted or is being deleted: set before its subscriptions end, so that a
    /// subscriber whose subscription ended can tell a deletion from the engine's shutdown. A deletion that
    /// fails to be written clears it again.
    public nonisolated var isDeleted: Bool { deletion.load(ordering: .acquiring) }

    /// Sets or clears `isDeleted`.
    nonisolated func markDeleted(_ deleted: Bool) { deletion.store(deleted, ordering: .releasing) }

    /// The committed state.
    public var state: StackState { machine.committed }

    /// The running transition, or nil when none runs.
    public var transitionStatus: TransitionStatus? { machine.status(at: context.clock.now) }

    /// The state the running transition commits when it completes (its visible screen is the screen it
    /// shows), or nil when none runs. A cancelled transition leaves `state` as it is instead.
    public var transitionTarget: StackState? { machine.running?.target }

    /// Operations waiting behind the running transition.
    public var queuedOperations: Int { machine.queue.count }

    /// Counters since the stack was created or restored.
    public var statistics: StackStatistics { machine.statistics }

    /// Whether nothing runs, waits or is being written.
    public var isIdle: Bool { machine.isIdle }

    func environment(_ tick: ClockTick? = nil) -> StackStateMachine.Environment {
        StackStateMachine.Environment(
            now: tick?.timestamp ?? context.clock.now, frameIndex: tick?.index ?? context.clock.currentFrameIndex,
            context: context, subscriberCount: subscribers.count)
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
            let maximumBytes = context.limits.storedBytesPerStack
            let result = await context.store.write(groups: [[current.state.storeChange(maximumBytes: maximumBytes)]])[0]
            if first == nil { first = result }
            next = persisted(current.token, result: result)
        }
        return first ?? .success(())
    }

    /// Sends the tick's frame to the subscribers. Consumes the request (see `SubscriberSet.deliver`).
    private func deliver(_ request: consuming RunningFrameRequest, readiness: ReadinessBatch?) {
        let dropped = subscribers.deliver(request, readiness: readiness)
        if dropped > 0 { machine.statistics.subscriberDrops += UInt64(dropped) }
    }

    /// Tells the engine's transition observer of the output's events, then sends them to the subscribers.
    private func deliver(_ items: [StackStateMachine.Output.Item], readiness: ReadinessBatch?) {
        // Most ticks deliver no item: return before copying the observer, a closure every stack shares
        // (counting its context from both shard threads on every tick is a contended cache line).
        guard !items.isEmpty else { return }
        if let observer = context.transitionObserver {
            for case .event(let event) in items where event.kind != .stackChanged { observer(event) }
        }
        let dropped = subscribers.deliver(items, readiness: readiness)
        if dropped > 0 { machine.statistics.subscriberDrops += UInt64(dropped) }
    }

    /// Forgets the subscriptions that have ended, counting those ended for falling behind.
    func removeEndedSubscriptions() {
        let dropped = subscribers.removeEnded()
        if dropped > 0 { machine.statistics.subscriberDrops += UInt64(dropped) }
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
        subscribers.finishAll()
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
