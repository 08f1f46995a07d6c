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
    private let animators: Locked<AnimatorRegistry>
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
        var builtins = AnimatorRegistry()
        for animator in BuiltinAnimators.all { builtins.byName[animator.name] = animator }
        let animators = Locked(builtins, inheritingPriority: true)
        self.animators = animators
        let reducingMotionInForce = Locked(false, inheritingPriority: true)
        self.reducingMotionInForce = reducingMotionInForce
        planner = TransitionPlanner(
            animator: { name in animators.withLock { $0.byName[name] } },
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

    var animatorList: [AnimatorSpecification] { animatorsWithGeneration.animators }

    /// Every animator, sorted by name, with the registry's generation when they were read.
    var animatorsWithGeneration: (animators: [AnimatorSpecification], generation: UInt64) {
        animators.withLock { registry in (registry.byName.values.sorted { $0.name < $1.name }, registry.generation) }
    }

    var animatorGeneration: UInt64 { animators.withLock(\.generation) }

    func animator(named name: String) -> AnimatorSpecification? { animators.withLock { $0.byName[name] } }

    func define(_ animator: AnimatorSpecification) {
        animators.withLock { registry in
            registry.byName[animator.name] = animator
            registry.generation += 1
        }
    }
}

/// The animators every stack's plans are compiled with, by name, and how many definitions changed them.
struct AnimatorRegistry {
    var byName: [String: AnimatorSpecification] = [:]
    /// Increases with every definition, so that what was built from the animators (the service's
    /// `ListAnimators` reply) is known to be current while the generation is the same.
    var generation: UInt64 = 0
}
