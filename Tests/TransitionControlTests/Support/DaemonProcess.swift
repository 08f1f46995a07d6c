import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The real `transitiond` binary on a socket in a temporary directory, with its standard error in a file
/// (so that its log can never fill a pipe and block it).
final class DaemonProcess {
    /// A failure to start the daemon.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let directory: TemporaryDirectory
    let socketPath: String
    let logPath: String
    private let pid: pid_t
    private var exitStatus: Int32?

    /// Starts `transitiond --socket DIR/io.transitiond --state-directory DIR/state` and returns once it
    /// says it is listening.
    init() throws {
        guard let executable = BuiltProducts.transitiond else {
            throw Failure(description: BuiltProducts.missingDaemonMessage)
        }
        directory = try TemporaryDirectory()
        socketPath = directory.file("io.transitiond")
        logPath = directory.file("transitiond.log")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let command = [executable, "--socket", socketPath, "--state-directory", directory.file("state")]
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        let listening = "Listening on \(socketPath)"
        let started = Waiting.until { self.log.contains(listening) || self.hasExited }
        guard started, !hasExited else {
            throw Failure(description: "transitiond did not start: \(log)")
        }
    }

    /// What the daemon wrote to standard error so far.
    var log: String { TextFile.read(logPath) ?? "" }

    /// Whether the daemon has exited (reaped without waiting).
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = status
            return true
        }
        return false
    }

    /// Sends SIGTERM, waits for the exit and removes the directory; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if exitStatus == nil {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exitStatus = status
        }
        let status = exitStatus ?? 0
        directory.removeAll()
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    deinit {
        if exitStatus == nil { stop() }
    }
}
