import BenchmarkSupport
import CBenchmarkTools
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The release `transitiond` for the resource figures: its own temporary directory with the socket, the
/// state directory and a configuration file that lets one user own `maximumStacks` stacks (the default
/// limit is 1,000 per user).
final class ResourceDaemon {
    let directory: TemporaryDirectory
    let socketPath: String
    let process: ChildProcess

    /// Starts `binary` with `environment` and, unless `waitForSocket` is false, returns once its socket
    /// accepts connections (at most 20 s).
    init(
        binary: String, maximumStacks: Int = 1_000, environment: [String: String] = [:], waitForSocket: Bool = true
    ) throws(BenchmarkFailure) {
        guard let directory = TemporaryDirectory(prefix: "transitiond-bench-resources") else {
            throw BenchmarkFailure("Failed to create a directory under /tmp")
        }
        self.directory = directory
        socketPath = directory.path + "/io.transitiond"
        let configuration = directory.path + "/transitiond.conf"
        // The idle-client figure opens 1,000 connections as one user, past the default 256.
        let limits = "[Limits]\nMaxStacksPerUser=\(maximumStacks)\nMaxConnectionsPerUser=4096\n"
        guard Self.write(limits, to: configuration) else {
            throw BenchmarkFailure("Failed to write \(configuration)")
        }
        let arguments = [
            "--socket", socketPath, "--state-directory", directory.path + "/state", "--config", configuration,
            "--frame-rate", "60",
        ]
        do {
            process = try ChildProcess(
                binary, arguments, environment: environment, outputPath: directory.path + "/transitiond.log")
        } catch {
            throw BenchmarkFailure("\(error)")
        }
        guard waitForSocket else { return }
        let deadline = monotonicSeconds() + 20
        while !bench_socket_accepts(socketPath) {
            guard process.wait(timeoutSeconds: 0) == nil, monotonicSeconds() < deadline else {
                process.terminate(graceSeconds: 1)
                throw BenchmarkFailure("transitiond did not start: \(log)")
            }
            usleep(5_000)
        }
    }

    /// Writes `text` to a new file at `path`; false when it cannot.
    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let written = fputs(text, file) >= 0
        return fclose(file) == 0 && written
    }

    /// The last lines of the daemon's log.
    var log: String { TextFile.tail(TextFile.read(directory.path + "/transitiond.log") ?? "", lines: 5) }

    deinit { process.terminate(graceSeconds: 10) }

    /// Sends `calls` (Varlink JSON texts) spread over `connections` connections, each on a thread of its
    /// own sending its share one after another and waiting for each reply, so that the daemon's group
    /// commit can put several into one write. Fails on any error reply.
    func send(_ calls: [String], connections: Int) throws(BenchmarkFailure) {
        let shares = (0..<connections).map { share in
            stride(from: share, to: calls.count, by: connections).map { calls[$0] }
        }
        let failures = FailureList()
        let path = socketPath
        let threads = shares.map { share in
            DedicatedThread.start {
                let message = withCStrings(share) { pointers -> String? in
                    var failure = [CChar](repeating: 0, count: 512)
                    let errors = bench_varlink_script(path, pointers, Int32(pointers.count), &failure, 512)
                    if errors < 0 {
                        return String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    }
                    return errors > 0 ? "\(errors) error replies" : nil
                }
                if let message { failures.append(message) }
            }
        }
        threads.forEach(DedicatedThread.join)
        if let first = failures.first { throw BenchmarkFailure("Failed to send the calls: \(first); \(log)") }
    }
}

/// Failures collected from several threads.
private struct FailureList: Sendable {
    private let messages = Locked<[String]>([])

    func append(_ message: String) { messages.withLock { $0.append(message) } }

    var first: String? { messages.withLock { $0.first } }
}
