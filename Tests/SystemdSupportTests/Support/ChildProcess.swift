import Foundation
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion with an explicit environment and returns its exit status
/// and standard output, through `ChildSpawn`. `run` spawns from the calling thread, so the child
/// inherits that thread's mount namespace (see `PrivateJournal`); `start` from the thread its `tie`
/// says.
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
        environment: [String: String], tie: ChildSpawn.Tie = .process
    ) throws -> (pid: pid_t, output: Int32) {
        var outputPipe: [Int32] = [0, 0]
        guard CloseOnExec.pipe(&outputPipe) == 0 else {
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        let pid: pid_t
        do {
            pid = try ChildSpawn.spawn(
                arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                standardOutput: .descriptor(outputPipe[1]), standardError: .inherited, tie: tie)
        } catch {
            close(outputPipe[0])
            close(outputPipe[1])
            throw Failure(description: "\(error)")
        }
        close(outputPipe[1])
        return (pid, outputPipe[0])
    }

    /// Runs the program and waits for it.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Result {
        // Tied to this thread, which waits for the child: it starts in this thread's mount namespace.
        let (pid, output) = try start(arguments, environment: environment, tie: .callingThread)
        let text = readAll(output)
        close(output)
        return Result(status: wait(for: pid), standardOutput: text)
    }

    /// Waits for a child and returns its status as `Result.status` describes.
    static func wait(for pid: pid_t) -> Int32 { ChildSpawn.waitForExit(pid) }

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
