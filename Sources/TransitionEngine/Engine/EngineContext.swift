import SystemPrimitives
import TransitionCore

/// What every stack shares: the clock, the scheduler, the store and the animator registry.
final class EngineContext: Sendable {
    let clock: any TransitionClock
    let store: StateStore
    let scheduler: TickScheduler
    let subscribersPerStack: Int
    /// Sees the transition events of every stack (`TransitionEngine.init`'s `transitionObserver`).
    let transitionObserver: (@Sendable (StackEvent) -> Void)?
    private let animators: Locked<[String: AnimatorSpecification]>

    init(
        clock: any TransitionClock, store: StateStore, shardCount: Int, subscribersPerStack: Int,
        transitionObserver: (@Sendable (StackEvent) -> Void)? = nil
    ) {
        self.clock = clock
        self.transitionObserver = transitionObserver
        self.subscribersPerStack = subscribersPerStack
        self.store = store
        var builtins: [String: AnimatorSpecification] = [:]
        for animator in BuiltinAnimators.all { builtins[animator.name] = animator }
        let animators = Locked(builtins, inheritingPriority: true)
        self.animators = animators
        planner = TransitionPlanner { name in animators.withLock { $0[name] } }
        scheduler = TickScheduler(clock: clock, store: store, shardCount: shardCount)
    }

    /// Compiles plans with the animator registry.
    let planner: TransitionPlanner

    var animatorList: [AnimatorSpecification] { animators.withLock { $0.values.sorted { $0.name < $1.name } } }

    func define(_ animator: AnimatorSpecification) { animators.withLock { $0[animator.name] = animator } }
}
