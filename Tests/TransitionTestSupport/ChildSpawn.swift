import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Starts child processes for tests with `posix_spawn`: an explicit environment, standard descriptors
/// set up as asked, no blocked signals and default dispositions whatever the test process has (it may
/// block or ignore some, SIGPIPE among them, and both survive exec).
///
/// By default a child is tied to the test process (`Tie`): it is started through `setpriv --pdeathsig
/// KILL`, so the kernel kills it when the test process dies, even by SIGKILL or a crash, and a killed
/// test run leaves no daemon behind.
public enum ChildSpawn {
    /// What the child dies with.
    ///
    /// The kernel sends the parent-death signal when the *thread* that started the child ends, not the
    /// process, so a child tied to the process is started from one thread that lives as long as the
    /// process (`SpawningThread`), never from a pool thread that may end when idle.
    public enum Tie: Sendable {
        /// The test process: started from `SpawningThread`.
        case process
        /// The calling thread, which it is started from: for a child that must start there (the thread
        /// has entered a mount namespace of its own, say) and ends before the thread does.
        case callingThread
        /// Nothing: it outlives the test process unless stopped.
        case none
    }

    /// Where one of the child's standard descriptors comes from.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created with mode 0600 if missing; `append` keeps what it holds, otherwise it is
        /// truncated.
        case file(String, append: Bool)
        /// A descriptor of this process (a pipe's or socket pair's end), duplicated onto the child's.
        case descriptor(Int32)
        /// The same as the child's standard output (for standard error only).
        case standardOutput
        /// This process's own descriptor of that number.
        case inherited
    }

    /// A failure to start the child.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with the program's name and the system's reason.
        public let description: String
    }

    /// The command tied children run under: it sets the parent-death signal, then executes the rest.
    public static let tyingPrefix = ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--"]

    /// Starts `command` (`command[0]` is a path, or a name looked up in `PATH` of this process) with
    /// exactly `environment` (`NAME=value` entries), and returns its process id.
    ///
    /// - Parameters:
    ///   - descriptors: more descriptors for the child, as (this process's, the child's number); they are
    ///     duplicated after the standard three.
    ///   - tie: what the child dies with.
    public static func spawn(
        _ command: [String], environment: [String], standardInput: Stream = .null,
        standardOutput: Stream = .null, standardError: Stream = .standardOutput,
        descriptors: [(from: Int32, to: Int32)] = [], tie: Tie = .process
    ) throws -> pid_t {
        precondition(!command.isEmpty, "ChildSpawn.spawn needs a program")
        let program = command[0].contains("/") ? command[0] : try searchPath(for: command[0])
        let arguments = (tie == .none ? [] : tyingPrefix) + [program] + command.dropFirst()
        let spawn = { () -> Int32 in
            var pid: pid_t = 0
            let result = spawnNow(
                arguments, environment: environment, streams: [standardInput, standardOutput, standardError],
                descriptors: descriptors, pid: &pid)
            return result == 0 ? pid : -result
        }
        let outcome = tie == .process ? SpawningThread.shared.run(spawn) : spawn()
        guard outcome > 0 else {
            throw Failure(description: "posix_spawn \(command[0]): \(String(cString: strerror(-outcome)))")
        }
        return outcome
    }

    /// Waits for child `pid` to end; returns its exit status, or 128 + N when signal N ended it (the
    /// shell's rule).
    public static func waitForExit(_ pid: pid_t) -> Int32 {
        exitCode(waitStatus: waitForWaitStatus(pid))
    }

    /// Waits for child `pid` to end; returns its raw `waitpid` status.
    public static func waitForWaitStatus(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Reaps child `pid` if it has ended, without waiting: its raw `waitpid` status, or nil while it runs.
    public static func waitStatusIfEnded(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? status : nil
    }

    /// A raw `waitpid` status as an exit code: the exit status, or 128 + N for signal N.
    public static func exitCode(waitStatus status: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, written out (the macros are not imported).
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The first executable `name` in this process's `PATH` (`ChildProcess.searchPath`).
    static func searchPath(for name: String) throws -> String {
        guard let path = ChildProcess.find([name]) else {
            throw Failure(description: "\(name) is not in PATH (\(ChildProcess.searchPath))")
        }
        return path
    }

    /// `posix_spawn` on the calling thread; returns its result (0 or an error number).
    private static func spawnNow(
        _ arguments: [String], environment: [String], streams: [Stream], descriptors: [(from: Int32, to: Int32)],
        pid: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in streams.enumerated() {
            let target = Int32(number)
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path, let append):
                let flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .standardOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, target)
            case .inherited:
                break
            }
        }
        for (from, to) in descriptors { posix_spawn_file_actions_adddup2(&actions, from, to) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        return posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    }
}
