/// One figure the suite measures: a stable key, a human description and the code that measures it.
///
/// Keys are dotted and start with the group's name (`core.bezier.ease`); they name the result in the
/// JSON files, so they never change meaning once published. `--filter` matches them by prefix.
public struct Benchmark {
    /// The stable key, `<group>.<topic>.<case>`.
    public let key: String
    /// What is measured, in words, as the table's first column shows it.
    public let figure: String
    /// The unit of the figure.
    public let unit: MeasurementUnit
    /// The targets the result is judged against (none: the figure is for information).
    public let targets: [Target]
    /// Whether the allocation counter counts while this benchmark runs. False for figures measured on
    /// several threads at once (an engine ticking, a server under load), which count no allocations.
    public let countsAllocations: Bool
    /// Measures the figure with the context's settings and returns the row; the second argument is this
    /// benchmark, for the row's key, figure and targets.
    public let run: (BenchmarkContext, Benchmark) -> BenchmarkResult

    /// Creates a benchmark.
    public init(
        key: String, figure: String, unit: MeasurementUnit = .nanosecondsPerOperation, targets: [Target] = [],
        countsAllocations: Bool = true, run: @escaping (BenchmarkContext, Benchmark) -> BenchmarkResult
    ) {
        self.key = key
        self.figure = figure
        self.unit = unit
        self.targets = targets
        self.countsAllocations = countsAllocations
        self.run = run
    }
}

/// A set of benchmarks that share a subject and a results file (`results/latest-<name>.json`).
///
/// The suite grows by groups: `core` (the pure math and plan sampling), `engine` (animating stacks on the
/// real display link, tick lateness against the kernel's floor, idle wake-ups), `sockets` (request rates
/// against redis, update-to-frame latency), `resources` (memory per stack and per client, start-up). A group
/// whose peer or preconditions are missing reports its rows as skipped rather than failing.
public struct BenchmarkGroup {
    /// The group's name: `[a-z]+`, the first component of its benchmarks' keys and of its files' names.
    public let name: String
    /// One line saying what the group measures.
    public let summary: String
    /// The benchmarks, in the order they run and print.
    public let benchmarks: [Benchmark]

    /// Creates a group; every benchmark's key must start with `name` and a dot.
    public init(name: String, summary: String, benchmarks: [Benchmark]) {
        for benchmark in benchmarks {
            precondition(benchmark.key.hasPrefix(name + "."), "benchmark \(benchmark.key) is not in group \(name)")
        }
        self.name = name
        self.summary = summary
        self.benchmarks = benchmarks
    }
}
