import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under `/tmp` for one scenario: the daemon's socket, state directory and log live in
/// it, and it outlives every daemon started on it (a restart reads the same state). Removed on deinit.
final class ScratchDirectory: @unchecked Sendable {
    /// The directory's path.
    let path: String

    /// Creates `/tmp/transitiond-faults.XXXXXX` (mode 0755).
    init() throws {
        var template = Array("/tmp/transitiond-faults.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw HarnessFailure.systemCall("mkdtemp") }
        path = String(cString: created)
        guard chmod(path, 0o755) == 0 else { throw HarnessFailure.systemCall("chmod \(path)") }
    }

    /// The socket every daemon started on this directory listens on.
    var socketPath: String { path + "/io.transitiond" }
    /// The state directory every daemon started on this directory keeps its stacks in.
    var stateDirectory: String { path + "/state" }

    /// `path/name`.
    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        _ = try? ChildCommand.run(["/bin/rm", "-rf", path])
    }
}
