import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The real `transitiond` on a socket and state directory that outlive it: stopped (SIGTERM) and
/// started again on the same ones, it restores its stacks, as after a restart by systemd.
final class RestartableDaemon: @unchecked Sendable {
    /// The socket's path.
    let socketPath: String
    private let directory: TemporaryDirectory
    private var pid: pid_t?
    private var starts = 0

    /// Starts the daemon in a fresh directory.
    init() throws {
        directory = try TemporaryDirectory()
        socketPath = directory.file("io.transitiond")
        try start()
    }

    /// Starts the daemon (again) and returns once it listens.
    func start() throws {
        guard let executable = BuiltProducts.transitiond else {
            throw HarnessFailure(BuiltProducts.missingDaemonMessage)
        }
        starts += 1
        let log = directory.file("transitiond-\(starts).log")
        let child = try ChildSpawn.spawn(
            [executable, "--socket", socketPath, "--state-directory", directory.file("state")],
            environment: ["PATH=/usr/bin:/bin"], standardError: .file(log, append: false))
        pid = child
        let listening = "Listening on \(socketPath)"
        let started = Deadline.waitUntil {
            (TextFile.read(log) ?? "").contains(listening) || ChildSpawn.waitStatusIfEnded(child) != nil
        }
        guard started, (TextFile.read(log) ?? "").contains(listening) else {
            throw HarnessFailure("transitiond did not start: \(TextFile.read(log) ?? "")")
        }
    }

    /// Stops the daemon with SIGTERM and waits for it; its state stays.
    func stop() {
        guard let pid else { return }
        kill(pid, SIGTERM)
        _ = ChildSpawn.waitForWaitStatus(pid)
        self.pid = nil
    }

    /// Stops the daemon and removes its directory.
    func remove() {
        stop()
        directory.remove()
    }

    deinit {
        remove()
    }
}
