#if canImport(Glibc)
    import Glibc
#endif

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
        if let named = getenv("TRANSITIONCTL_BINARY") {
            let path = String(cString: named)
            guard access(path, X_OK) == 0 else {
                return .failure(BenchmarkFailure("TRANSITIONCTL_BINARY=\(path) is not an executable"))
            }
            return .success(DaemonBinary.Located(path: path, remark: "binary from TRANSITIONCTL_BINARY=\(path)"))
        }
        let built = benchDirectory + "/.build/release/transitionctl"
        let log = "/tmp/transitiond-bench-build-transitionctl.log"
        let swift = executablePath("swift") ?? "swift"
        let arguments = [
            "build", "-c", "release", "--package-path", benchDirectory, "--product", "transitionctl", "-j", "2",
        ]
        let outcome: (status: Int32?, output: String)
        do {
            outcome = try ChildProcess.run(swift, arguments, outputPath: log, timeoutSeconds: 1_800)
        } catch {
            outcome = (nil, "\(error)")
        }
        if ChildProcess.succeeded(outcome.status), access(built, X_OK) == 0 {
            return .success(DaemonBinary.Located(path: built, remark: nil))
        }
        if access(built, X_OK) == 0 {
            return .success(
                DaemonBinary.Located(
                    path: built,
                    remark: "building transitionctl failed (see \(log)); measured the earlier build \(built)"))
        }
        return .failure(
            BenchmarkFailure(
                "no transitionctl binary: `swift build -c release --package-path bench --product transitionctl` "
                    + "failed (\(log)): \(TextFile.tail(outcome.output, lines: 3))"))
    }
}
