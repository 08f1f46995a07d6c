import Foundation
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion with an explicit environment and returns its exit status
/// and standard output. Spawned with posix_spawn from the calling thread, so the child
/// inherits that thread's mount namespace (see `PrivateJournal`).
struct ChildProcess {
    struct Result {
        /// The exit status, or 128 + N when the child died of signal N (the shell's rule).
        var status: Int32
        var standardOutput: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The test process's PATH, for finding `journalctl`, `unshare`, `python3` …
    static var searchPath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

    /// Starts `arguments[0]` (looked up in `PATH`), with standard input from /dev/null and
    /// standard output on a pipe, and
    /// returns its process id and the pipe's read end.
    static func start(
        _ arguments: [String],
        environment: [String: String]
    ) throws -> (pid: pid_t, output: Int32) {
        var outputPipe: [Int32] = [0, 0]
        guard CloseOnExec.pipe(&outputPipe) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, outputPipe[0])
        posix_spawn_file_actions_addclose(&actions, outputPipe[1])
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The child starts with no blocked signals and default dispositions: the test
        // process may block or ignore some (SIGPIPE), and both survive exec.
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
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(outputPipe[1])
        guard result == 0 else {
            close(outputPipe[0])
            throw Failure(description: "posix_spawnp \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return (pid, outputPipe[0])
    }

    /// Runs the program and waits for it.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Result {
        let (pid, output) = try start(arguments, environment: environment)
        let text = readAll(output)
        close(output)
        return Result(status: wait(for: pid), standardOutput: text)
    }

    /// Waits for a child and returns its status as `Result.status` describes.
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    static func readAll(_ fileDescriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
