/// What the engine measured, for `GetStats`.
public struct EngineStatistics: Sendable, Equatable {
    /// Number of stacks.
    public var stacks: Int
    /// Stacks animating now.
    public var animatingStacks: Int
    /// Sum over the stacks.
    public var totals: StackStatistics
    /// Ticks the engine handled.
    public var ticks: UInt64
    /// Ticks handled while no stack animated (should stay 0: the clock pauses when idle).
    public var ticksWhileIdle: UInt64
    /// The clock's own measurements (lateness percentiles, skipped frames, idle wake-ups).
    public var clock: ClockStatistics
    /// The store's writer counters.
    public var store: StateStore.Statistics
    /// Plans compiled, and plans reused from the engine's cache.
    public var plans: PlanStatistics
}

extension TransitionEngine {
    /// Collects the engine's statistics (visits every stack).
    public func statistics() async -> EngineStatistics {
        let stacks = stackIDs.compactMap { try? stack($0) }
        var totals = StackStatistics()
        for stack in stacks { totals.add(await stack.statistics) }
        let (ticks, whileIdle) = context.scheduler.tickCounts
        return EngineStatistics(
            stacks: stacks.count, animatingStacks: context.scheduler.activeCount, totals: totals, ticks: ticks,
            ticksWhileIdle: whileIdle, clock: clock.statistics, store: store.statistics,
            plans: context.planner.cache.statistics)
    }

    /// Descriptions of anything still in flight (running transitions, queued operations, commits), for the
    /// end of a test; empty when the engine is quiescent.
    public func pendingWork() async -> [String] {
        var pending: [String] = []
        for id in stackIDs {
            guard let stack = try? stack(id) else { continue }
            if !(await stack.isIdle) { pending.append("stack \(id) is not idle") }
            let queued = await stack.queuedOperations
            if queued > 0 { pending.append("stack \(id) has \(queued) queued operations") }
        }
        if context.scheduler.activeCount > 0 {
            pending.append("\(context.scheduler.activeCount) stacks still ask for ticks")
        }
        return pending
    }
}
