import BenchmarkKit
import BenchmarkSupport
import SystemPrimitives
import TransitionCore
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `engine.restore`: what starting on a full state directory costs, per stack. The daemon restores every
/// stack before it reports `READY=1`, so this is the part of its start that grows with the stacks it keeps
/// (systemd's start timeout and the watchdog run meanwhile).
///
/// A state directory is filled once with `stackCount` stacks of two 6-node screens (a list with a detail
/// pushed), created through the engine as clients create them, and compacted into a snapshot on shutdown.
/// Each restore then opens the store (reads the snapshot and journal, checks every record's checksum) and
/// builds a `TransitionEngine` on it (decodes and validates every stack, makes its actor): wall-clock time
/// per stack, with the store's share in the notes.
enum RestoreBenchmarks {
    /// Stacks in the state directory: the capacity target's count.
    static let stackCount = 10_000
    /// Restores measured.
    static let restores = 5

    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(
                key: "engine.restore",
                figure: "restore a stored stack on start, 10,000 stacks of two 6-node screens, per stack",
                countsAllocations: false
            ) { _, benchmark in
                switch BlockingWait.run({ await measure() }) {
                case .failure(let reason):
                    return BenchmarkResult(skipping: benchmark, reason: reason)
                case .success(let result):
                    return BenchmarkResult(
                        benchmark: benchmark, oursName: "TransitionEngine", ours: Measurement(samples: result.perStack),
                        allocationsPerCall: nil,
                        notes: [
                            "\(stackCount) stacks (list and detail, 6 nodes each) created through the engine, "
                                + "compacted into a snapshot of \(result.snapshotBytes) bytes; \(restores) restores: "
                                + "StateStore.open(directory:) then TransitionEngine(clock:store:), wall clock per "
                                + "stack",
                            "of which opening the store (reading the files, every record's checksum): "
                                + MeasurementUnit.nanoseconds.format(result.storePerStack)
                                + " per stack (median); the rest decodes and validates each state and makes its actor",
                        ])
                }
            }
        ]
    }

    struct Result: Sendable {
        var perStack: [Double] = []
        var storePerStack: Double = 0
        var snapshotBytes = 0
    }

    enum Outcome: Sendable {
        case success(Result)
        case failure(String)
    }

    static func measure() async -> Outcome {
        guard let directory = TemporaryDirectory(prefix: "transitiond-bench-restore") else {
            return .failure("no temporary directory for the state directory")
        }
        let path = directory.path + "/state"
        do {
            try await fill(path)
            var result = Result()
            var storeSamples: [Double] = []
            for _ in 0..<restores {
                let clock = try VirtualClock()
                let start = UInt64(MonotonicClock.now())
                let store = try StateStore.open(directory: path)
                let opened = UInt64(MonotonicClock.now())
                let engine = TransitionEngine(clock: clock, store: store)
                let end = UInt64(MonotonicClock.now())
                let restored = engine.stackIDs.count
                let problems = engine.restoreProblems
                await engine.shutdown()
                guard restored == stackCount, problems.isEmpty else {
                    return .failure("restored \(restored) of \(stackCount) stacks, problems: \(problems)")
                }
                result.perStack.append(Double(end - start) / Double(stackCount))
                storeSamples.append(Double(opened - start) / Double(stackCount))
            }
            result.storePerStack = Measurement(samples: storeSamples).median
            var status = stat()
            result.snapshotBytes = stat(path + "/state.snapshot", &status) == 0 ? Int(status.st_size) : 0
            withExtendedLifetime(directory) {}
            return .success(result)
        } catch {
            return .failure("the state directory could not be filled or restored: \(error)")
        }
    }

    /// Creates the stacks, their writes grouped as concurrent clients' are, and compacts on shutdown.
    private static func fill(_ path: String) async throws {
        let engine = TransitionEngine(clock: try VirtualClock(), store: try StateStore.open(directory: path))
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<stackCount {
                    group.addTask {
                        let state = StackState(
                            id: StackID(rawValue: "stack\(index)"),
                            screens: [BenchmarkScreens.list, BenchmarkScreens.detail],
                            containerSize: BenchmarkScreens.containerSize)
                        _ = try await engine.createStack(state)
                    }
                }
                try await group.waitForAll()
            }
        } catch {
            await engine.shutdown()
            throw error
        }
        await engine.shutdown()
    }
}
