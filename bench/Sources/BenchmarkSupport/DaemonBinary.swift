#if canImport(Glibc)
    import Glibc
#endif

/// Where the `transitiond` binary measured by the benchmarks comes from.
///
/// `TRANSITIOND_BINARY=<path>` names one. Otherwise the bench builds the main package's `transitiond`
/// product into its own build directory, as the release build of the suite itself:
/// `swift build -c release --package-path bench --product transitiond` (incremental: a second or two
/// when nothing changed), and uses `bench/.build/release/transitiond`. If that build fails (the main
/// package is being edited) and an earlier binary exists, the earlier one is measured and the rows say
/// so.
public enum DaemonBinary {
    /// The binary, with a remark for the rows' notes when it is not a fresh build.
    public struct Located: Sendable {
        /// The executable's path.
        public let path: String
        /// Why this binary (set when it is not freshly built from the working tree).
        public let remark: String?
    }

    nonisolated(unsafe) private static var cached: Result<Located, BenchmarkFailure>?

    /// The binary to measure, built once per run (later calls return the same answer).
    public static func locate(benchDirectory: String) -> Result<Located, BenchmarkFailure> {
        if let cached { return cached }
        let result = find(benchDirectory: benchDirectory)
        cached = result
        return result
    }

    private static func find(benchDirectory: String) -> Result<Located, BenchmarkFailure> {
        find(product: "transitiond", environmentVariable: "TRANSITIOND_BINARY", benchDirectory: benchDirectory)
    }

    /// The main package's executable `product`: the path `environmentVariable` names, else a release build
    /// into the bench's build directory, else an earlier build there (with a remark), else a failure.
    static func find(
        product: String, environmentVariable: String, benchDirectory: String
    ) -> Result<Located, BenchmarkFailure> {
        if let named = getenv(environmentVariable) {
            let path = String(cString: named)
            guard access(path, X_OK) == 0 else {
                return .failure(BenchmarkFailure("\(environmentVariable)=\(path) is not an executable"))
            }
            return .success(Located(path: path, remark: "binary from \(environmentVariable)=\(path)"))
        }
        let built = benchDirectory + "/.build/release/" + product
        let log = "/tmp/transitiond-bench-build-\(product).log"
        let swift = executablePath("swift") ?? "swift"
        let arguments = [
            "build", "-c", "release", "--package-path", benchDirectory, "--product", product, "-j", "2",
        ]
        let outcome: (status: Int32?, output: String)
        do {
            outcome = try ChildProcess.run(swift, arguments, outputPath: log, timeoutSeconds: 1_800)
        } catch {
            outcome = (nil, "\(error)")
        }
        if ChildProcess.succeeded(outcome.status), access(built, X_OK) == 0 {
            return .success(Located(path: built, remark: nil))
        }
        if access(built, X_OK) == 0 {
            return .success(
                Located(
                    path: built,
                    remark: "building \(product) failed (see \(log)); measured the earlier build \(built)"))
        }
        return .failure(
            BenchmarkFailure(
                "no \(product) binary: `swift build -c release --package-path bench --product \(product)` "
                    + "failed (\(log)): \(TextFile.tail(outcome.output, lines: 3))"))
    }
}
