#if canImport(Glibc)
    import Glibc
#endif

/// The real `transitiond` binary, started on a socket in a fresh directory under `/tmp` with its state
/// directory beside it and its standard error in a file (a log can then never fill a pipe and block
/// it). It is tied to the test process (`ChildSpawn.Tie.process`): a killed test run leaves no daemon.
///
/// The directory is made readable by everyone (mode 0755), so that clients of other users can reach the
/// socket; the daemon gives the socket itself mode 0666 and decides per call what each user may do.
public final class DaemonUnderTest: @unchecked Sendable {
    /// The directory holding the socket, the state directory and the log.
    public let directory: String
    /// The socket's path.
    public let socketPath: String
    /// The file the daemon's standard error goes to.
    public let logPath: String
    /// The daemon's state directory.
    public var stateDirectory: String { directory + "/state" }
    private let scratch: TemporaryDirectory
    private let pid: pid_t
    private var exitStatus: Int32?

    /// Starts `transitiond --socket DIR/io.transitiond --state-directory DIR/state` and returns once it
    /// has written "Listening on <socket>".
    ///
    /// - Parameter configuration: the text of a configuration file (transitiond.conf(5)) to start with
    ///   (`--config DIR/transitiond.conf`); nil for the built-in defaults.
    public init(configuration: String? = nil) throws {
        guard let executable = BuiltProducts.transitiond else {
            throw HarnessFailure(BuiltProducts.missingDaemonMessage)
        }
        scratch = try TemporaryDirectory()
        directory = scratch.path
        guard chmod(directory, 0o755) == 0 else { throw HarnessFailure.systemCall("chmod \(directory)") }
        socketPath = directory + "/io.transitiond"
        logPath = directory + "/transitiond.log"
        var arguments = [executable, "--socket", socketPath, "--state-directory", directory + "/state"]
        if let configuration {
            let file = directory + "/transitiond.conf"
            try TextFile.write(configuration, to: file)
            arguments += ["--config", file]
        }
        pid = try ChildSpawn.spawn(
            arguments,
            environment: ["PATH=/usr/bin:/bin"], standardError: .file(logPath, append: false))
        let listening = "Listening on \(socketPath)"
        let started = Deadline.waitUntil { self.log.contains(listening) || self.hasExited }
        guard started, !hasExited else {
            let log = self.log
            stop()
            throw HarnessFailure("transitiond did not start: \(log)")
        }
    }

    /// What the daemon wrote to standard error so far.
    public var log: String { TextFile.read(logPath) ?? "" }

    /// Whether the daemon has exited (reaped without waiting).
    public var hasExited: Bool {
        if exitStatus == nil { exitStatus = ChildSpawn.waitStatusIfEnded(pid) }
        return exitStatus != nil
    }

    /// How the daemon ended, for a failure message: "running", "exit N" or "signal N".
    public var exitDescription: String {
        guard hasExited, let status = exitStatus else { return "running" }
        return status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    }

    /// Sends SIGTERM, waits for the daemon to exit and removes the directory.
    ///
    /// - Returns: the exit status, or 128 + the signal number when a signal ended it.
    @discardableResult
    public func stop() -> Int32 {
        if exitStatus == nil {
            kill(pid, SIGTERM)
            exitStatus = ChildSpawn.waitForWaitStatus(pid)
        }
        // All of it: the state directory holds files of the daemon's choosing.
        scratch.remove()
        return ChildSpawn.exitCode(waitStatus: exitStatus ?? 0)
    }

    deinit {
        if exitStatus == nil { stop() }
    }
}
