import Synchronization
import SystemPrimitives
import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

/// The registry of stacks (the daemon's only one, with each stack's owner and what the layer above keeps
/// with it), their shared clock, scheduler, store and animators.
///
/// ```swift
/// let clock = try DisplayLink(framesPerSecond: 60)
/// let engine = TransitionEngine(clock: clock, store: try StateStore.open(directory: "/var/lib/transitiond"))
/// await clock.start()
/// let stack = try await engine.createStack(StackState(id: "main", screens: [home], containerSize: size))
/// try await stack.push(detail)
/// ```
///
/// On creation the engine restores every stack found in the store; stacks that cannot be decoded are
/// skipped and listed in `restoreProblems`.
public final class TransitionEngine: Sendable {
    /// The clock every stack runs on.
    public let clock: any TransitionClock
    /// Where committed state is written.
    public let store: StateStore
    /// The limits in force (see `setLimits`).
    public var limits: Limits { context.limits }

    /// Puts `limits` in force for every request, subscription and write from now on. Nothing that exists
    /// is removed: a stack over a lowered limit keeps what it holds and may shrink (see `Limits`).
    ///
    /// - Throws: `invalidParameter` for a limit out of range (`Limits.validate()`); the old limits stay.
    public func setLimits(_ limits: Limits) throws(TransitionEngineError) {
        try limits.validate()
        context.setLimits(limits)
    }

    /// The daemon's Reduce Motion setting (default off): when on, the transitions of stacks without their
    /// own setting (`StackState.reduceMotion`) run their animator's reduced variant, else a cross-fade of
    /// the same duration (`AnimatorSpecification.script(for:reducingMotion:)`).
    public var reducesMotion: Bool { context.reducingMotion }

    /// Sets the daemon's Reduce Motion setting. It applies to every transition that begins from now on,
    /// queued ones included; a transition already running keeps its animator and its plan.
    public func setReducesMotion(_ reducesMotion: Bool) { context.setReducingMotion(reducesMotion) }
    /// Problems found while restoring (`corruptState`), including the store's own.
    public let restoreProblems: [TransitionEngineError]
    let context: EngineContext
    private let registry: Locked<StackRegistry>
    /// Increases with every change of the registry (made under its lock): see `registryGeneration`.
    private let registryChanges = Atomic<UInt64>(0)
    /// The stacks given their owner by an older daemon's record (`legacyOwnerPrefix`), and those records'
    /// keys, until `foldLegacyOwnerRecords()` writes them into the stacks.
    let legacyOwners: Locked<(stacks: [StackID], keys: [String])>

    /// Creates an engine on `clock`, restoring every stack in `store`, and registers with the clock.
    ///
    /// - Parameters:
    ///   - shardCount: how many shards tick stacks in parallel; default the number of online processors.
    ///   - transitionObserver: receives every stack's `began`, `completed`, `cancelled` and
    ///     `operationFailed` events (never frames), on the stack's executor, in each stack's order, whether
    ///     or not anyone subscribes: for a log. It must return quickly and must not call the engine.
    public init(
        clock: any TransitionClock, store: StateStore, limits: Limits = Limits(), shardCount: Int? = nil,
        transitionObserver: (@Sendable (StackEvent) -> Void)? = nil
    ) {
        self.clock = clock
        self.store = store
        context = EngineContext(
            clock: clock, store: store, shardCount: shardCount ?? SystemThread.onlineProcessorCount,
            limits: limits, transitionObserver: transitionObserver)
        var problems = store.restored.problems
        var restored = StackRegistry()
        // `values`, not `restored`: an older daemon's own directory may have been moved in since the open.
        let owners = Self.legacyOwnerRecords(in: store.values)
        var stacksWithLegacyOwner: [StackID] = []
        for (key, bytes) in store.restored.values.sorted(by: { $0.key < $1.key })
        where !key.hasPrefix(Self.foreignKeyPrefix) {
            do throws(TransitionEngineError) {
                var state = try StackState(storedBytes: bytes)
                guard state.id.rawValue == key else {
                    throw TransitionEngineError(
                        .corruptState, "Stored stack \(key) names itself \(state.id); it was skipped.",
                        parameter: "stateDirectory")
                }
                if state.ownerUid == 0, let owner = owners.uids[state.id], owner != 0 {
                    state.ownerUid = owner
                    stacksWithLegacyOwner.append(state.id)
                }
                restored.insertRestored(StackActor(state: state, context: context))
            } catch {
                problems.append(error)
            }
        }
        restoreProblems = problems
        registry = Locked(restored, inheritingPriority: true)
        legacyOwners = Locked((stacksWithLegacyOwner, owners.keys))
        context.scheduler.start()
    }

    /// What the keys of the engine's store that are not stacks begin with (U+0001): another layer keeps its
    /// own records there (the service's animators, `ServiceStore`), in the same journal as the
    /// stacks, so that one store holds the daemon's state and its writes are durable in the order they
    /// were made. No stack's key begins with it: a stack id may not (`StackState.validate()`).
    public static let foreignKeyPrefix = "\u{1}"

    /// The stack named `id`.
    ///
    /// - Throws: `noSuchStack` (also while it is being created or deleted).
    public func stack(_ id: StackID) throws(TransitionEngineError) -> StackActor {
        guard let entry = registry.withLock({ $0.ready(id) }) else { throw Self.noSuchStack(id) }
        return entry.stack
    }

    /// What the layer above keeps with the stack named `id` (`StackAttachment`): nil when there is no
    /// such stack (or it is being created or deleted), or it has none.
    public func attachment(of id: StackID) -> (any StackAttachment)? {
        registry.withLock { $0.ready(id)?.attachment }
    }

    /// The attachments of every stack that has one, in the order of the stacks' ids.
    public var attachments: [any StackAttachment] {
        registry.withLock { $0.readyEntries.compactMap(\.attachment) }
    }

    /// Gives every stack that has no attachment yet (those restored from the store) the one `make`
    /// returns for it; `make` runs under the registry's lock and must not call the engine.
    public func attachToStacksWithout(_ make: (StackActor) -> any StackAttachment) {
        registry.withLock { registry in
            registry.attachMissing(make)
            registryChanges.add(1, ordering: .releasing)
        }
    }

    /// Increases with every change of the registry (a creation begun, published or undone, a deletion
    /// begun, undone or written, attachments given): what was looked up at one generation is still what a
    /// lookup would find while the generation is the same. A load, no lock.
    public var registryGeneration: UInt64 { registryChanges.load(ordering: .acquiring) }

    /// The ids of every stack, sorted.
    public var stackIDs: [StackID] { registry.withLock { $0.readyEntries.map(\.stack.id) } }

    /// How many stacks there are now (a lock and a count: no stack is visited, unlike `statistics()`).
    public var stackCount: Int { registry.withLock(\.readyCount) }

    /// How many stacks animate now: ask the clock for ticks (a lock: no stack is visited).
    public var animatingStackCount: Int { context.scheduler.activeCount }

    /// Creates a stack owned by `state.ownerUid`; returns once its state, owner included, is durable.
    ///
    /// The name is taken, and the limits checked, under the registry's lock before the first suspension:
    /// a caller that starts this synchronously (`Task.immediate`) has its name taken before it goes on.
    ///
    /// - Parameters:
    ///   - quota: how many stacks the owner may hold; nil for no limit besides `Limits.stacks`.
    ///   - attachment: makes what the layer above keeps with the stack; it is found by lookups from the
    ///     moment the stack is.
    /// - Throws: `invalidParameter` / `duplicateScreen` for an invalid state, `stackExists`,
    ///   `limitExceeded` (too many stacks, the owner's `stacksPerUser`, or more than
    ///   `StackState.maximumNodeCount` nodes in this one), or the write's `diskFull` / `persistenceFailed`
    ///   (then no stack was created).
    @discardableResult
    public func createStack(
        _ state: StackState, quota: OwnerQuota? = nil, attachment: ((StackActor) -> any StackAttachment)? = nil
    ) async throws(TransitionEngineError) -> StackActor {
        try state.validate()
        let limits = limits
        try state.requireWithin(limits)
        let stack = StackActor(state: state, context: context)
        let attached = attachment?(stack)
        try registry.withLock { registry throws(TransitionEngineError) in
            try registry.reserve(stack, attachment: attached, maximumStacks: limits.stacks, quota: quota)
            registryChanges.add(1, ordering: .releasing)
        }
        do {
            try await store.write([state.storeChange(maximumBytes: limits.storedBytesPerStack)])
        } catch {
            changeRegistry { $0.remove(state.id) }
            throw error
        }
        changeRegistry { $0.setPhase(.ready, of: state.id) }
        return stack
    }

    /// Deletes a stack: its subscriptions end (`StackActor.isDeleted` is set before they do), a running
    /// transition is abandoned, and its state is removed durably before this returns. The stack stops
    /// answering lookups before the first suspension.
    ///
    /// - Throws: `noSuchStack` (also for a stack being created or deleted), or the write's error (then the
    ///   stack still exists, unchanged).
    public func deleteStack(_ id: StackID) async throws(TransitionEngineError) {
        guard let stack = changeRegistry({ $0.beginDeleting(id) }) else { throw Self.noSuchStack(id) }
        stack.markDeleted(true)
        // A commit of this stack already on its way to the store must be written before the deletion,
        // or it would bring the stack back on the next start.
        await stack.suspendForDeletion()
        do {
            try await store.write([.delete(key: id.rawValue)])
        } catch {
            await stack.resumeAfterFailedDeletion()
            stack.markDeleted(false)
            changeRegistry { $0.setPhase(.ready, of: id) }
            throw error
        }
        changeRegistry { $0.remove(id) }
        await stack.close()
    }

    /// Makes a change of the registry under its lock and counts it in `registryGeneration`.
    func changeRegistry<Result>(_ change: (inout StackRegistry) -> Result) -> Result {
        registry.withLock { registry in
            defer { registryChanges.add(1, ordering: .releasing) }
            return change(&registry)
        }
    }

    private static func noSuchStack(_ id: StackID) -> TransitionEngineError {
        TransitionEngineError(
            .noSuchStack, "There is no stack \(id); create it first or list the stacks.", parameter: "stack")
    }

    /// Every animator, built-in and defined, sorted by name.
    public var animators: [AnimatorSpecification] { context.animatorList }

    /// The animator named `name`, built-in or defined; nil when there is none. A lock and a lookup, cheap
    /// enough for a request's check on the event-loop thread (the lock inherits priority, as a tick may
    /// take it to compile a plan).
    public func animator(named name: String) -> AnimatorSpecification? { context.animator(named: name) }

    /// Every animator, sorted by name, with the generation of the registry when they were read
    /// (`animatorGeneration`).
    public var animatorsWithGeneration: (animators: [AnimatorSpecification], generation: UInt64) {
        context.animatorsWithGeneration
    }

    /// Increases with every `defineAnimator`: what was built from `animators` at one generation is
    /// current while the generation is the same. 0 for the built-ins alone.
    public var animatorGeneration: UInt64 { context.animatorGeneration }

    /// Adds or replaces an animator. Built-in names cannot be replaced.
    ///
    /// - Throws: `invalidAnimator` for an empty or built-in name.
    public func defineAnimator(_ animator: AnimatorSpecification) throws(TransitionEngineError) {
        guard !animator.name.isEmpty, animator.name.utf8.count <= AnimatorSpecification.maximumNameLength else {
            throw TransitionEngineError(.invalidAnimator, "Name the animator with 1 to 64 bytes.", parameter: "name")
        }
        guard BuiltinAnimators.named(animator.name) == nil else {
            throw TransitionEngineError(
                .invalidAnimator, "\(animator.name) is a built-in animator; choose another name.", parameter: "name")
        }
        context.define(animator)
    }

    /// Leaves the clock, ends every subscription and closes the store (which writes a final snapshot).
    /// Running transitions are abandoned: each stack keeps its last committed state, as after a crash.
    public func shutdown() async {
        context.scheduler.stop()
        let stacks = registry.withLock { $0.entries.values.map(\.stack) }
        for stack in stacks { await stack.close() }
        await store.close()
    }
}
