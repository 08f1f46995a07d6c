import BenchmarkKit

/// The `resources` group (issue 7): what an idle stack and an idle client cost the daemon in resident
/// memory, and how long it takes from start to READY=1, each next to redis-server measured the same way
/// in the same run (and the start next to the kernel's floor for starting any program).
public enum ResourceBenchmarks {
    /// Resident memory in bytes (lower is better).
    static let bytes = MeasurementUnit(symbol: "bytes", lowerIsBetter: true)

    /// The group; `benchDirectory` is the bench package, where the daemon is built.
    public static func group(benchDirectory: String) -> BenchmarkGroup {
        BenchmarkGroup(
            name: "resources",
            summary: "transitiond's resident memory per idle stack and per idle client, and its time from start to "
                + "READY=1, against redis-server and the floor of starting /bin/true",
            benchmarks: IdleMemoryBenchmarks.benchmarks(benchDirectory: benchDirectory)
                + StartupBenchmarks.benchmarks(benchDirectory: benchDirectory)
        )
    }
}
