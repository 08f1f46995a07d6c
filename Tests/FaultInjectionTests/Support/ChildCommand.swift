import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A helper program run as a child (`rm`, `unshare`, `sleep`), with standard input from /dev/null and its
/// output in a file or discarded.
final class ChildCommand: @unchecked Sendable {
    /// The child's process id.
    let pid: pid_t
    private var status: Int32?

    /// Starts `command` (an absolute path first) with `environment` (PATH is always set). `keeping` maps
    /// descriptors of this process to descriptor numbers of the child (dup2 before exec).
    init(
        _ command: [String], environment: [String: String] = [:], outputPath: String? = nil,
        keeping descriptors: [(from: Int32, to: Int32)] = []
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let output = outputPath ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        for (from, to) in descriptors { posix_spawn_file_actions_adddup2(&actions, from, to) }
        let variables = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"].merging(environment) { $1 }
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, command[0], &actions, nil, argv, envp)
        guard result == 0 else { throw HarnessFailure.systemCall("posix_spawn \(command[0])", result) }
        pid = child
    }

    /// Whether the child has exited (reaped without waiting).
    var hasExited: Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = raw
            return true
        }
        return false
    }

    /// Sends `signal` to the child (nothing once it has been reaped).
    func send(_ signal: Int32) {
        if status == nil { kill(pid, signal) }
    }

    /// Waits for the child to exit and returns its wait status.
    @discardableResult
    func waitForExit() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
        return raw
    }

    /// Runs `command` to its end; throws unless it exits with status 0.
    static func run(_ command: [String]) throws {
        let child = try ChildCommand(command)
        let status = child.waitForExit()
        guard status == 0 else { throw HarnessFailure("\(command.joined(separator: " ")) ended with \(status)") }
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            waitForExit()
        }
    }
}
