import Foundation
import TransitionTestSupport

/// The built `transitiond` run as a child process with a chosen environment, its standard error in a
/// file (so that its log can never fill a pipe and block it).
final class DaemonBinary {
    let directory: TemporaryDirectory
    let socketPath: String
    let logPath: String
    let pid: pid_t
    private var exitStatus: Int32?
    /// Whether the directory was made here (and is removed with the daemon).
    private let ownsDirectory: Bool

    /// Starts `transitiond --socket DIR/io.transitiond --state-directory DIR/state ARGUMENTS` with
    /// `environment` (and PATH), or `command` in front (such as systemd-socket-activate). A `directory`
    /// given stays when the daemon is gone; one made here is removed. `tie` says what the daemon dies
    /// with: the test process, or the calling thread for one started in a mount namespace of that
    /// thread's (`PrivateJournal`).
    init(
        arguments: [String] = [], environment: [String: String] = [:], command: [String] = [],
        directory: TemporaryDirectory? = nil, socketOption: Bool = true, tie: ChildSpawn.Tie = .process
    ) throws {
        guard let executable = BuiltProducts.transitiond else {
            throw HarnessFailure(BuiltProducts.missingDaemonMessage)
        }
        self.directory = try directory ?? TemporaryDirectory()
        ownsDirectory = directory == nil
        socketPath = self.directory.file("io.transitiond")
        logPath = self.directory.file("transitiond.log")
        let locations =
            socketOption
            ? ["--socket", socketPath, "--state-directory", self.directory.file("state")]
            : ["--state-directory", self.directory.file("state")]
        let variables = ["PATH": CapturedProcess.searchPath].merging(environment) { $1 }
        do {
            pid = try ChildSpawn.spawn(
                command + [executable] + locations + arguments,
                environment: variables.map { "\($0.key)=\($0.value)" },
                standardError: .file(logPath, append: true), tie: tie)
        } catch {
            throw HarnessFailure("\(error)")
        }
    }

    /// What the daemon wrote to standard error so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits until the socket answers a call (or the daemon exits); false if it never does.
    func waitUntilServing() -> Bool {
        return Polling.until {
            VarlinkCall.call(socketPath, "org.varlink.service.GetInfo") != nil || hasExited
        } && !hasExited
    }

    /// Whether the daemon exited (reaping it without waiting).
    var hasExited: Bool {
        if exitStatus == nil { exitStatus = ChildSpawn.waitStatusIfEnded(pid) }
        return exitStatus != nil
    }

    /// Sends `signal`.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the exit and returns the exit code (128 + signal when killed).
    func waitForExit() -> Int32 {
        if exitStatus == nil { exitStatus = ChildSpawn.waitForWaitStatus(pid) }
        return ChildSpawn.exitCode(waitStatus: exitStatus ?? 0)
    }

    deinit {
        if !hasExited {
            kill(pid, SIGKILL)
            _ = waitForExit()
        }
        if ownsDirectory { directory.remove() }
    }
}

/// One Varlink call on a fresh connection: the reply's JSON text, or nil when the daemon is not
/// there or did not answer within the bound.
enum VarlinkCall {
    /// `more` asks for a stream of replies (`Subscribe`); only the first is read, then the connection
    /// closes.
    static func call(_ path: String, _ method: String, _ parameters: String = "{}", more: Bool = false) -> String? {
        let descriptor = CloseOnExec.unixStreamSocket()
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return nil }
        let stream = more ? #","more":true"# : ""
        let message = Array("{\"method\":\"\(method)\",\"parameters\":\(parameters)\(stream)}".utf8) + [0]
        guard
            message.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == message.count
        else { return nil }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while !reply.contains(0) {
            guard poll(&ready, 1, 20_000) > 0 else { return nil }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            reply += chunk[..<count]
        }
        return String(decoding: reply.prefix { $0 != 0 }, as: UTF8.self)
    }
}
