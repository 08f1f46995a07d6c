#if canImport(Glibc)
    import Glibc
#endif

/// The real `transitiond` binary, started as a child process on a directory under `/tmp` that holds
/// its socket (`io.transitiond`), its state directory (`state`) and its log (`transitiond.log`, standard
/// output and error appended, so that a log can never fill a pipe and block it). Every target that
/// starts the daemon starts it with this type.
///
/// A daemon started without a directory makes one and removes it when released. One started
/// on a given directory leaves it to the test, so that a second daemon can be started on it once the
/// first is gone (a restart reads the same state):
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// defer { directory.remove() }
/// let first = try DaemonUnderTest(directory: directory)
/// // … create stacks on first.socketPath …
/// #expect(first.stop() == 0)
/// let again = try DaemonUnderTest(directory: directory)
/// ```
///
/// The directory is made readable by everyone (mode 0755), so that clients of other users can reach the
/// socket; the daemon gives the socket itself mode 0666 and decides per call what each user may do. The
/// daemon is tied to the test process (`ChildSpawn.Tie`) unless told otherwise: a killed test run leaves
/// no daemon. One released while it runs is killed (`SIGKILL`): a test that wants a clean stop calls
/// ``stop()`` and checks its status.
public final class DaemonUnderTest: @unchecked Sendable {
    /// The directory holding the socket, the state directory and the log.
    public let directory: TemporaryDirectory
    /// The socket's path, `directory/io.transitiond` (where the daemon listens unless started with
    /// `socketOption: false`).
    public let socketPath: String
    /// The file the daemon's standard output and error are appended to, `directory/transitiond.log`.
    public let logPath: String
    /// The daemon's process id (that of the daemon itself when a prefix command executes it).
    public let pid: pid_t
    /// The daemon's state directory, `directory/state`.
    public var stateDirectory: String { directory.file("state") }
    /// Whether the directory was made here, and goes with the daemon.
    private let ownsDirectory: Bool
    /// The log's length, bytes, when this daemon started: its part of a log several daemons appended to.
    private let logOffset: Int
    /// The raw `waitpid` status once the daemon has been reaped.
    private var waitStatus: Int32?

    /// Starts `PREFIX… transitiond --socket DIR/io.transitiond --state-directory DIR/state ARGUMENTS…`
    /// with `PATH` and `environment`, and, unless `waitForReady` is false, returns once its log says
    /// "Listening on <socket>" and "Ready" (it serves, its stacks restored).
    ///
    /// - Parameters:
    ///   - arguments: added after the socket and state directory options.
    ///   - configuration: the text of a configuration file (transitiond.conf(5)), written to
    ///     `directory/transitiond.conf` and passed with `--config`; nil for none.
    ///   - environment: variables besides `PATH` (`NOTIFY_SOCKET`, `INVOCATION_ID` …); nothing else of the
    ///     test process's environment reaches the daemon.
    ///   - prefix: a command that runs the daemon by `exec` (`nsenter -t PID -m --`,
    ///     `systemd-socket-activate -l PATH`), so that the process started is the daemon's or its parent's.
    ///   - directory: the directory to run on, left in place when the daemon goes; a new one under
    ///     `/tmp`, removed with the daemon, when nil.
    ///   - socketOption: whether to pass `--socket`; false for a socket passed by socket activation.
    ///   - tie: what the daemon dies with: the test process, or the calling thread for one started in that
    ///     thread's mount namespace (`PrivateJournal`).
    ///   - waitForReady: false to return as soon as the process has started: for a daemon that logs to
    ///     the journal, is meant to fail, or is waited for another way (`NOTIFY_SOCKET`).
    /// - Throws: `HarnessFailure` when the daemon is not built, cannot be started, or exits or stays
    ///   silent (`Deadline.failureTimeout`) before it is ready; its log is in the message.
    public init(
        arguments: [String] = [], configuration: String? = nil, environment: [String: String] = [:],
        prefix: [String] = [], directory: TemporaryDirectory? = nil, socketOption: Bool = true,
        tie: ChildSpawn.Tie = .process,
        waitForReady: Bool = true
    ) throws {
        guard let executable = BuiltProducts.transitiond else {
            throw HarnessFailure(BuiltProducts.missingDaemonMessage)
        }
        let owns = directory == nil
        let directory = try directory ?? TemporaryDirectory()
        ownsDirectory = owns
        self.directory = directory
        socketPath = directory.file("io.transitiond")
        logPath = directory.file("transitiond.log")
        logOffset = TextFile.readBytes(logPath)?.count ?? 0
        guard chmod(directory.path, 0o755) == 0 else {
            let failure = HarnessFailure.systemCall("chmod \(directory.path)")
            if owns { directory.remove() }
            throw failure
        }
        var locations =
            (socketOption ? ["--socket", socketPath] : []) + ["--state-directory", directory.file("state")]
        if let configuration {
            do {
                try TextFile.write(configuration, to: directory.file("transitiond.conf"))
            } catch {
                if owns { directory.remove() }
                throw error
            }
            locations += ["--config", directory.file("transitiond.conf")]
        }
        let variables = ["PATH": ChildProcess.searchPath].merging(environment) { $1 }
        do {
            pid = try ChildSpawn.spawn(
                prefix + [executable] + locations + arguments, environment: ChildProcess.environment(variables),
                standardOutput: .file(logPath, append: true), standardError: .standardOutput, tie: tie)
        } catch {
            if owns { directory.remove() }
            throw HarnessFailure("\(error)")
        }
        guard waitForReady else { return }
        let listening = "Listening on \(socketPath)"
        let started = Deadline.waitUntil {
            let log = self.log
            return (log.contains(listening) && log.contains("Ready")) || self.hasExited
        }
        guard started, !hasExited else {
            let log = self.log
            kill()
            throw HarnessFailure("transitiond did not start (\(exitDescription)): \(log)")
        }
    }

    /// What this daemon wrote to its log so far (not what daemons before it on the directory wrote).
    public var log: String {
        String(decoding: (TextFile.readBytes(logPath) ?? []).dropFirst(logOffset), as: UTF8.self)
    }

    /// Whether the daemon has exited (reaped without waiting when it has).
    public var hasExited: Bool {
        if waitStatus == nil { waitStatus = ChildSpawn.waitStatusIfEnded(pid) }
        return waitStatus != nil
    }

    /// How the daemon ended, for a failure message: "running", "exit N" or "signal N".
    public var exitDescription: String {
        guard hasExited, let status = waitStatus else { return "running" }
        return status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    }

    /// Sends `signal` to the daemon; nothing once it has been reaped (its process id may be another's).
    public func send(_ signal: Int32) {
        if waitStatus == nil { Glibc.kill(pid, signal) }
    }

    /// Waits for the daemon to exit (however long it takes: send a signal first to make it) and returns
    /// its exit status, or 128 + N when signal N ended it.
    public func waitForExit() -> Int32 {
        if waitStatus == nil { waitStatus = ChildSpawn.waitForWaitStatus(pid) }
        return ChildSpawn.exitCode(waitStatus: waitStatus ?? 0)
    }

    /// `kill -9`, then waits until the daemon is gone; its directory stays (a restart may read it).
    public func kill() {
        send(SIGKILL)
        _ = waitForExit()
    }

    /// Sends `SIGTERM` and waits for the daemon to exit. Its directory stays until the daemon is
    /// released, so that its log and state can still be read.
    ///
    /// - Returns: the exit status, or 128 + N when signal N ended it (a daemon that had already ended
    ///   reports how it ended).
    @discardableResult
    public func stop() -> Int32 {
        send(SIGTERM)
        return waitForExit()
    }

    deinit {
        kill()
        // All of it: the state directory holds files of the daemon's choosing.
        if ownsDirectory { directory.remove() }
    }
}
