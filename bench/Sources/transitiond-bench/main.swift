import BenchmarkKit
import CoreBenchmarks
import EngineBenchmarks
import ResourceBenchmarks
import SocketBenchmarks
import TaskPool

#if canImport(Glibc)
    import Glibc
#endif

// The process runs its tasks as transitiond does: on a TaskPool installed as the global executor, so that
// libdispatch's pool, whose monitor timer wakes the process once a second for good, never starts
// (docs/architecture.md, "Threads"). The benchmarks' timed waits use TaskPool.sleep for the same reason.
TaskPool.installAsGlobalExecutor(name: "bench-job")

// bench/Sources/transitiond-bench/main.swift → bench/results
let benchDirectory = String(
    #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/"))

let suite = BenchmarkSuite(
    groups: [
        CoreBenchmarks.group(),
        EngineBenchmarks.group(benchDirectory: benchDirectory),
        SocketBenchmarks.group(benchDirectory: benchDirectory),
        ResourceBenchmarks.group(benchDirectory: benchDirectory),
    ],
    defaultResultsDirectory: benchDirectory + "/results"
)
exit(suite.main(arguments: Array(CommandLine.arguments.dropFirst())))
