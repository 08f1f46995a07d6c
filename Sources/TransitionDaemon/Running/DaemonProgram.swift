import SystemPrimitives
import SystemdSupport
import TaskPool
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// transitiond's main program, in the order of docs/systemd.md ("Wiring"): command line, systemd's
/// passed descriptors and watchdog, configuration, log, access mode, listening socket (stored with
/// systemd), user animators, engine and state, service and server, supervisor (`READY=1`), signals;
/// then it waits for SIGTERM or SIGINT and stops in the reverse order.
///
/// Of the three daemon types this is the process: it reads the command line and the configuration,
/// starts a `RunningDaemon`, waits for a signal and turns the outcome into an exit status.
///
/// ```swift
/// exit(DaemonProgram.run(arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
public enum DaemonProgram {
    /// Exit status of a clean stop, `--help` and `--version`.
    public static let success: Int32 = 0
    /// Exit status when the daemon cannot start: a bad configuration, a socket in use, an unusable
    /// state directory. The reasons are in the log (journald, or standard error).
    public static let startFailure: Int32 = 1
    /// Exit status of a bad command line (unknown option, missing or invalid value).
    public static let usageFailure: Int32 = 2

    /// Runs transitiond with `arguments` (without the program name) and returns its exit status. Call
    /// it from the main thread, synchronously, before anything else starts a thread.
    public static func run(arguments: [String]) -> Int32 {
        unblockHandledSignals()
        let commandLine: DaemonCommandLine
        do {
            commandLine = try DaemonCommandLine(arguments: arguments)
        } catch {
            writeStandardError("transitiond: \(error)")
            return usageFailure
        }
        switch commandLine.action {
        case .help:
            writeStandardOutput(DaemonCommandLine.usage)
            return success
        case .version:
            writeStandardOutput("transitiond \(DaemonServer.version)\n")
            return success
        case .serve:
            break
        }

        // First, before any thread: libsystemd unsets LISTEN_FDS and WATCHDOG_USEC here so that no child
        // process inherits them.
        let passed: ListenFileDescriptors
        let watchdog: Watchdog?
        do {
            passed = try ListenFileDescriptors(unsettingEnvironment: true)
            watchdog = try Watchdog.fromEnvironment(unsettingEnvironment: true)
        } catch {
            writeStandardError("transitiond: Failed to read the service manager's environment: \(error)")
            return startFailure
        }
        // Before any task: the daemon's tasks and default actors run on a pool that, unlike libdispatch's,
        // keeps no timer, so an idle daemon makes no wake-ups (docs/architecture.md, "Threads").
        TaskPool.installAsGlobalExecutor(name: "transitiond-job")

        let configuration: DaemonConfiguration
        do throws(DaemonConfigurationError) {
            configuration = try DaemonConfiguration.load(
                overrides: commandLine.overrides, socketIsPassed: !passed.descriptors.isEmpty)
        } catch {
            DaemonLog(instance: commandLine.overrides.instance).configurationRejected(error, keepingPrevious: false)
            return error.code == .invalidArgument ? usageFailure : startFailure
        }

        let daemon: RunningDaemon
        do {
            daemon = try RunningDaemon.start(
                configuration: configuration, overrides: commandLine.overrides, passed: passed, watchdog: watchdog)
        } catch {
            return startFailure
        }
        let signal = daemon.signals.waitForStopRequest()
        daemon.stop(signal: signal)
        return success
    }

    /// A parent may start the daemon with signals blocked (the mask is inherited across exec): then
    /// SIGTERM or SIGHUP would stay pending for ever. Unblocked here, on the main thread before any other
    /// thread exists, so every thread inherits the unblocked mask.
    static func unblockHandledSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Writes `text` to standard output, unbuffered.
    static func writeStandardOutput(_ text: String) {
        write(descriptor: 1, text)
    }

    /// Writes `line` and a newline to standard error, unbuffered.
    static func writeStandardError(_ line: String) {
        write(descriptor: 2, line + "\n")
    }

    private static func write(descriptor: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { writeAll(descriptor, $0) }
    }
}
