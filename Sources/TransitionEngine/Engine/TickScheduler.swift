import SystemPrimitives
import TransitionCore

/// Fans each clock tick out to the animating stacks: the stacks are split into shards (about one per
/// core) and each shard walks its stacks' actors one after another, so a tick costs one task per shard
/// and one actor hop per animating stack, never a task per stack (PERFORMANCE-NOTES: a child task costs
/// 3–4 µs, an actor-to-actor hop 45 ns). Commits made during the tick are written together afterwards,
/// as one group commit.
final class TickScheduler: ClockParticipant, Sendable {
    /// The animating stacks of one shard: an array to walk (a snapshot is an O(1) copy) and each
    /// stack's place in it for O(1) removal.
    ///
    /// A stack that stops animating while a tick walks the shard (its transition ended in the walk) is
    /// only marked `leaving` and taken out when the walk is over: removing it at once changed the array
    /// the walk holds, which copied the whole array (a retain per stack, and a release per stack when the
    /// walk let go of the old one) on every tick where a transition ended.
    struct Shard {
        var stacks: [StackActor] = []
        var places: [ObjectIdentifier: Int] = [:]
        /// Stacks still in `stacks` that no longer animate.
        var leaving: Set<ObjectIdentifier> = []

        mutating func insert(_ stack: StackActor) -> Bool {
            let key = ObjectIdentifier(stack)
            if !leaving.isEmpty, leaving.remove(key) != nil { return true }
            guard places[key] == nil else { return false }
            places[key] = stacks.count
            stacks.append(stack)
            return true
        }

        /// Removes `stack`, or marks it `leaving` while a walk holds the array (`walking`).
        mutating func remove(_ stack: StackActor, walking: Bool) -> Bool {
            let key = ObjectIdentifier(stack)
            guard places[key] != nil, !leaving.contains(key) else { return false }
            if walking {
                leaving.insert(key)
            } else {
                removeNow(key)
            }
            return true
        }

        /// Takes the stacks marked `leaving` out.
        mutating func removeLeaving() {
            guard !leaving.isEmpty else { return }
            for key in leaving { removeNow(key) }
            leaving.removeAll(keepingCapacity: true)
        }

        private mutating func removeNow(_ key: ObjectIdentifier) {
            guard let place = places.removeValue(forKey: key) else { return }
            let last = stacks.removeLast()
            if place < stacks.count {
                stacks[place] = last
                places[ObjectIdentifier(last)] = place
            }
        }
    }

    private struct State {
        var shards: [Shard]
        var activeCount = 0
        var registration: ClockRegistration?
        var ticks: UInt64 = 0
        var ticksWhileIdle: UInt64 = 0
        /// Ticks whose walks are running (see `Shard`).
        var walks = 0
    }

    let clock: any TransitionClock
    let store: StateStore
    let shardCount: Int
    /// `TransitionEngine.Limits.storedBytesPerStack` in force, read when a tick's commits are written.
    private let storedBytesPerStack: @Sendable () -> Int
    private let state: Locked<State>
    private let nextShard = Locked(0, inheritingPriority: true)
    /// The batches each shard's walk collects readers to tell in, reused from tick to tick.
    let readinessBatches = ReadinessBatchPool()

    init(
        clock: any TransitionClock, store: StateStore, shardCount: Int,
        storedBytesPerStack: @escaping @Sendable () -> Int
    ) {
        self.clock = clock
        self.store = store
        self.storedBytesPerStack = storedBytesPerStack
        self.shardCount = max(shardCount, 1)
        state = Locked(State(shards: Array(repeating: Shard(), count: max(shardCount, 1))), inheritingPriority: true)
    }

    func start() {
        let registration = clock.register(self)
        state.withLock { $0.registration = registration }
    }

    func stop() {
        let registration = state.withLock { state in
            defer { state.registration = nil }
            return state.registration
        }
        if let registration { clock.unregister(registration) }
    }

    /// The shard for a new stack (round robin).
    func assignShard() -> Int {
        nextShard.withLock { next in
            defer { next = (next + 1) % shardCount }
            return next
        }
    }

    /// Adds or removes an animating stack; asks the clock for ticks while any stack animates. Called by
    /// the stack itself, from its actor, so its calls are ordered.
    func setActive(_ stack: StackActor, shard: Int, _ active: Bool) {
        state.withLock { state in
            let changed =
                active
                ? state.shards[shard].insert(stack) : state.shards[shard].remove(stack, walking: state.walks > 0)
            guard changed else { return }
            state.activeCount += active ? 1 : -1
            if let registration = state.registration, state.activeCount == (active ? 1 : 0) {
                clock.setNeedsTicks(active, for: registration)
            }
        }
    }

    var activeCount: Int { state.withLock { $0.activeCount } }

    /// Stacks the next tick would walk, `leaving` ones included (tests).
    var walkedStackCount: Int { state.withLock { $0.shards.reduce(0) { $0 + $1.stacks.count } } }

    var tickCounts: (ticks: UInt64, whileIdle: UInt64) { state.withLock { ($0.ticks, $0.ticksWhileIdle) } }

    func handle(_ tick: ClockTick) async {
        let (commits, readiness) = await walk(tick)
        state.withLock { state in
            state.walks -= 1
            if state.walks == 0 {
                for index in state.shards.indices { state.shards[index].removeLeaving() }
            }
        }
        if !readiness.isEmpty { notifyReaders(readiness) }
        guard !commits.isEmpty else { return }
        if clock.waitsForSideEffects {
            await write(commits)
        } else {
            // Never hold the next tick for a disk: the stacks wait in `committing` meanwhile. Detached at
            // medium priority, so that the tick's jobs go first on the shard executors; on a shard executor
            // rather than in the cooperative pool, so that the engine itself never needs a pool thread.
            Task.detached(executorPreference: ShardExecutor.forShard(0), priority: .medium) {
                await self.write(commits)
            }
        }
    }

    /// Walks every shard with animating stacks, each on its executor's thread, and returns the commits and
    /// readiness batches they made. The shards' arrays are held only until this returns.
    private func walk(_ tick: ClockTick) async -> ([StackActor.Commit], [ReadinessBatch]) {
        let shards = state.withLock { state in
            state.ticks += 1
            if state.activeCount == 0 { state.ticksWhileIdle += 1 }
            state.walks += 1
            return state.shards.enumerated().compactMap { index, shard in
                shard.stacks.isEmpty ? nil : (index: index, stacks: shard.stacks)
            }
        }
        // Each shard is walked by a child task on its executor's thread, the thread of the shard's stack
        // actors: entering each stack is a plain call there (see ShardWalk). A tick with a deadline runs
        // as a tick job (the executor's `tickLane`), ahead of ordinary jobs and at real time where allowed.
        let urgent = clock.ticksHaveDeadlines
        return await withTaskGroup(of: ([StackActor.Commit], ReadinessBatch).self) { group in
            for shard in shards {
                let executor = ShardExecutor.forShard(shard.index)
                let preference: any TaskExecutor = urgent ? executor.tickLane : executor
                let readiness = readinessBatches.take()
                group.addTask(executorPreference: preference) {
                    (ShardWalk.walk(shard.stacks, tick, readiness: readiness), readiness)
                }
            }
            var all: [StackActor.Commit] = []
            var batches: [ReadinessBatch] = []
            for await (part, batch) in group {
                all += part
                if batch.isEmpty { readinessBatches.recycle(batch) } else { batches.append(batch) }
            }
            return (all, batches)
        }
    }

    /// Has the readers a tick collected told: before the tick returns on a clock that waits
    /// for side effects, otherwise by `ReadinessNotifier`'s thread, so that no tick job, at real-time
    /// priority, ever waits for a reader's lock.
    private func notifyReaders(_ batches: [ReadinessBatch]) {
        if clock.waitsForSideEffects {
            for batch in batches {
                batch.callAll()
                readinessBatches.recycle(batch)
            }
        } else {
            ReadinessNotifier.shared.submit(batches, recyclingInto: readinessBatches)
        }
    }

    /// Writes the commits of a tick as one group commit, then tells each stack (one task per shard, on
    /// the shard's executor); repeats for commits that follow (a queued change without animation).
    func write(_ commits: [StackActor.Commit]) async {
        var pending = commits
        while !pending.isEmpty {
            let maximumBytes = storedBytesPerStack()
            let results = await store.write(groups: pending.map { [$0.state.storeChange(maximumBytes: maximumBytes)] })
            var byShard: [Int: [(StackActor.Commit, Result<Void, TransitionEngineError>)]] = [:]
            for outcome in zip(pending, results) { byShard[outcome.0.stack.shard, default: []].append(outcome) }
            pending = await withTaskGroup(of: [StackActor.Commit].self) { group in
                for (shard, outcomes) in byShard {
                    group.addTask(executorPreference: ShardExecutor.forShard(shard)) {
                        await ShardCommitReporter.forShard(shard).report(outcomes[...])
                    }
                }
                var next: [StackActor.Commit] = []
                for await part in group { next += part }
                return next
            }
        }
    }
}
