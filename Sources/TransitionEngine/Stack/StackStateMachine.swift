import TransitionCore

/// The pure lifecycle of one stack: committed state, the running transition, the queue of waiting
/// operations and the commit in flight. `StackActor` feeds it events with the clock's time and carries
/// out what each returns (deliver items to subscribers, write the state, ask for ticks).
///
/// States:
/// - `idle`: nothing runs; the queue is empty.
/// - `running`: a transition is between `began` and its end.
/// - `committing`: a new committed state waits to be durable (after a transition reached its end, or a
///   change without animation). `completed` / `stackChanged` go out only when `persisted` reports success.
///
/// Invariants: each accepted operation gets one id; each transition emits `began` once and then exactly
/// one of `completed` or `cancelled`; `committed` changes only in `persisted(_:result:in:)`.
struct StackStateMachine {
    /// What the clock and the engine tell every event.
    struct Environment {
        /// Engine time, monotonic nanoseconds.
        var now: Int64
        /// The clock's frame index.
        var frameIndex: Int64
        /// What every stack shares: the engine's one planner and its limits. Not counted: an environment
        /// lives for one call of the stack's actor, whose engine context it is. Counting it on every tick
        /// (the planner was a value holding a closure, copied into each environment) made its reference
        /// count a cache line the two shard threads took from each other for every stack.
        unowned(unsafe) let context: EngineContext
        /// Compiles plans.
        var planner: TransitionPlanner { context.planner }
        /// The limits in force: a lock, so read when an operation is accepted or starts, never per tick.
        var limits: TransitionEngine.Limits { context.limits }
        /// How many subscribers the stack has (no frame is made without one).
        var subscriberCount: Int
        /// Whether anyone subscribes to frames (no sampling otherwise).
        var wantsFrames: Bool { subscriberCount > 0 }
    }

    /// Items for subscribers, in order, and the write to make.
    struct Output {
        enum Item {
            case event(StackEvent)
            /// A frame computed when a subscriber reads it.
            case frame(LazyFrame<Frame>)
        }

        /// The tick's transition frame, delivered before `items` (kept apart so the common tick, a frame
        /// and nothing else, allocates no array), described rather than made: a subscriber that has not
        /// read the last one gets it refreshed in place.
        var frame: RunningFrameRequest?
        var items: [Item] = []
        /// A state to write; report the outcome with `persisted(_:result:in:)` and this token.
        var persist: (token: UInt64, state: StackState)?

        /// Whether `persist` holds a state to write. Matched, not bound: binding the optional tuple copied it
        /// through its type's value witnesses (a metadata lookup and an indirect call) on every tick, write
        /// or not.
        var persists: Bool {
            if case .some = persist { return true }
            return false
        }
    }

    struct Running {
        /// What stays the same while the transition runs, boxed: each tick reads the running transition
        /// several times, and a struct holding two screens and a stack state inline was copied (a memmove
        /// of the whole and a retain per array) on each read.
        final class Fixed: Sendable {
            let visual: PlannedChange.Visual
            /// `visual.operation`, kept apart: a tick reads it for every frame, and reading it through
            /// `visual` copied the two screens (a memmove and a retain per array) each time.
            let operation: TransitionOperation
            let animator: String
            /// The plan, boxed so each frame captures it with one retain instead of one per array.
            let compiled: CompiledPlan
            let target: StackState

            init(visual: PlannedChange.Visual, animator: String, compiled: CompiledPlan, target: StackState) {
                self.visual = visual
                operation = visual.operation
                self.animator = animator
                self.compiled = compiled
                self.target = target
            }
        }

        var id: TransitionID
        let fixed: Fixed
        var animator: String { fixed.animator }
        var compiled: CompiledPlan { fixed.compiled }
        /// What each tick's frame needs, kept inline, in the stack actor's own memory: reached through
        /// `fixed` and the plan they were three more cache lines per stack and tick, and with thousands
        /// of stacks animating every line a tick touches per stack is a miss (docs/benchmarks.md).
        let frameSource: FrameSource
        var target: StackState { fixed.target }
        var timeline: TransitionTimeline
        var beganAt: Int64
        var beganInteractively: Bool
        /// A gesture drives the fraction (between beginInteractive and finish/cancel).
        var gestureActive: Bool
        /// A frame must be produced at the next tick even though the timeline is paused.
        var needsFrame: Bool

        init(
            id: TransitionID, visual: PlannedChange.Visual, animator: String, compiled: CompiledPlan,
            target: StackState, timeline: TransitionTimeline, beganAt: Int64, beganInteractively: Bool,
            gestureActive: Bool, needsFrame: Bool
        ) {
            self.id = id
            fixed = Fixed(visual: visual, animator: animator, compiled: compiled, target: target)
            frameSource = FrameSource(
                plan: Unmanaged.passUnretained(compiled), duration: compiled.duration, operation: visual.operation,
                animator: animator)
            self.timeline = timeline
            self.beganAt = beganAt
            self.beganInteractively = beganInteractively
            self.gestureActive = gestureActive
            self.needsFrame = needsFrame
        }
    }

    /// The running transition's constants a frame is made of. `plan` is unretained: `Running.fixed` keeps
    /// the plan alive as long as the transition runs, and a frame that outlives it retains it itself.
    struct FrameSource {
        let plan: Unmanaged<CompiledPlan>
        let duration: Double
        let operation: TransitionOperation
        let animator: String
    }

    struct Queued {
        var id: TransitionID
        var operation: PendingOperation
        /// The change the operation made where it was validated (the queue's projected state, its `base`):
        /// when it comes to start from that very state, as it does unless something before it was
        /// cancelled or failed, it starts with this change instead of applying the operation again.
        var validated: PlannedChange?
    }

    /// What a transition's events say of it: its id, its constants and how it began. Kept by a pending
    /// commit instead of the whole `Running`, whose optional was copied and destroyed through its type's
    /// value witnesses.
    struct TransitionSummary {
        let id: TransitionID
        let fixed: Running.Fixed
        let beganInteractively: Bool
        var compiled: CompiledPlan { fixed.compiled }
    }

    /// A change whose write is awaited. A class, never changed once made: kept inline, the optional took
    /// 291 bytes of every stack, idle ones included, for what exists only while a commit is written.
    final class PendingCommit {
        let token: UInt64
        let id: TransitionID
        let target: StackState
        /// The transition that led here; nil for a change without animation.
        let transition: TransitionSummary?

        init(token: UInt64, id: TransitionID, target: StackState, transition: TransitionSummary?) {
            self.token = token
            self.id = id
            self.target = target
            self.transition = transition
        }
    }

    /// The phase. The running transition and the pending commit are kept in their own optional
    /// properties rather than as payloads of this enum, so that each tick mutates the transition in place:
    /// taking a payload out of an enum copies the whole `Running` (a retain per field, ~5 % of a tick).
    enum State {
        case idle
        case running
        case committing
    }

    private(set) var committed: StackState
    private(set) var state: State = .idle
    /// Queued operations applied again when they came to start, because the state changed under them
    /// (`Queued.validated`); the rest started with the change made when they were validated. Wraps; for
    /// tests. 32 bits, declared here: it fills padding after `state`, and the stack object stays within the
    /// lines a tick asks for (`StackActor.prefetchedLines`).
    private(set) var reappliedQueuedOperations: UInt32 = 0
    /// Set exactly when `state == .running`.
    private(set) var running: Running?
    /// The pan driving the running transition through pointer samples, if one does.
    var pan: PanTracker? {
        get {
            if case .tracking(let tracker) = panSlot { return tracker }
            return nil
        }
        set { panSlot = newValue.map { .tracking($0) } ?? .none }
    }
    /// `pan`, boxed: inline, its 112 bytes would grow every stack's actor past the lines a tick asks for
    /// ahead (`StackActor.prefetchedLines`), for a value only a pointer-driven gesture uses.
    private var panSlot = PanSlot.none
    private enum PanSlot {
        case none
        indirect case tracking(PanTracker)
    }
    /// Set exactly when `state == .committing`.
    private(set) var pendingCommit: PendingCommit?
    private(set) var queue: [Queued] = []
    /// Where the queue leads, kept between arrivals (see `projectedState(limits:)`).
    var projection: Projection?
    /// Changes whenever the projection's base changes other than by the queue's progress: a transition
    /// cancelled, a commit failed, a queued operation failed when it came to start (see `Projection`).
    private(set) var projectionEpoch: UInt64 = 0
    private var nextID: TransitionID = 1
    private var nextToken: UInt64 = 1
    var statistics = StackStatistics()

    init(committed: StackState) { self.committed = committed }

    /// Whether the stack needs the next tick.
    var wantsTicks: Bool {
        guard let running else { return false }
        return !running.timeline.isPaused || running.needsFrame
    }

    var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }

    // MARK: Ticks

    /// Samples the running transition at `environment.now`; ends it when its motion reached an end.
    ///
    /// The common tick (a frame, the transition still running) returns an output built where it is
    /// returned: a local output returned on that path was copied into the caller's, each reference
    /// retained, and then destroyed, released again.
    mutating func tick(in environment: Environment) -> Output {
        guard running != nil else { return Output() }
        let (seconds, _, reached) = running!.timeline.position(at: environment.now)
        running!.needsFrame = false
        let frame = environment.wantsFrames ? runningFrame(at: seconds, in: environment) : nil
        guard let reached else { return Output(frame: frame) }
        return end(reached, frame: frame, in: environment)
    }

    /// Ends the running transition at the end its motion `reached`, after `frame` (its last frame, if
    /// anyone subscribes): commits its target, or cancels it and starts the next queued operation.
    private mutating func end(
        _ reached: TransitionTimeline.End, frame: RunningFrameRequest?, in environment: Environment
    ) -> Output {
        var output = Output(frame: frame)
        // The transition ends with this tick and is dropped before its last frame is handed out.
        output.frame?.retainPlan()
        let finished = runningSummary
        setRunning(nil)
        switch reached {
        case .end:
            beginCommit(id: finished.id, target: finished.fixed.target, transition: finished, output: &output)
        case .start:
            projectionEpoch &+= 1
            statistics.cancelled += 1
            output.items.append(.event(event(.cancelled, of: finished, in: environment)))
            output.items.append(.frame(settledFrame(in: environment, laidOut: finished.compiled.settled?.from)))
            startNext(in: environment, output: &output)
        }
        return output
    }

    /// Reports the outcome of the write asked for with `token`.
    mutating func persisted(
        _ token: UInt64, result: Result<Void, TransitionEngineError>, in environment: Environment
    ) -> Output {
        var output = Output()
        guard let pending = pendingCommit, pending.token == token else { return output }
        pendingCommit = nil
        state = .idle
        // completed, stackChanged, the settled frame and the next transition's began: one allocation, where
        // appending them one by one grew the array three times.
        output.items.reserveCapacity(4)
        switch result {
        case .success:
            committed = pending.target
            if let transition = pending.transition {
                statistics.completed += 1
                output.items.append(.event(event(.completed, of: transition, in: environment)))
            }
            output.items.append(.event(changedEvent(pending.id, in: environment)))
            output.items.append(
                .frame(settledFrame(in: environment, laidOut: pending.transition?.compiled.settled?.to)))
        case .failure(let error):
            projectionEpoch &+= 1
            statistics.commitFailures += 1
            if let transition = pending.transition {
                statistics.cancelled += 1
                var cancelled = event(.cancelled, of: transition, in: environment)
                cancelled.error = error
                output.items.append(.event(cancelled))
                output.items.append(.frame(settledFrame(in: environment, laidOut: transition.compiled.settled?.from)))
            } else {
                // A change without animation: its caller may have been told only `queued`.
                output.items.append(
                    .event(
                        StackEvent(
                            kind: .operationFailed, stack: committed.id, frameIndex: environment.frameIndex,
                            transition: pending.id, error: error)))
            }
        }
        startNext(in: environment, output: &output)
        return output
    }

    // MARK: Internals shared by the facets

    mutating func takeID() -> TransitionID {
        defer { nextID += 1 }
        return nextID
    }

    /// Installs (or removes) the running transition.
    mutating func setRunning(_ transition: consuming Running?) {
        // Matched, not compared with nil: `== nil` copied the transition through its type's value witnesses.
        if case .none = transition { state = .idle } else { state = .running }
        running = transition
        pan = nil
    }

    /// Changes the running transition in place.
    mutating func modifyRunning<Result>(_ body: (inout Running) throws(TransitionEngineError) -> Result)
        throws(TransitionEngineError) -> Result
    {
        try body(&running!)
    }

    mutating func enqueue(_ queued: Queued) { queue.append(queued) }

    mutating func beginCommit(
        id: TransitionID, target: StackState, transition: TransitionSummary?, output: inout Output
    ) {
        let token = nextToken
        nextToken += 1
        self.running = nil
        pendingCommit = PendingCommit(token: token, id: id, target: target, transition: transition)
        state = .committing
        output.persist = (token, target)
    }

    /// Starts a transition for `change` (already validated), emitting `began`.
    mutating func begin(
        id: TransitionID, change: PlannedChange, plan: CompiledPlan, interactive: Bool,
        in environment: Environment, output: inout Output
    ) {
        guard let visual = change.visual else { return }
        let timeline =
            interactive
            ? TransitionTimeline.paused(duration: plan.duration)
            : TransitionTimeline.running(duration: plan.duration, now: environment.now)
        statistics.began += 1
        // Made where it is kept, and its event read from there: a local transition was copied into the
        // stack and its copy read again for the event.
        setRunning(
            Running(
                id: id, visual: visual, animator: plan.plan.animatorName, compiled: plan, target: change.target,
                timeline: timeline, beganAt: environment.now, beganInteractively: interactive,
                gestureActive: interactive, needsFrame: true))
        output.items.append(.event(event(.began, of: runningSummary, in: environment)))
    }

    /// Runs queued operations until one starts a transition or a commit, or the queue is empty.
    mutating func startNext(in environment: Environment, output: inout Output) {
        while isIdle, !queue.isEmpty {
            var next = takeFirstQueued()
            do {
                // Validated when it was queued: from the state it was validated against, applying it again
                // gives the same change (applying is pure); from another, what depends on the state is
                // checked again. The states compare at the cost of a few pointers when they are one value,
                // as a queue running its course leaves them (its projection is each change's target).
                let change: PlannedChange
                if let validated = next.validated.take(), validated.base == committed {
                    change = validated
                } else {
                    reappliedQueuedOperations &+= 1
                    change = try committed.applying(
                        next.operation, limits: environment.limits, screenCheck: .alreadyValidated)
                }
                if change.isUnchanged { continue }
                if !next.operation.options.animated || !change.hasVisual {
                    beginCommit(id: next.id, target: change.target, transition: nil, output: &output)
                } else {
                    let plan = try environment.planner.plan(
                        change.visual!, in: committed, options: next.operation.options, interactive: false)
                    begin(id: next.id, change: change, plan: plan, interactive: false, in: environment, output: &output)
                }
            } catch {
                projectionEpoch &+= 1
                output.items.append(
                    .event(
                        StackEvent(
                            kind: .operationFailed, stack: committed.id, frameIndex: environment.frameIndex,
                            transition: next.id, error: error)))
            }
        }
    }

    /// Removes and returns the first queued operation, moved out: `removeFirst()` copied it (a retain of
    /// every string and array of its operation and validated change) and destroyed the original.
    private mutating func takeFirstQueued() -> Queued {
        var first = Queued(id: 0, operation: .navigation(.pop, OperationOptions()), validated: nil)
        swap(&first, &queue[0])
        queue.removeFirst()
        return first
    }

    mutating func countFrame() { statistics.frames += 1 }

    /// The running transition's summary, read in place: `running!` as a value copied the whole transition.
    var runningSummary: TransitionSummary {
        TransitionSummary(id: running!.id, fixed: running!.fixed, beganInteractively: running!.beganInteractively)
    }

    func event(
        _ kind: StackEvent.Kind, of transition: TransitionSummary, in environment: Environment
    ) -> StackEvent {
        StackEvent(
            kind: kind, stack: committed.id, frameIndex: environment.frameIndex, transition: transition.id,
            operation: transition.fixed.operation, animator: transition.fixed.animator,
            from: transition.fixed.visual.from.id, to: transition.fixed.visual.to.id,
            interactive: transition.beganInteractively)
    }

    func changedEvent(_ id: TransitionID, in environment: Environment) -> StackEvent {
        StackEvent(
            kind: .stackChanged, stack: committed.id, frameIndex: environment.frameIndex, transition: id,
            screens: committed.screens.map(\.id), presented: committed.presented.map(\.id),
            selectedTab: committed.tabs[committed.selectedTab].id)
    }

    /// The frame of the running transition at plan time `seconds` (sampled when first read).
    mutating func runningFrame(at seconds: Double, in environment: Environment) -> RunningFrameRequest {
        statistics.frames += 1
        // Fields read in place: `let running = self.running!` copied the whole running transition (a
        // retain and release of each reference in it) per frame.
        let source = running!.frameSource
        let duration = source.duration
        let transition = FrameTransition(
            id: running!.id, operation: source.operation, animator: source.animator,
            progress: duration > 0 ? seconds / duration : (running!.timeline.isReversed ? 0 : 1),
            interactive: running!.gestureActive)
        return RunningFrameRequest(
            stack: committed.id.rawValue, index: environment.frameIndex,
            time: EngineTime.seconds(fromNanoseconds: environment.now - running!.beganAt), transition: transition,
            plan: source.plan, seconds: seconds, recyclable: environment.subscriberCount == 1)
    }

    /// The committed state at rest, as a frame with no transition: `laidOut` when the caller has the
    /// visible screen laid out already (a plan's settled screens, `CompiledPlan.SettledScreens`), otherwise
    /// laid out when first read. A top screen presented over the current context or in the custom style
    /// leaves screens under it visible, and a custom one rests in its own frame over its chrome
    /// (`StackState.settledScreens`): they are all laid out, bottom first, and `laidOut` (one screen
    /// filling the container) is not used.
    func settledFrame(in environment: Environment, laidOut: [NodeState]? = nil) -> LazyFrame<Frame> {
        let stack = committed.id.rawValue
        let index = environment.frameIndex
        if let laidOut, (committed.presentationStyles.last ?? .fullScreen) == .fullScreen {
            return LazyFrame(Frame(stack: stack, index: index, time: 0, transition: nil, nodes: laidOut))
        }
        let screens = committed.settledScreens
        let size = committed.containerSize
        return LazyFrame {
            Frame(
                stack: stack, index: index, time: 0, transition: nil,
                nodes: SettledLayout.nodes(of: screens, containerSize: size))
        }
    }
}
