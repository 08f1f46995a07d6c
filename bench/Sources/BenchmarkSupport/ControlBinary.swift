/// Where the `transitionctl` binary measured by the benchmarks comes from (`sockets.web`), as
/// ``DaemonBinary`` for the daemon: `TRANSITIONCTL_BINARY=<path>` names one; otherwise the bench builds
/// the main package's `transitionctl` product into its own build directory
/// (`swift build -c release --package-path bench --product transitionctl`) and uses
/// `bench/.build/release/transitionctl`, or an earlier build when that fails (the rows say so).
public enum ControlBinary {
    nonisolated(unsafe) private static var cached: Result<DaemonBinary.Located, BenchmarkFailure>?

    /// The binary to measure, built once per run.
    public static func locate(benchDirectory: String) -> Result<DaemonBinary.Located, BenchmarkFailure> {
        if let cached { return cached }
        let result = find(benchDirectory: benchDirectory)
        cached = result
        return result
    }

    private static func find(benchDirectory: String) -> Result<DaemonBinary.Located, BenchmarkFailure> {
        DaemonBinary.find(
            product: "transitionctl", environmentVariable: "TRANSITIONCTL_BINARY", benchDirectory: benchDirectory)
    }
}
