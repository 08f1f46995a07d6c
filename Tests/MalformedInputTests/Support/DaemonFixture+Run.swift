import JSON
import TransitionTestSupport

/// What one case did to the daemon, as observed from outside.
struct CaseOutcome: Sendable {
    /// How the case's connection ended up.
    enum End: Sendable, Equatable {
        /// The daemon closed it (after the replies it sent).
        case closed
        /// It was still usable: the `GetStack` sent after the case was answered.
        case survived
        /// Something else: a reply beyond those expected, no answer in time, a wrong answer.
        case unexpected(String)
    }

    /// The replies read (as many as expected at most), as text.
    var replies: [String] = []
    var end: End = .unexpected("not run")
    /// The state before and after.
    var before: StateSnapshot
    var after: StateSnapshot?
    var daemonRunning = true
    /// The files of the state directory that the case changed, or "" (none).
    var filesChanged = ""
    /// Whether the watcher received a frame after the case had ended.
    var framesContinued = false
    /// What the watcher saw that it should not have, up to now.
    var disturbances: [String] = []
}

extension DaemonFixture {
    /// The call sent after a case whose connection must survive.
    static let probe = #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle"}}"#

    /// Sends the case's bytes on a new connection and observes everything the common checks need.
    func run(_ malformed: MalformedCase) throws -> CaseOutcome {
        var outcome = CaseOutcome(before: try snapshot())
        let files = StateDirectoryContents(directory: daemon.stateDirectory)
        let (connection, release) = try connect(as: malformed.client)
        defer { release() }
        // The daemon may close the connection before taking everything (a message over the limit):
        // what it replied is still readable, so a short write is no failure here.
        try connection.send(malformed.bytes)
        outcome.end = try observeEnd(of: malformed, on: connection, replies: &outcome.replies)
        let framesSoFar = watcher.record.frames
        outcome.daemonRunning = !daemon.hasExited
        if outcome.daemonRunning { outcome.after = try snapshot() }
        outcome.filesChanged = StateDirectoryContents(directory: daemon.stateDirectory).difference(from: files)
        outcome.framesContinued = watcher.waitForFrame(after: framesSoFar)
        outcome.disturbances = watcher.record.disturbances
        return outcome
    }

    private func observeEnd(
        of malformed: MalformedCase, on connection: RawConnection, replies: inout [String]
    ) throws -> CaseOutcome.End {
        for _ in malformed.replies {
            switch try connection.receive() {
            case .message(let bytes): replies.append(String(decoding: bytes, as: UTF8.self))
            case .closed: return .closed
            case .timedOut: return .unexpected("no reply within \(Deadline.failureTimeout)")
            }
        }
        switch malformed.fate {
        case .closed:
            switch try connection.receive() {
            case .closed: return .closed
            case .message(let bytes): return .unexpected("another reply: " + Self.shortened(bytes))
            case .timedOut: return .unexpected("still open after \(Deadline.failureTimeout)")
            }
        case .survives:
            guard try connection.send(Array(Self.probe.utf8) + [0]) else { return .closed }
            switch try connection.receive() {
            case .closed: return .closed
            case .timedOut: return .unexpected("GetStack not answered within \(Deadline.failureTimeout)")
            case .message(let bytes):
                let reply = try? JSONReader.parse(bytes)
                guard reply?["error"] == nil, reply?["parameters"]?["stack"]?["name"]?.stringValue == "idle" else {
                    return .unexpected("GetStack answered with " + Self.shortened(bytes))
                }
                return .survived
            }
        }
    }

    static func shortened(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(400), as: UTF8.self) + (bytes.count > 400 ? "…" : "")
    }
}
