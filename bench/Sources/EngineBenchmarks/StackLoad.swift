import BenchmarkSupport
import Synchronization
import SystemPrimitives
import TaskPool
import TransitionCore
import TransitionEngine

/// Stacks animating on a fresh engine over the real display link, each starting at the 6-node list
/// screen:
/// - back to back: slide push (to the 6-node detail screen) and pop transitions, 0.3 s each, through the
///   stack's operation queue (policy `queue`), which a driver task keeps topped up as a client would;
///   every transition ends with a commit and the next one's plan is compiled;
/// - one long transition: a single push with `slide` stretched to 10 minutes, so ticks are all there is.
/// The stacks start in waves spread over one transition's duration, so their transitions (and commits)
/// fall on different ticks, as independent stacks' do.
///
/// The store is in memory (the daemon's default without `--state-directory`): commits cost their
/// bookkeeping, not a disk.
final class StackLoad: Sendable {
    /// Who reads the stacks' frames.
    enum Readers: String, Sendable {
        /// Nobody subscribes: ticks only advance plan time, no frame is produced or sampled.
        case none
        /// One subscriber per stack, read by `FrameReader` threads (one per processor) that sample every frame.
        case everyFrame
        /// One subscriber per stack that never reads: each tick queues a frame that replaces the last.
        case subscribedUnread
    }

    /// What the stacks animate.
    enum Workload: String, Sendable {
        /// Slide push and pop, 0.3 s each, back to back.
        case backToBack
        /// One slide push lasting `BenchmarkAnimators.longTransitionSeconds`.
        case longTransition
    }

    /// Waves the stacks start in, spread over one transition.
    static let startWaves = 10
    /// One slide transition, seconds (BuiltinAnimators.slide).
    static let transitionSeconds = 0.3
    /// Operations kept waiting in each stack's queue (0.9 s of transitions): few, as a client sends an
    /// operation or two ahead, since each queued operation is validated against the state all the queued
    /// ones lead to.
    static let queueDepth = 3
    /// How often the driver tops each stack's queue up, seconds.
    static let refillInterval = 0.25
    /// How often the driver tops up the next slice of stacks, seconds.
    static let refillStep = 0.005

    let displayLink: DisplayLink
    let clock: TickRecordingClock
    let engine: TransitionEngine
    let stacks: [StackActor]
    let reader: FrameReader?
    let workload: Workload
    private let driver = Mutex(Task<Void, Never>?.none)
    private let failures = Atomic<Int>(0)
    /// The subscriptions of `subscribedUnread`, kept (never read) as long as the load.
    let unreadSubscriptions: [StackSubscription]

    private init(
        displayLink: DisplayLink, clock: TickRecordingClock, engine: TransitionEngine, stacks: [StackActor],
        reader: FrameReader?, unreadSubscriptions: [StackSubscription], workload: Workload
    ) {
        self.unreadSubscriptions = unreadSubscriptions
        self.workload = workload
        self.displayLink = displayLink
        self.clock = clock
        self.engine = engine
        self.stacks = stacks
        self.reader = reader
    }

    /// Creates `count` stacks on a new engine at `framesPerSecond`, subscribes readers, and starts the
    /// transitions; returns once every stack has begun (after about one transition's duration).
    static func start(
        count: Int, framesPerSecond: Int, readers: Readers, workload: Workload = .backToBack
    ) async throws(TransitionEngineError) -> StackLoad {
        let displayLink = try DisplayLink(framesPerSecond: framesPerSecond)
        let clock = TickRecordingClock(displayLink)
        let engine = TransitionEngine(clock: clock, store: .inMemory())
        if workload == .longTransition { try engine.defineAnimator(BenchmarkAnimators.longSlide) }
        await displayLink.start()
        var stacks: [StackActor] = []
        stacks.reserveCapacity(count)
        for index in 0..<count {
            let state = StackState(
                id: StackID(rawValue: "stack\(index)"), screens: [BenchmarkScreens.list],
                containerSize: BenchmarkScreens.containerSize)
            stacks.append(try await engine.createStack(state))
        }
        var reader: FrameReader?
        if readers == .everyFrame {
            var subscriptions: [StackSubscription] = []
            for stack in stacks { subscriptions.append(try await stack.subscribe()) }
            reader = FrameReader(subscriptions)
        }
        var unread: [StackSubscription] = []
        if readers == .subscribedUnread {
            for stack in stacks { unread.append(try await stack.subscribe()) }
        }
        let load = StackLoad(
            displayLink: displayLink, clock: clock, engine: engine, stacks: stacks, reader: reader,
            unreadSubscriptions: unread, workload: workload)
        await load.startDriving()
        return load
    }

    /// Operations that failed (they should not: every push and pop is valid where it is queued).
    var failedOperations: Int { failures.load(ordering: .relaxed) }

    /// Stops the driver, the reader, the engine and the display link.
    func stop() async {
        driver.withLock { $0 }?.cancel()
        await driver.withLock { $0 }?.value
        reader?.stop()
        await engine.shutdown()
        await displayLink.stop()
    }

    /// Starts the stacks in waves, then leaves a task topping up their queues.
    private func startDriving() async {
        var enqueued = Array(repeating: 0, count: stacks.count)
        let start = MonotonicClock.now()
        let waveNanoseconds = Int64(Self.transitionSeconds / Double(Self.startWaves) * 1e9)
        for wave in 0..<Self.startWaves {
            for index in stride(from: wave, to: stacks.count, by: Self.startWaves) {
                if workload == .longTransition {
                    do {
                        try await stacks[index].push(
                            BenchmarkScreens.detail,
                            options: OperationOptions(animator: BenchmarkAnimators.longSlideName))
                    } catch {
                        failures.add(1, ordering: .relaxed)
                    }
                } else {
                    await topUp(stacks[index], enqueued: &enqueued[index])
                }
            }
            let next = start + Int64(wave + 1) * waveNanoseconds
            let wait = next - MonotonicClock.now()
            if wait > 0 { await TaskPool.sleep(for: .nanoseconds(wait)) }
        }
        guard workload == .backToBack else { return }
        let task = Task { [self, enqueued] in
            // Each stack is visited every `refillInterval`, a slice every `refillStep`, so that operations
            // arrive spread out as independent clients' would, not in one burst per interval.
            var enqueued = enqueued
            let slices = max(Int(Self.refillInterval / Self.refillStep), 1)
            let sliceSize = (stacks.count + slices - 1) / slices
            var next = 0
            while !Task.isCancelled {
                await TaskPool.sleep(for: .seconds(Self.refillStep))
                // The slice's stacks at once, a child task each: one after another, every top-up waited
                // for a hop into its shard's executor and back, and the driver fell behind the stacks.
                let slice = (0..<sliceSize).map { (next + $0) % stacks.count }
                next = (next + sliceSize) % stacks.count
                await withTaskGroup(of: (index: Int, enqueued: Int).self) { group in
                    for index in slice {
                        let stack = stacks[index]
                        var count = enqueued[index]
                        group.addTask {
                            await self.topUp(stack, enqueued: &count)
                            return (index, count)
                        }
                    }
                    for await result in group { enqueued[result.index] = result.enqueued }
                }
            }
        }
        driver.withLock { $0 = task }
    }

    /// Queues pushes and pops (alternating, starting with a push) until `queueDepth` wait.
    private func topUp(_ stack: isolated StackActor, enqueued: inout Int) async {
        var waiting = stack.queuedOperations
        while waiting < Self.queueDepth {
            let operation: StackOperation = enqueued % 2 == 0 ? .push(BenchmarkScreens.detail) : .pop
            do {
                try await stack.perform(operation)
            } catch {
                failures.add(1, ordering: .relaxed)
                return
            }
            enqueued += 1
            waiting += 1
        }
    }
}
