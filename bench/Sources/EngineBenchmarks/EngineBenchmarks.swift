import BenchmarkKit

/// The `engine` group (issue 3): how many stacks animate within the frame budget on the real display
/// link, how late its ticks are against the ideal grid next to the kernel's floor for the same sleeps,
/// and how often an idle engine wakes.
public enum EngineBenchmarks {
    /// The group; `benchDirectory` is the bench package, for building the daemon measured idle.
    public static func group(benchDirectory: String) -> BenchmarkGroup {
        BenchmarkGroup(
            name: "engine",
            summary: "TransitionEngine on the real DisplayLink: capacity at 60/120 Hz, tick lateness against "
                + "clock_nanosleep and cyclictest, idle wake-ups",
            benchmarks: CapacityBenchmarks.benchmarks() + PlanCostBenchmarks.benchmarks()
                + TransitionCostBenchmarks.benchmarks() + RestoreBenchmarks.benchmarks()
                + LatenessBenchmarks.benchmarks()
                + IdleWakeupBenchmarks.benchmarks(benchDirectory: benchDirectory)
        )
    }
}
