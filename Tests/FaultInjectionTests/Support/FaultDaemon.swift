import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The real `transitiond` binary (the one `swift build` puts beside the test binary), started on a
/// ``ScratchDirectory``: `--socket DIR/io.transitiond --state-directory DIR/state`, its standard output
/// and error appended to `DIR/transitiond.log`. Several daemons may be started one after another on one
/// directory (a restart after `kill -9` reads the same state).
final class FaultDaemon: @unchecked Sendable {
    /// The directory it runs on.
    let directory: ScratchDirectory
    /// The daemon's process (it is the child itself: a command in front must `exec` it).
    private let child: ChildCommand
    /// Where this daemon's part of the shared log starts.
    private let logOffset: Int

    /// Starts the daemon and returns once it has written "Listening on <socket>" and "Ready" (its stacks
    /// are restored then).
    ///
    /// - Parameters:
    ///   - arguments: added after the socket and state directory options.
    ///   - prefix: a command that runs the daemon by `exec` (such as `nsenter -t PID -m`), so that the
    ///     process started is the daemon.
    init(
        directory: ScratchDirectory, arguments: [String] = [], prefix: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        guard let executable = BuiltProducts.transitiond else {
            throw HarnessFailure(BuiltProducts.missingDaemonMessage)
        }
        self.directory = directory
        let logPath = directory.file("transitiond.log")
        logOffset = Self.read(logPath).count
        let command =
            prefix + [executable, "--socket", directory.socketPath, "--state-directory", directory.stateDirectory]
            + arguments
        child = try ChildCommand(command, environment: environment, outputPath: logPath)
        let listening = "Listening on \(directory.socketPath)"
        let started = Deadline.waitUntil {
            let log = self.log
            return (log.contains(listening) && log.contains("Ready")) || self.child.hasExited
        }
        guard started, !child.hasExited else {
            let log = self.log
            child.send(SIGKILL)
            throw HarnessFailure("transitiond did not start: \(log)")
        }
    }

    /// The daemon's process id.
    var pid: pid_t { child.pid }

    /// What this daemon wrote to its log so far.
    var log: String {
        String(decoding: Self.read(directory.file("transitiond.log")).dropFirst(logOffset), as: UTF8.self)
    }

    /// Whether the daemon has exited.
    var hasExited: Bool { child.hasExited }

    /// Sends `signal` to the daemon.
    func send(_ signal: Int32) { child.send(signal) }

    /// `kill -9`, then waits until it is gone.
    func kill() {
        child.send(SIGKILL)
        child.waitForExit()
    }

    /// SIGTERM; waits for the exit and returns its wait status.
    @discardableResult
    func stop() -> Int32 {
        child.send(SIGTERM)
        return child.waitForExit()
    }

    /// A connection to the daemon's socket.
    func connect() throws -> VarlinkClient { try VarlinkClient(path: directory.socketPath) }

    /// The file's bytes (empty when it cannot be read).
    static func read(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    deinit {
        if !child.hasExited { stop() }
    }
}
