import Foundation
import TransitionTestSupport

/// Runs programs with an explicit environment, standard input from /dev/null, and standard output
/// and error captured, through `ChildSpawn` (default signal dispositions and no blocked signals whatever
/// the test process has). `run` spawns from the calling thread, so a child inherits that thread's mount
/// namespace (see `PrivateJournal`); `start` from the thread its `tie` says.
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
        environment: [String: String], tie: ChildSpawn.Tie = .process
    ) throws -> (pid: pid_t, output: Int32, error: Int32) {
        var output: [Int32] = [0, 0]
        var error: [Int32] = [0, 0]
        guard CloseOnExec.pipe(&output) == 0, CloseOnExec.pipe(&error) == 0 else {
            throw HarnessFailure("pipe: \(errno)")
        }
        let pid: pid_t
        do {
            pid = try ChildSpawn.spawn(
                arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                standardOutput: .descriptor(output[1]), standardError: .descriptor(error[1]), tie: tie)
        } catch let failure {
            for descriptor in output + error { close(descriptor) }
            throw HarnessFailure("\(failure)")
        }
        close(output[1])
        close(error[1])
        return (pid, output[0], error[0])
    }

    /// Runs a program to completion.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        // Tied to this thread, which waits for the child: it starts in this thread's mount namespace.
        let (pid, output, error) = try start(
            arguments, environment: environment ?? ["PATH": searchPath], tie: .callingThread)
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
    static func wait(for pid: pid_t) -> Int32 { ChildSpawn.waitForExit(pid) }

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
