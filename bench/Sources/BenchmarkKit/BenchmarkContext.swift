import SystemPrimitives

/// Measures workloads with the run's settings: warm-up, calibration, interleaved batches, allocation
/// counts.
///
/// Method (docs/benchmarks.md):
/// 1. Warm-up and calibration: each workload runs with 1, 2, 4 … repetitions (at least doubling, scaled
///    up from the last duration) until one run lasts the minimum batch time; then one more unrecorded
///    run at that count.
/// 2. Batches: `batches` timed runs of each workload. Workloads compared with each other alternate
///    batch by batch (ours, peer, peer, ours, …), so a burst of load elsewhere on the machine hits both.
///    A batch's time is the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which leaves out the time other
///    processes held the processor; its wall time is kept beside it (`wallSamples`).
/// 3. Allocations: after timing, one more run between two readings of the allocation counter, divided by
///    the operations it did.
/// Every run's result goes to `Sink`, so no work can be optimized away.
public final class BenchmarkContext {
    /// The run's settings.
    public let options: BenchmarkOptions
    /// Whether the allocation counter was seen to work; if not, allocation figures are nil.
    public let allocationCounterVerified: Bool

    /// Creates a context.
    public init(options: BenchmarkOptions, allocationCounterVerified: Bool) {
        self.options = options
        self.allocationCounterVerified = allocationCounterVerified
    }

    /// CPU nanoseconds per operation for each workload, batches interleaved, with the wall-clock
    /// nanoseconds per operation of the same batches.
    public func time(_ workloads: [Workload]) -> [(cpu: Measurement, wall: Measurement)] {
        let repetitions = workloads.map(calibratedRepetitions)
        var cpu = Array(repeating: [Double](), count: workloads.count)
        var wall = cpu
        for batch in 0..<options.batches {
            let order = batch % 2 == 0 ? Array(workloads.indices) : workloads.indices.reversed()
            for index in order {
                let elapsed = run(workloads[index], repetitions: repetitions[index])
                let operations = Double(repetitions[index] * workloads[index].operationsPerRepetition)
                cpu[index].append(Double(elapsed.cpu) / operations)
                wall[index].append(Double(elapsed.wall) / operations)
            }
        }
        return zip(cpu, wall).map { (Measurement(samples: $0), Measurement(samples: $1)) }
    }

    /// Heap allocations per operation of one run of `workload`, or nil if the counter is unverified.
    public func allocationsPerOperation(_ workload: Workload, repetitions: Int = 1) -> Double? {
        guard allocationCounterVerified else { return nil }
        var result = 0.0
        let count = AllocationCounter.allocations { result = workload.body(repetitions) }
        Sink.consume(result)
        return Double(count) / Double(repetitions * workload.operationsPerRepetition)
    }

    /// Times `ours` (and `peer`, interleaved), counts both's allocations and builds the row for
    /// `benchmark`, whose unit must be nanoseconds per operation.
    public func measure(
        _ benchmark: Benchmark, ours: Workload, peer: Workload? = nil, notes: [String] = []
    ) -> BenchmarkResult {
        precondition(benchmark.unit == .nanosecondsPerOperation, "measure(_:ours:peer:) times operations")
        let measurements = time([ours] + (peer.map { [$0] } ?? []))
        let peerResult = peer.map {
            BenchmarkResult.Peer(
                name: $0.name, measurement: measurements[1].cpu, wallClock: measurements[1].wall,
                allocationsPerCall: allocationsPerOperation($0))
        }
        return BenchmarkResult(
            benchmark: benchmark, oursName: ours.name, ours: measurements[0].cpu, wallClock: measurements[0].wall,
            peer: peerResult,
            allocationsPerCall: allocationsPerOperation(ours), notes: notes)
    }

    /// The repetition count at which one run lasts at least the minimum batch time, after warming up.
    private func calibratedRepetitions(_ workload: Workload) -> Int {
        let minimum = options.minimumBatchSeconds * 1e9
        var repetitions = 1
        while true {
            let elapsed = Double(run(workload, repetitions: repetitions).cpu)
            if elapsed >= minimum || repetitions >= Int.max / 4 { break }
            let scaled = elapsed > 0 ? Double(repetitions) * minimum / elapsed * 1.1 : Double(repetitions) * 8
            repetitions = max(repetitions * 2, Int(min(scaled, Double(repetitions) * 64)))
        }
        _ = run(workload, repetitions: repetitions)
        return repetitions
    }

    /// Runs `workload` once, returning the elapsed CPU and wall nanoseconds.
    private func run(_ workload: Workload, repetitions: Int) -> (cpu: UInt64, wall: UInt64) {
        let wallStart = UInt64(MonotonicClock.now())
        let cpuStart = ThreadCPUClock.nanoseconds()
        let result = workload.body(repetitions)
        let cpuEnd = ThreadCPUClock.nanoseconds()
        let wallEnd = UInt64(MonotonicClock.now())
        Sink.consume(result)
        return (cpuEnd - cpuStart, wallEnd - wallStart)
    }
}
