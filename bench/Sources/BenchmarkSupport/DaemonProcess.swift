import CBenchmarkTools

#if canImport(Glibc)
    import Glibc
#endif

/// The real `transitiond`, started for a benchmark: its own temporary directory holding the socket, the
/// state directory and the log; stopped with SIGTERM.
public final class DaemonProcess {
    /// The directory with `io.transitiond` (the socket), `state/` and `transitiond.log`.
    public let directory: TemporaryDirectory
    /// The socket clients connect to.
    public let socketPath: String
    /// The daemon's standard output and error.
    public let logPath: String
    /// The process.
    public let process: ChildProcess

    /// Starts `binary` at `framesPerSecond` and waits (up to 20 s) until its socket accepts connections.
    ///
    /// The stacks are kept in `state/` of its directory (written and synced on every commit): the daemon
    /// has no in-memory store, and without `--state-directory` it would keep them in the user's state
    /// directory (/var/lib/transitiond as root), across runs.
    ///
    /// - Parameter configuration: the text of a configuration file (transitiond.conf(5)) to start it
    ///   with; nil runs it on its embedded defaults.
    public init(binary: String, framesPerSecond: Int, configuration: String? = nil) throws(BenchmarkFailure) {
        guard let directory = TemporaryDirectory(prefix: "transitiond-bench") else {
            throw BenchmarkFailure("Failed to create a directory under /tmp")
        }
        self.directory = directory
        socketPath = directory.path + "/io.transitiond"
        logPath = directory.path + "/transitiond.log"
        var arguments = [
            "--socket", socketPath, "--frame-rate", String(framesPerSecond), "--state-directory",
            directory.path + "/state",
        ]
        if let configuration {
            let path = directory.path + "/transitiond.conf"
            guard TextFile.write(configuration, to: path) else {
                throw BenchmarkFailure("Failed to write \(path)")
            }
            arguments += ["--config", path]
        }
        do {
            process = try ChildProcess(binary, arguments, outputPath: logPath)
        } catch {
            throw BenchmarkFailure("\(error)")
        }
        let deadline = monotonicSeconds() + 20
        while !bench_socket_accepts(socketPath) {
            if let status = process.wait(timeoutSeconds: 0) {
                let log = TextFile.tail(TextFile.read(logPath) ?? "", lines: 5)
                throw BenchmarkFailure("transitiond exited at start (wait status \(status)): \(log)")
            }
            guard monotonicSeconds() < deadline else {
                process.terminate(graceSeconds: 1)
                throw BenchmarkFailure("transitiond did not accept connections within 20 s")
            }
            usleep(5_000)
        }
    }

    /// SIGTERM and wait (SIGKILL after 10 s); returns whether it exited with status 0.
    @discardableResult
    public func stop() -> Bool {
        ChildProcess.succeeded(process.terminate(graceSeconds: 10))
    }

    deinit { process.terminate(graceSeconds: 10) }
}
