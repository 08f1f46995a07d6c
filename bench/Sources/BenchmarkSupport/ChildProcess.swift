import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A program the benchmark starts (the daemon, redis-server, redis-benchmark, cyclictest, swift build),
/// with its standard output and error sent to files, stopped and reaped by the benchmark.
public final class ChildProcess {
    /// The process id.
    public let pid: pid_t
    /// The program's path or name, for messages.
    public let program: String
    private var exitStatus: Int32?

    /// A program that could not be started.
    public struct LaunchError: Error, CustomStringConvertible {
        /// The program.
        public let program: String
        /// errno's text.
        public let reason: String
        /// "Failed to start <program>: <reason>".
        public var description: String { "Failed to start \(program): \(reason)" }
    }

    /// Starts `program` (looked up in PATH when it has no slash) with `arguments`, the benchmark's
    /// environment plus `environment`, standard input from /dev/null and standard output and error appended
    /// to `outputPath` (or /dev/null).
    public init(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], outputPath: String? = nil
    ) throws(LaunchError) {
        self.program = program
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let output = outputPath ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked and default dispositions, whatever the bench's are.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var variables: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            index += 1
        }
        for (name, value) in environment { variables[name] = value }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let status =
            program.contains("/")
            ? posix_spawn(&child, program, &actions, &attributes, argv, envp)
            : posix_spawnp(&child, program, &actions, &attributes, argv, envp)
        guard status == 0 else { throw LaunchError(program: program, reason: String(cString: strerror(status))) }
        pid = child
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = wait(timeoutSeconds: 5)
        }
    }

    /// Sends `signal` to the process (if it has not been reaped).
    public func send(_ signal: Int32) {
        if exitStatus == nil { kill(pid, signal) }
    }

    /// Waits for the process to exit, up to `timeoutSeconds`; returns its wait status (waitpid(2)), or nil
    /// if it is still running.
    @discardableResult
    public func wait(timeoutSeconds: Double) -> Int32? {
        if let exitStatus { return exitStatus }
        let deadline = monotonicSeconds() + timeoutSeconds
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) {
                exitStatus = status
                return status
            }
            if monotonicSeconds() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// SIGTERM, then SIGKILL if it has not exited after `graceSeconds`; returns the wait status.
    @discardableResult
    public func terminate(graceSeconds: Double = 5) -> Int32? {
        send(SIGTERM)
        if let status = wait(timeoutSeconds: graceSeconds) { return status }
        send(SIGKILL)
        return wait(timeoutSeconds: 5)
    }

    /// Whether a wait status is a normal exit with status 0.
    public static func succeeded(_ status: Int32?) -> Bool {
        guard let status else { return false }
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }

    /// Runs `program` to completion (at most `timeoutSeconds`) and returns its wait status and output.
    public static func run(
        _ program: String, _ arguments: [String], outputPath: String, timeoutSeconds: Double
    ) throws(LaunchError) -> (status: Int32?, output: String) {
        unlink(outputPath)
        let child = try ChildProcess(program, arguments, outputPath: outputPath)
        var status = child.wait(timeoutSeconds: timeoutSeconds)
        if status == nil { status = child.terminate(graceSeconds: 2) }
        return (status, TextFile.read(outputPath) ?? "")
    }
}

/// CLOCK_MONOTONIC in seconds.
public func monotonicSeconds() -> Double {
    Double(MonotonicClock.now()) / 1e9
}

/// Finds `name` in PATH; nil when it is not installed.
public func executablePath(_ name: String) -> String? {
    guard let path = getenv("PATH") else { return nil }
    for directory in String(cString: path).split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}
