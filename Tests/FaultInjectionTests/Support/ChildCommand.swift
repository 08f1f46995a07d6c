import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A helper program run as a child (`unshare`, `sleep`), with standard input from /dev/null and its
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
        let variables = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"].merging(environment) { $1 }
        pid = try ChildSpawn.spawn(
            command, environment: variables.map { "\($0.key)=\($0.value)" },
            standardOutput: outputPath.map { .file($0, append: true) } ?? .null, descriptors: descriptors)
    }

    /// Whether the child has exited (reaped without waiting).
    var hasExited: Bool {
        if status == nil { status = ChildSpawn.waitStatusIfEnded(pid) }
        return status != nil
    }

    /// Sends `signal` to the child (nothing once it has been reaped).
    func send(_ signal: Int32) {
        if status == nil { kill(pid, signal) }
    }

    /// Waits for the child to exit and returns its wait status.
    @discardableResult
    func waitForExit() -> Int32 {
        if let status { return status }
        let raw = ChildSpawn.waitForWaitStatus(pid)
        status = raw
        return raw
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            waitForExit()
        }
    }
}
