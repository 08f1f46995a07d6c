import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The real `transitiond` binary, started on a socket in a fresh directory under `/tmp` with its state
/// directory beside it and its standard error in a file (a log can then never fill a pipe and block
/// it).
///
/// The directory is made readable by everyone (mode 0755), so that clients of other users can reach the
/// socket; the daemon gives the socket itself mode 0666 and decides per call what each user may do.
final class DaemonLauncher: @unchecked Sendable {
    /// The directory holding the socket, the state directory and the log.
    let directory: String
    /// The socket's path.
    let socketPath: String
    /// The file the daemon's standard error goes to.
    let logPath: String
    /// The daemon's state directory.
    var stateDirectory: String { directory + "/state" }
    private let pid: pid_t
    private var exitStatus: Int32?

    /// The built `transitiond` beside the running test binary (SwiftPM puts a package's executables and
    /// its test bundle in one directory), or nil when it has not been built.
    static var executable: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        let candidate = directory + "/transitiond"
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    /// Starts `transitiond --socket DIR/io.transitiond --state-directory DIR/state` and returns once it
    /// has written "Listening on <socket>".
    init() throws {
        guard let executable = Self.executable else {
            throw HarnessFailure("transitiond is not built next to the test binary; run `swift build` first")
        }
        var template = Array("/tmp/transitiond-malformed.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw HarnessFailure.systemCall("mkdtemp") }
        directory = String(cString: created)
        guard chmod(directory, 0o755) == 0 else { throw HarnessFailure.systemCall("chmod \(directory)") }
        socketPath = directory + "/io.transitiond"
        logPath = directory + "/transitiond.log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let command = [executable, "--socket", socketPath, "--state-directory", directory + "/state"]
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw HarnessFailure.systemCall("posix_spawn \(executable)", result) }
        pid = child
        let listening = "Listening on \(socketPath)"
        let started = Deadline.waitUntil { self.log.contains(listening) || self.hasExited }
        guard started, !hasExited else {
            let log = self.log
            stop()
            throw HarnessFailure("transitiond did not start: \(log)")
        }
    }

    /// What the daemon wrote to standard error so far.
    var log: String {
        let descriptor = open(logPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

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

    /// How the daemon ended, for a failure message: "running", "exit N" or "signal N".
    var exitDescription: String {
        guard hasExited, let status = exitStatus else { return "running" }
        return status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    }

    /// Sends SIGTERM, waits for the daemon to exit and removes the directory.
    ///
    /// - Returns: the exit status, or 128 + the signal number when a signal ended it.
    @discardableResult
    func stop() -> Int32 {
        if exitStatus == nil {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exitStatus = status
        }
        removeDirectory()
        let status = exitStatus ?? 0
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// `rm -rf` of the directory: the daemon's state directory holds files of its own choosing.
    private func removeDirectory() {
        let command = ["/bin/rm", "-rf", directory]
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        if posix_spawn(&child, command[0], nil, nil, argv, nil) == 0 {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
    }

    deinit {
        if exitStatus == nil { stop() }
    }
}
