import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl web` serving a daemon whose stacks each run one `slide` push stretched to 10 minutes
/// on the 6-node benchmark screens: what the `sockets.web` rows measure.
struct WebServerUnderBench {
    /// The daemon it serves.
    let daemon: DaemonProcess
    /// The server's process.
    let process: ChildProcess
    /// Its port on 127.0.0.1.
    let port: UInt16
    /// Its token.
    let token: Substring
    /// The stacks' names.
    let stacks: [String]
    /// Why the binaries are not fresh builds, when they are not (`DaemonBinary.Located.remark`): for the
    /// rows' notes.
    var binaryRemarks: [String] = []

    /// Finds the daemon's and transitionctl's binaries (`DaemonBinary`, `ControlBinary`), starts a daemon at
    /// `framesPerSecond` and the server in front of it (`start(daemon:control:stacks:arguments:)`); `stop()`
    /// ends both. Nothing is left running on a failure.
    static func launch(
        benchDirectory: String, framesPerSecond: Int, stacks count: Int, arguments: [String]
    ) -> Result<WebServerUnderBench, BenchmarkFailure> {
        let daemonBinary: DaemonBinary.Located
        let controlBinary: DaemonBinary.Located
        switch DaemonBinary.locate(benchDirectory: benchDirectory) {
        case .success(let located): daemonBinary = located
        case .failure(let error): return .failure(error)
        }
        switch ControlBinary.locate(benchDirectory: benchDirectory) {
        case .success(let located): controlBinary = located
        case .failure(let error): return .failure(error)
        }
        let daemon: DaemonProcess
        do {
            daemon = try DaemonProcess(binary: daemonBinary.path, framesPerSecond: framesPerSecond)
        } catch {
            return .failure(error)
        }
        switch start(daemon: daemon, control: controlBinary.path, stacks: count, arguments: arguments) {
        case .success(var served):
            served.binaryRemarks = [daemonBinary.remark, controlBinary.remark].compactMap { $0 }
            return .success(served)
        case .failure(let error):
            daemon.stop()
            return .failure(error)
        }
    }

    /// Defines the long slide, creates `stacks` stacks (`web0`, `web1`, …) pushing, and starts the
    /// server with `arguments`; returns once it printed its URL.
    static func start(
        daemon: DaemonProcess, control: String, stacks count: Int, arguments: [String]
    ) -> Result<WebServerUnderBench, BenchmarkFailure> {
        let log = daemon.directory.path + "/transitionctl.log"
        func run(_ arguments: [String]) -> Bool {
            let outcome = try? ChildProcess.run(
                control, ["--socket", daemon.socketPath, "-q"] + arguments, outputPath: log, timeoutSeconds: 30)
            return ChildProcess.succeeded(outcome?.status)
        }
        guard run(["define-animator", BenchmarkAnimators.longSlideJSON]) else {
            return .failure(BenchmarkFailure("define-animator failed: \(TextFile.read(log) ?? "")"))
        }
        var stacks: [String] = []
        for index in 0..<count {
            let name = "web\(index)"
            guard
                run(["create-stack", name, BenchmarkScreens.listJSON, "--size", "375x667"]),
                run(["push", name, BenchmarkScreens.detailJSON, "--animator", BenchmarkAnimators.longSlideName])
            else {
                return .failure(BenchmarkFailure("creating stack \(name) failed: \(TextFile.read(log) ?? "")"))
            }
            stacks.append(name)
        }
        let webLog = daemon.directory.path + "/web.log"
        let web: ChildProcess
        do {
            web = try ChildProcess(
                control, ["web", "--socket", daemon.socketPath, "--port", "0"] + arguments, outputPath: webLog)
        } catch {
            return .failure(BenchmarkFailure("\(error)"))
        }
        // The URL is the server's first line of output.
        var url: Substring?
        let deadline = monotonicSeconds() + 20
        while url == nil && monotonicSeconds() < deadline {
            url = (TextFile.read(webLog) ?? "").split(separator: "\n").first { $0.hasPrefix("http://127.0.0.1:") }
            if url == nil { usleep(10_000) }
        }
        guard let url, let colon = url.dropFirst("http://127.0.0.1:".count).split(separator: "/").first,
            let port = UInt16(colon), let token = url.split(separator: "=").last
        else {
            _ = web.terminate(graceSeconds: 5)
            return .failure(BenchmarkFailure("transitionctl web printed no URL: \(TextFile.read(webLog) ?? "")"))
        }
        return .success(WebServerUnderBench(daemon: daemon, process: web, port: port, token: token, stacks: stacks))
    }

    /// The page's URL.
    var url: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// Stops the server, then the daemon.
    func stop() {
        _ = process.terminate(graceSeconds: 5)
        daemon.stop()
    }
}
