import Foundation
import TransitionTestSupport

/// Runs programs with an explicit environment, standard input from /dev/null, and standard output
/// and error captured. Spawned with posix_spawn from the calling thread, so a child inherits that
/// thread's mount namespace (see `PrivateJournal`), and with default signal dispositions and no
/// blocked signals whatever the test process has.
enum ChildProcess {
    struct Result {
        /// The exit status, or 128 + N when the child died of signal N.
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The test process's PATH.
    static var searchPath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin" }

    /// Starts `arguments[0]` (looked up in PATH); returns its pid and the read ends of its output pipes.
    static func start(
        _ arguments: [String],
        environment: [String: String]
    ) throws -> (pid: pid_t, output: Int32, error: Int32) {
        var output: [Int32] = [0, 0]
        var error: [Int32] = [0, 0]
        guard CloseOnExec.pipe(&output) == 0, CloseOnExec.pipe(&error) == 0 else { throw TestFailure("pipe: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        for descriptor in output + error { posix_spawn_file_actions_addclose(&actions, descriptor) }
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
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(output[1])
        close(error[1])
        guard result == 0 else {
            close(output[0])
            close(error[0])
            throw TestFailure("posix_spawnp \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return (pid, output[0], error[0])
    }

    /// Runs a program to completion.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let (pid, output, error) = try start(arguments, environment: environment ?? ["PATH": searchPath])
        // Standard error is read on another thread so that neither pipe can fill up and block the child.
        let errorText = LockedText()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            errorText.set(readAll(error))
            finished.signal()
        }.start()
        let outputText = readAll(output)
        finished.wait()
        close(output)
        close(error)
        return Result(status: wait(for: pid), standardOutput: outputText, standardError: errorText.get())
    }

    /// Waits for a child; the status as `Result.status` describes it.
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Reads a descriptor to its end.
    static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private final class LockedText: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) { lock.withLock { text = value } }
        func get() -> String { lock.withLock { text } }
    }
}
