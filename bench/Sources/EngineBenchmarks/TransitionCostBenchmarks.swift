import BenchmarkKit
import BenchmarkSupport
import SystemPrimitives
import TransitionCore
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `engine.transition.cycle`: what one transition costs the process from its operation to its commit,
/// apart from the frames in between. The capacity row with transitions back to back pays it about 14,000
/// times a second at 5,000 stacks; its search cannot say which change moved it, this figure can.
///
/// Stacks on a virtual clock run `slide` push and pop shortened to half a frame, through their operation
/// queues: every advance of the clock ends one transition per stack (its tick, its commit to the in-memory
/// store, the stack told it is durable) and starts the next queued one (its plan from the engine's cache,
/// its `began`), while a driver queues one operation per stack (a hop into the stack, validated against
/// the queued state) and a reader drains every subscription (events and frames, each frame sampled). All of
/// it runs on the process's threads; the figure is the process's CPU time per transition.
///
/// `engine.transition.cycle.stored` is the same with the store the daemon runs: a state directory on disk,
/// every commit a journal record made durable (fsync) before the stack hears of it, the journal compacted
/// into the snapshot at the default threshold.
enum TransitionCostBenchmarks {
    /// Stacks cycling at once.
    static let stackCount = 1_000
    /// Operations kept waiting in each stack's queue, as in the capacity row.
    static let queueDepth = 3
    /// Advances before measuring: the plan cache holds both plans, every queue is full.
    static let warmUpAdvances = 6
    /// Advances per batch (each ends `stackCount` transitions).
    static let advancesPerBatch = 4
    /// The animator: `slide` with every variant half a frame long (it ends on the tick after it began).
    static let oneFrameSlideName = "slideOneFrame"

    /// Where the commits go.
    enum Storage: Sendable {
        /// `StateStore.inMemory()`: every write durable at once.
        case memory
        /// `StateStore.open(directory:)` on a temporary directory, as the daemon's state directory.
        case directory

        var key: String {
            switch self {
            case .memory: "engine.transition.cycle"
            case .directory: "engine.transition.cycle.stored"
            }
        }

        var figure: String {
            switch self {
            case .memory:
                "CPU time per transition, operation to commit, 1,000 stacks, virtual clock, every item read"
            case .directory:
                "the same, each commit written to a state directory and made durable"
            }
        }

        var description: String {
            switch self {
            case .memory: "in-memory store"
            case .directory: "state directory on disk (journal records, fsync, compaction at the default 4 MiB)"
            }
        }
    }

    static func benchmarks() -> [Benchmark] {
        [Storage.memory, .directory].map(benchmark)
    }

    private static func benchmark(_ storage: Storage) -> Benchmark {
        Benchmark(key: storage.key, figure: storage.figure, countsAllocations: false) { context, benchmark in
            let batches = context.options.batches
            let outcome = BlockingWait.run { await measure(batches: batches, storage: storage) }
            switch outcome {
            case .failure(let reason):
                return BenchmarkResult(skipping: benchmark, reason: reason)
            case .success(let result):
                return BenchmarkResult(
                    benchmark: benchmark, oursName: "TransitionEngine", ours: Measurement(samples: result.cpu),
                    wallClock: Measurement(samples: result.wall),
                    allocationsPerCall: context.allocationCounterVerified ? result.allocations : nil,
                    notes: [
                        "slide push and pop shortened to half a frame, \(queueDepth) operations queued per stack, "
                            + "one more queued per stack and advance by a child task each (a hop into the "
                            + "stack); \(storage.description); one subscriber per stack drained after each "
                            + "advance, "
                            + "every frame sampled; \(advancesPerBatch) advances of \(stackCount) transitions "
                            + "per batch; ours = the process's CPU time (every thread) per transition, wall "
                            + "clock beside it; allocations counted in one more batch on their own",
                        "of which reading: "
                            + MeasurementUnit.nanoseconds.format(result.readingPerTransition)
                            + " per transition (the draining thread's CPU time), "
                            + DecimalFormatting.fixed(result.itemsPerTransition, decimals: 1)
                            + " items read per transition",
                    ])
            }
        }
    }

    /// What the batches measured, per transition.
    struct Result: Sendable {
        var cpu: [Double] = []
        var wall: [Double] = []
        var allocations: Double = 0
        var readingPerTransition: Double = 0
        var itemsPerTransition: Double = 0
    }

    enum Outcome: Sendable {
        case success(Result)
        case failure(String)
    }

    static func measure(batches: Int, storage: Storage) async -> Outcome {
        let engine: TransitionEngine
        let clock: VirtualClock
        // Kept until the engine has shut down: the store's files are removed with it.
        var stateDirectory: TemporaryDirectory?
        do {
            clock = try VirtualClock()
            let store: StateStore
            switch storage {
            case .memory:
                store = .inMemory()
            case .directory:
                guard let directory = TemporaryDirectory(prefix: "transitiond-bench-state") else {
                    return .failure("no temporary directory for the state directory")
                }
                stateDirectory = directory
                store = try StateStore.open(directory: directory.path + "/state")
            }
            engine = TransitionEngine(clock: clock, store: store)
            var animator = BuiltinAnimators.slide
            animator.name = oneFrameSlideName
            for (operation, var script) in animator.variants {
                // Half a period: the transition begun at one tick has ended by the next, however the
                // period rounds to whole nanoseconds.
                script.duration = .literal(0.5 / Double(clock.framesPerSecond))
                animator.variants[operation] = script
            }
            try engine.defineAnimator(animator)
        } catch {
            return .failure("the engine refused the one-frame animator: \(error)")
        }
        let outcome: Outcome
        do {
            outcome = try await measure(Cycle(engine: engine, clock: clock), batches: batches)
        } catch {
            outcome = .failure("the engine refused the cycle: \(error)")
        }
        await engine.shutdown()
        withExtendedLifetime(stateDirectory) {}
        return outcome
    }

    private static func measure(_ cycle: Cycle, batches: Int) async throws -> Outcome {
        var cycle = cycle
        try await cycle.createStacks()
        for _ in 0..<warmUpAdvances { try await cycle.advance() }
        let perBatch = advancesPerBatch * stackCount
        var result = Result()
        var readingNanoseconds: UInt64 = 0
        var items = 0
        for _ in 0..<batches {
            let cpuBefore = processCPUNanoseconds()
            let wallBefore = UInt64(MonotonicClock.now())
            var completed = 0
            for _ in 0..<advancesPerBatch {
                let reading = try await cycle.advance()
                readingNanoseconds += reading.nanoseconds
                items += reading.items
                completed += reading.completed
            }
            let cpu = processCPUNanoseconds() - cpuBefore
            let wall = UInt64(MonotonicClock.now()) - wallBefore
            guard completed == perBatch else {
                return .failure("\(completed) transitions completed in a batch, not \(perBatch)")
            }
            result.cpu.append(Double(cpu) / Double(completed))
            result.wall.append(Double(wall) / Double(completed))
        }
        result.readingPerTransition = Double(readingNanoseconds) / Double(batches * perBatch)
        result.itemsPerTransition = Double(items) / Double(batches * perBatch)

        AllocationCounter.isCounting = true
        let allocationsBefore = AllocationCounter.allocations
        for _ in 0..<advancesPerBatch { try await cycle.advance() }
        let allocations = AllocationCounter.allocations - allocationsBefore
        AllocationCounter.isCounting = false
        result.allocations = Double(allocations) / Double(perBatch)
        return .success(result)
    }

    /// The stacks, a counting sink of each one's subscription, and the next operation of each.
    struct Cycle {
        let engine: TransitionEngine
        let clock: VirtualClock
        var stacks: [StackActor] = []
        var sinks: [CountingSink] = []
        var enqueued: [Int] = []
        var spare: Frame?

        init(engine: TransitionEngine, clock: VirtualClock) {
            self.engine = engine
            self.clock = clock
        }

        mutating func createStacks() async throws {
            for index in 0..<stackCount {
                let state = StackState(
                    id: StackID(rawValue: "stack\(index)"), screens: [BenchmarkScreens.list],
                    containerSize: BenchmarkScreens.containerSize)
                let stack = try await engine.createStack(state)
                stacks.append(stack)
                sinks.append(CountingSink(try await stack.subscribe()))
            }
            enqueued = Array(repeating: 0, count: stackCount)
            // The first operation starts at once; the rest wait.
            for _ in 0...queueDepth { try await enqueueOneEach() }
        }

        /// Ends one transition per stack and starts the next; queues one more operation per stack; drains
        /// every subscription. Returns the draining's CPU time, the items it read and the `completed` events
        /// among them.
        @discardableResult
        mutating func advance() async throws -> (nanoseconds: UInt64, items: Int, completed: Int) {
            await clock.advance()
            try await enqueueOneEach()
            let start = ThreadCPUClock.nanoseconds()
            var items = 0
            var completed = 0
            var checksum = 0.0
            for sink in sinks {
                let (framesBefore, eventsBefore, completedBefore) = (sink.frames, sink.events, sink.completed)
                SubscriptionReaders.read(sink.subscription, into: sink, reusing: &spare)
                items += sink.frames - framesBefore + sink.events - eventsBefore
                completed += sink.completed - completedBefore
                checksum += sink.checksum
            }
            Sink.consume(checksum)
            return (ThreadCPUClock.nanoseconds() - start, items, completed)
        }

        private mutating func enqueueOneEach() async throws {
            let stacks = stacks
            let enqueued = enqueued
            let options = OperationOptions(animator: oneFrameSlideName)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, stack) in stacks.enumerated() {
                    let operation: StackOperation =
                        enqueued[index] % 2 == 0 ? .push(BenchmarkScreens.detail) : .pop
                    group.addTask { try await stack.perform(operation, options: options) }
                }
                try await group.waitForAll()
            }
            for index in self.enqueued.indices { self.enqueued[index] += 1 }
        }
    }

    private static func processCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
