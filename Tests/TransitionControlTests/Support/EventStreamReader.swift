import SystemPrimitives
import TransitionTestSupport

/// Server-Sent Events read from `curl -N`'s output, one event at a time (HTML § 9.2.6 in the small:
/// `event:` and `data:` lines up to a blank line; comments and `retry:` skipped).
final class EventStreamReader: @unchecked Sendable {
    /// One event.
    struct Event: Sendable, Equatable {
        /// The `event:` name; `message` when none was given.
        var name: String
        /// The `data:` lines.
        var data: [String]
    }

    /// The `curl` process.
    let child: ChildProcess

    /// Starts `curl -N URL`.
    init(_ url: String) throws {
        child = try ChildProcess(
            executable: ChildProcess.find(["curl"]) ?? "/usr/bin/curl", arguments: ["-s", "-N", "-g", url],
            environment: ["PATH=\(ChildProcess.searchPath)"])
    }

    /// The next event, on a thread of its own; nil when the stream ended.
    func next() async -> Event? {
        await SystemThread.run { self.nextBlocking() }
    }

    /// ``next()`` on the calling thread.
    func nextBlocking() -> Event? {
        var name = "message"
        var data: [String] = []
        var sawField = false
        while let line = child.readOutputLine() {
            if line.isEmpty {
                if sawField { return Event(name: name, data: data) }
                continue
            }
            if line.hasPrefix(":") { continue }
            if line.hasPrefix("event: ") {
                name = String(line.dropFirst("event: ".count))
                sawField = true
            } else if line.hasPrefix("data: ") {
                data.append(String(line.dropFirst("data: ".count)))
                sawField = true
            }
        }
        return nil
    }

    /// Ends curl and reaps it.
    func stop() async {
        child.send(signal: 15)  // SIGTERM
        _ = await child.finish()
    }
}
