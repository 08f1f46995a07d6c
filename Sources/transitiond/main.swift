import TransitionDaemon
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

// Synchronous on purpose: the signals are blocked on the main thread before any other thread exists,
// and the main thread alone takes them (TerminationSignals).
TerminationSignals.block()

/// Writes a line to standard error, unbuffered.
func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let commandLine: DaemonCommandLine
do {
    commandLine = try DaemonCommandLine(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("transitiond: \(error)")
    exit(2)
}
switch commandLine.action {
case .help:
    print(DaemonCommandLine.usage, terminator: "")
    exit(0)
case .version:
    print("transitiond \(DaemonServer.version)")
    exit(0)
case .serve:
    break
}

var environment: [String: String] = [:]
if let runtime = getenv("XDG_RUNTIME_DIR") { environment["XDG_RUNTIME_DIR"] = String(cString: runtime) }
guard
    let socketPath = commandLine.socketPath
        ?? DaemonCommandLine.defaultSocketPath(isRoot: geteuid() == 0, environment: environment)
else {
    printError("transitiond: XDG_RUNTIME_DIR is not set; pass --socket PATH")
    exit(2)
}

var configuration = ServingConfiguration(
    listening: .path(socketPath, mode: ServingConfiguration.defaultSocketMode),
    stateDirectory: commandLine.stateDirectory)
configuration.framesPerSecond = commandLine.framesPerSecond ?? 60
configuration.service.log = ServiceLog(minimumPriority: .info) { entry in
    printError("transitiond: \(entry.message)")
}
let startConfiguration = configuration

let started = SynchronousWait.run { () -> Result<DaemonServer, ServingError> in
    do throws(ServingError) {
        return .success(try await DaemonServer.start(startConfiguration))
    } catch {
        return .failure(error)
    }
}
let daemon: DaemonServer
switch started {
case .success(let server): daemon = server
case .failure(let error):
    printError("transitiond: \(error.message)")
    exit(1)
}
printError("transitiond: listening on \(daemon.socketPath ?? socketPath)")
let signal = TerminationSignals.wait()
printError("transitiond: received signal \(signal), stopping")
SynchronousWait.run { await daemon.stop() }
exit(0)
