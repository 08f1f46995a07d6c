/// The circumstances of one run, stored beside its figures.
public struct RunRecord {
    /// The UTC date of the run, "YYYY-MM-DD" (the results file's name).
    public let date: String
    /// The UTC start time, ISO 8601.
    public let startedAt: String
    /// The processor model.
    public let processor: String
    /// Online processors.
    public let processors: Int
    /// The kernel release.
    public let kernel: String
    /// Load averages (1, 5, 15 min) when the run started.
    public let loadBefore: [Double]
    /// Load averages when it ended.
    public var loadAfter: [Double] = []
    /// `MachineState.stolenNanoseconds()` when the run started.
    public let stolenBefore: Int64?
    /// The same when it ended.
    public var stolenAfter: Int64?
    /// The settings.
    public let options: BenchmarkOptions
    /// Whether the allocation counter was seen to work.
    public let allocationCounterVerified: Bool

    /// Records the machine as it is now.
    public init(options: BenchmarkOptions, allocationCounterVerified: Bool) {
        let timestamp = MachineState.utcTimestamp()
        date = timestamp.date
        startedAt = timestamp.dateTime
        processor = MachineState.processorModel()
        processors = MachineState.onlineProcessors()
        kernel = MachineState.kernelRelease()
        loadBefore = MachineState.loadAverages()
        stolenBefore = MachineState.stolenNanoseconds()
        self.options = options
        self.allocationCounterVerified = allocationCounterVerified
    }

    /// One line for the reader: "machine: AMD EPYC, 2 processors, Linux 6.1; load average (1 min) 1.02
    /// before, 1.30 after; hypervisor steal 0.12 s (all processors); …".
    public var summary: String {
        func load(_ values: [Double]) -> String { values.first.map { DecimalFormatting.fixed($0, decimals: 2) } ?? "?" }
        return "machine: \(processor), \(processors) processors, Linux \(kernel); load average (1 min) "
            + "\(load(loadBefore)) before, \(load(loadAfter)) after; " + stolenSummary
            + "\(options.batches) batches of ≥ "
            + DecimalFormatting.fixed(options.minimumBatchSeconds * 1_000, decimals: 0)
            + " ms (thread CPU time) per timed figure; "
            + (options.durationScale == 1 ? "" : "run durations × \(options.durationScale); ")
            + "allocation counter " + (allocationCounterVerified ? "verified" : "NOT working (allocations unverified)")
    }

    /// "hypervisor steal 2.10 s (all processors); " or nothing when /proc/stat could not be read.
    var stolenSummary: String {
        guard let stolenBefore, let stolenAfter else { return "" }
        return "hypervisor steal " + DecimalFormatting.fixed(Double(stolenAfter - stolenBefore) / 1e9, decimals: 2)
            + " s (all processors); "
    }
}
