/// The outcome of one benchmark: one row of the table and one entry of the results file.
public struct BenchmarkResult {
    /// How a row is judged against its targets.
    public enum Verdict: String {
        /// Every target is met.
        case met
        /// At least one target is missed.
        case missed
        /// No target is missed but at least one could not be checked.
        case unverified
        /// There is no target: the figure is for information.
        case info
        /// The benchmark did not run (a peer or precondition is missing; see `skippedReason`).
        case skipped
    }

    /// A figure measured for the peer or floor in the same run.
    public struct Peer {
        /// Who the peer is ("C -O2, same algorithm").
        public let name: String
        /// Its measurement, in the row's unit.
        public let measurement: Measurement
        /// For timed figures, the same batches in wall-clock time; nil otherwise.
        public let wallClock: Measurement?
        /// Its heap allocations per call, if counted.
        public let allocationsPerCall: Double?

        /// Creates a peer figure.
        public init(name: String, measurement: Measurement, wallClock: Measurement? = nil, allocationsPerCall: Double?)
        {
            self.name = name
            self.measurement = measurement
            self.wallClock = wallClock
            self.allocationsPerCall = allocationsPerCall
        }
    }

    /// The benchmark's key.
    public let key: String
    /// The benchmark's figure, in words.
    public let figure: String
    /// The unit of `ours` and `peer`.
    public let unit: MeasurementUnit
    /// Who "ours" is ("TransitionCore", "transitiond").
    public let oursName: String
    /// Our figure; nil when skipped. For timed figures, CPU time per operation.
    public let ours: Measurement?
    /// For timed figures, the same batches in wall-clock time; nil otherwise.
    public let wallClock: Measurement?
    /// The peer's figure, if the benchmark has one.
    public let peer: Peer?
    /// Heap allocations per call of ours, measured after warm-up; nil if not counted or unverified.
    public let allocationsPerCall: Double?
    /// The targets.
    public let targets: [Target]
    /// Remarks for the reader: what was checked, what differs from the peer.
    public let notes: [String]
    /// Why the benchmark did not run, or nil.
    public let skippedReason: String?

    /// Creates a measured row.
    public init(
        benchmark: Benchmark, oursName: String, ours: Measurement, wallClock: Measurement? = nil, peer: Peer? = nil,
        allocationsPerCall: Double?, notes: [String] = []
    ) {
        self.oursName = oursName
        self.wallClock = wallClock
        key = benchmark.key
        figure = benchmark.figure
        targets = benchmark.targets
        unit = benchmark.unit
        self.ours = ours
        self.peer = peer
        self.allocationsPerCall = allocationsPerCall
        self.notes = notes
        skippedReason = nil
    }

    /// Creates a row for a benchmark that could not run.
    public init(skipping benchmark: Benchmark, reason: String) {
        key = benchmark.key
        figure = benchmark.figure
        targets = benchmark.targets
        unit = benchmark.unit
        oursName = ""
        ours = nil
        wallClock = nil
        peer = nil
        allocationsPerCall = nil
        notes = []
        skippedReason = reason
    }

    /// The cost ratio of our median to the peer's (above 1: we are slower); nil without a peer.
    public var ratio: Double? {
        guard let ours, let peer else { return nil }
        return unit.ratio(ours: ours.median, peer: peer.measurement.median)
    }

    /// Each target with whether it is met (nil: could not be checked).
    public var targetOutcomes: [(target: Target, met: Bool?)] {
        targets.map { ($0, $0.isMet(by: self)) }
    }

    /// The row's verdict.
    public var verdict: Verdict {
        if skippedReason != nil { return .skipped }
        if targets.isEmpty { return .info }
        let outcomes = targetOutcomes.map(\.met)
        if outcomes.contains(false) { return .missed }
        if outcomes.contains(nil) { return .unverified }
        return .met
    }
}
