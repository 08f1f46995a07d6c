import SystemPrimitives
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl web` started as its own process against a daemon's socket, with the URL it printed.
final class WebServerProcess: @unchecked Sendable {
    /// The process.
    let child: ChildProcess
    /// The URL it printed (`http://127.0.0.1:PORT/?token=…`).
    let url: String
    /// The port.
    let port: Int
    /// The token.
    let token: String

    /// Starts `transitionctl web --socket SOCKET ARGUMENTS…` and returns once it printed its URL.
    static func start(socket: String, _ arguments: [String] = []) async throws -> WebServerProcess {
        guard let executable = BuiltProducts.transitionctl else { throw HarnessFailure(BuiltProducts.missingMessage) }
        let child = try ChildProcess(
            executable: executable, arguments: ["web", "--socket", socket] + arguments,
            directory: RepositoryFiles.path("."), environment: ["PATH=\(ChildProcess.searchPath)", "LC_ALL=C"])
        let line = await SystemThread.run { child.readOutputLine() }
        // http://127.0.0.1:PORT/?token=TOKEN
        let prefix = "http://127.0.0.1:"
        let parts = line?.dropFirst(prefix.count).split(separator: "/?token=", maxSplits: 1) ?? []
        guard let line, line.hasPrefix(prefix), parts.count == 2, let port = Int(parts[0]) else {
            let result = await child.finish()
            throw HarnessFailure("transitionctl web did not print its URL: \(result.errors)")
        }
        return WebServerProcess(child: child, url: line, port: port, token: String(parts[1]))
    }

    private init(child: ChildProcess, url: String, port: Int, token: String) {
        self.child = child
        self.url = url
        self.port = port
        self.token = token
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Sends SIGTERM and waits for the process to end.
    func stop() async -> ChildProcess.Result {
        child.send(signal: SIGTERM)
        return await child.finish()
    }
}

/// One HTTP exchange through `curl` (the Debian package), which sends exactly the headers it is given.
struct HTTPExchange: Sendable {
    /// The status code; 0 when curl could not connect.
    var status: Int
    /// The body.
    var body: String

    /// Fetches `url` with `method`, `headers` (`Name: value`) and `body`.
    static func run(_ url: String, method: String = "GET", headers: [String] = [], body: String? = nil) async throws
        -> HTTPExchange
    {
        var arguments = ["-s", "-g", "-X", method, "-w", "\n%{http_code}"]
        for header in headers { arguments += ["-H", header] }
        if let body { arguments += ["--data-binary", body] }
        let child = try ChildProcess(
            executable: ChildProcess.find(["curl"]) ?? "/usr/bin/curl", arguments: arguments + [url],
            environment: ["PATH=\(ChildProcess.searchPath)"])
        let result = await child.finish()
        let output = result.output
        guard let newline = output.lastIndex(of: "\n") else { return HTTPExchange(status: 0, body: output) }
        return HTTPExchange(
            status: Int(output[output.index(after: newline)...]) ?? 0, body: String(output[..<newline]))
    }

    /// POSTs `body` as JSON to `/api/<method>` of `server` with its token.
    static func call(_ server: WebServerProcess, _ method: String, _ body: String) async throws -> HTTPExchange {
        try await run(
            server.address("/api/\(method)?token=\(server.token)"), method: "POST",
            headers: ["Content-Type: application/json"], body: body)
    }
}
