import SystemPrimitives
import TransitionCore

/// What every stack shares: the clock, the scheduler, the store, the limits and the animator registry.
final class EngineContext: Sendable {
    let clock: any TransitionClock
    let store: StateStore
    let scheduler: TickScheduler
    /// Read once per request, subscription or write, never per tick.
    private let limitsInForce: Locked<TransitionEngine.Limits>
    /// Sees the transition events of every stack (`TransitionEngine.init`'s `transitionObserver`).
    let transitionObserver: (@Sendable (StackEvent) -> Void)?
    private let animators: Locked<[String: AnimatorSpecification]>
    /// The daemon's Reduce Motion setting, read when a plan is compiled (stacks without an override).
    private let reducingMotionInForce: Locked<Bool>

    init(
        clock: any TransitionClock, store: StateStore, shardCount: Int, limits: TransitionEngine.Limits,
        transitionObserver: (@Sendable (StackEvent) -> Void)? = nil
    ) {
        self.clock = clock
        self.transitionObserver = transitionObserver
        let limitsInForce = Locked(limits)
        self.limitsInForce = limitsInForce
        self.store = store
        var builtins: [String: AnimatorSpecification] = [:]
        for animator in BuiltinAnimators.all { builtins[animator.name] = animator }
        let animators = Locked(builtins, inheritingPriority: true)
        self.animators = animators
        let reducingMotionInForce = Locked(false, inheritingPriority: true)
        self.reducingMotionInForce = reducingMotionInForce
        planner = TransitionPlanner(
            animator: { name in animators.withLock { $0[name] } },
            reducingMotion: { reducingMotionInForce.withLock { $0 } })
        scheduler = TickScheduler(clock: clock, store: store, shardCount: shardCount) {
            limitsInForce.withLock(\.storedBytesPerStack)
        }
    }

    /// The limits in force.
    var limits: TransitionEngine.Limits { limitsInForce.withLock { $0 } }

    /// Puts `limits` in force for every request from now on.
    func setLimits(_ limits: TransitionEngine.Limits) { limitsInForce.withLock { $0 = limits } }

    /// The daemon's Reduce Motion setting: whether transitions of stacks without their own setting run
    /// their animators' reduced variants.
    var reducingMotion: Bool { reducingMotionInForce.withLock { $0 } }

    /// Sets the daemon's Reduce Motion setting for every transition that begins from now on.
    func setReducingMotion(_ reducingMotion: Bool) { reducingMotionInForce.withLock { $0 = reducingMotion } }

    /// Compiles plans with the animator registry.
    let planner: TransitionPlanner

    var animatorList: [AnimatorSpecification] { animators.withLock { $0.values.sorted { $0.name < $1.name } } }

    func define(_ animator: AnimatorSpecification) { animators.withLock { $0[animator.name] = animator } }
}
