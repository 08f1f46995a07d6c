import BenchmarkKit
import CoreBenchmarks

#if canImport(Glibc)
    import Glibc
#endif

// bench/Sources/transitiond-bench/main.swift → bench/results
let benchDirectory = String(
    #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/"))

let suite = BenchmarkSuite(
    groups: [CoreBenchmarks.group()],
    defaultResultsDirectory: benchDirectory + "/results"
)
exit(suite.main(arguments: Array(CommandLine.arguments.dropFirst())))
