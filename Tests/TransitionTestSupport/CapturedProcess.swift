#if canImport(Glibc)
    import Glibc
#endif

/// Runs programs whose output a test reads: an explicit environment, standard input from `/dev/null`,
/// standard output and error on pipes, started through `ChildSpawn` (default signal dispositions and no
/// blocked signals whatever the test process has).
///
/// `run(_:environment:)` starts its child from the calling thread, so the child inherits that thread's
/// mount namespace (see `PrivateJournal`); `start(_:environment:tie:)` starts it from the thread its
/// `tie` says.
///
/// ```swift
/// let result = try CapturedProcess.run(["journalctl", "--sync"])
/// guard result.status == 0 else { throw HarnessFailure("journalctl: \(result.standardError)") }
/// ```
public enum CapturedProcess {
    /// How a program run to its end ended, and what it wrote.
    public struct Result: Sendable {
        /// The exit status, or 128 + N when signal N ended the child (the shell's rule).
        public var status: Int32
        /// Everything the child wrote to standard output, decoded as UTF-8.
        public var standardOutput: String
        /// Everything the child wrote to standard error, decoded as UTF-8.
        public var standardError: String
    }

    /// The test process's `PATH`, or the usual system directories when it has none: for finding
    /// `journalctl`, `unshare`, `python3` …
    public static var searchPath: String {
        TestProcessEnvironment.forChildren["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin"
    }

    /// Starts `arguments[0]` (a path, or a name looked up in this process's `PATH`) with exactly
    /// `environment`, and returns its process id and the read ends of the pipes on its standard output
    /// and error (close-on-exec; the caller reads and closes them, and waits for the child).
    ///
    /// - Parameter tie: what the child dies with; `.callingThread` for a child that must start in the
    ///   calling thread's mount namespace.
    /// - Throws: `HarnessFailure` when a pipe cannot be made or the child cannot be started.
    public static func start(
        _ arguments: [String], environment: [String: String], tie: ChildSpawn.Tie = .process
    ) throws -> (pid: pid_t, output: Int32, error: Int32) {
        var output: [Int32] = [0, 0]
        var error: [Int32] = [0, 0]
        guard CloseOnExec.pipe(&output) == 0 else { throw HarnessFailure.systemCall("pipe") }
        guard CloseOnExec.pipe(&error) == 0 else {
            let code = errno
            output.forEach { close($0) }
            throw HarnessFailure.systemCall("pipe", code)
        }
        let pid: pid_t
        do {
            pid = try ChildSpawn.spawn(
                arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                standardOutput: .descriptor(output[1]), standardError: .descriptor(error[1]), tie: tie)
        } catch let failure {
            for descriptor in output + error { close(descriptor) }
            throw HarnessFailure("\(failure)")
        }
        close(output[1])
        close(error[1])
        return (pid, output[0], error[0])
    }

    /// Runs `arguments[0]` to its end from the calling thread (tied to it: this thread waits for it) and
    /// returns its status and output. Blocks the calling thread: call it off the cooperative pool.
    ///
    /// - Parameter environment: the child's whole environment; `PATH` = ``searchPath`` when nil.
    /// - Throws: `HarnessFailure` when the child cannot be started; a child that fails is no error.
    public static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let (pid, output, error) = try start(
            arguments, environment: environment ?? ["PATH": searchPath], tie: .callingThread)
        // Standard error is read on a thread of its own, so that neither pipe can fill up and block the
        // child; where no thread can be started, after standard output.
        let errorDrain = try? PipeDrain(reading: error, name: "child-stderr")
        let outputText = readAll(output)
        let errorText = errorDrain?.finish() ?? readAll(error)
        close(output)
        close(error)
        return Result(status: wait(for: pid), standardOutput: outputText, standardError: errorText)
    }

    /// Waits for child `pid` to end; returns its status as `Result.status` describes it.
    public static func wait(for pid: pid_t) -> Int32 { ChildSpawn.waitForExit(pid) }

    /// Reads `descriptor` to its end (or to the first error other than `EINTR`) and decodes it as UTF-8.
    /// Does not close it.
    public static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
