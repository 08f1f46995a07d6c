import BenchmarkKit
import CoreBenchmarks
import EngineBenchmarks
import ResourceBenchmarks
import SocketBenchmarks

#if canImport(Glibc)
    import Glibc
#endif

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
