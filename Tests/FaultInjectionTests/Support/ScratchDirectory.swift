import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under `/tmp` for one scenario: the daemon's socket, state directory and log live in
/// it, and it outlives every daemon started on it (a restart reads the same state).
///
/// A `TemporaryDirectory` that removes itself on deinit: each `FaultDaemon` holds the directory it runs
/// on, so the directory goes, with everything in it, only once the test and every daemon on it (stopped
/// in its own deinit) are done with it.
final class ScratchDirectory: Sendable {
    /// The directory.
    let directory: TemporaryDirectory

    /// Creates `/tmp/transitiond-faults.XXXXXX` (mode 0755).
    init() throws {
        let directory = try TemporaryDirectory(prefix: "transitiond-faults")
        guard chmod(directory.path, 0o755) == 0 else {
            let failure = HarnessFailure.systemCall("chmod \(directory.path)")
            directory.remove()
            throw failure
        }
        self.directory = directory
    }

    /// The directory's path.
    var path: String { directory.path }
    /// The socket every daemon started on this directory listens on.
    var socketPath: String { directory.file("io.transitiond") }
    /// The state directory every daemon started on this directory keeps its stacks in.
    var stateDirectory: String { directory.file("state") }

    /// `path/name`.
    func file(_ name: String) -> String { directory.file(name) }

    deinit {
        directory.remove()
    }
}
