import BenchmarkSupport
import CBenchmarkTools

#if canImport(Glibc)
    import Glibc
#endif

/// redis-server on its own Unix socket in a temporary directory (no TCP port, no persistence): the peer
/// of the resource figures. With a notify socket it runs `--supervised systemd` and reports READY=1
/// through it, as transitiond does.
final class RedisServer {
    let directory: TemporaryDirectory
    let socketPath: String
    let process: ChildProcess

    /// Where redis-server is, or nil when it is not installed.
    static var executable: String? { executablePath("redis-server") }

    /// Starts redis-server; with `notifySocket` returns at once (the caller waits for READY=1), else once
    /// its socket accepts connections (at most 10 s).
    init(notifySocket: String? = nil) throws(BenchmarkFailure) {
        guard let executable = Self.executable else {
            throw BenchmarkFailure("redis-server is not installed (apt-get install -y redis-server)")
        }
        guard let directory = TemporaryDirectory(prefix: "transitiond-bench-redis") else {
            throw BenchmarkFailure("Failed to create a directory under /tmp")
        }
        self.directory = directory
        socketPath = directory.path + "/redis.sock"
        var arguments = [
            "--port", "0", "--unixsocket", socketPath, "--unixsocketperm", "700", "--save", "", "--appendonly", "no",
            "--dir", directory.path, "--maxclients", "4000",
        ]
        var environment: [String: String] = [:]
        if let notifySocket {
            arguments += ["--supervised", "systemd"]
            environment["NOTIFY_SOCKET"] = notifySocket
        }
        do {
            process = try ChildProcess(
                executable, arguments, environment: environment, outputPath: directory.path + "/redis.log")
        } catch {
            throw BenchmarkFailure("\(error)")
        }
        guard notifySocket == nil else { return }
        let deadline = monotonicSeconds() + 10
        while !bench_socket_accepts(socketPath) {
            guard process.wait(timeoutSeconds: 0) == nil, monotonicSeconds() < deadline else {
                let log = TextFile.tail(TextFile.read(directory.path + "/redis.log") ?? "", lines: 3)
                process.terminate(graceSeconds: 1)
                throw BenchmarkFailure("redis-server did not start: \(log)")
            }
            usleep(5_000)
        }
    }

    deinit { process.terminate(graceSeconds: 5) }

    /// One RESP command (redis.io "RESP protocol specification": an array of bulk strings).
    static func command(_ words: [String]) -> [UInt8] {
        var bytes = Array("*\(words.count)\r\n".utf8)
        for word in words {
            let utf8 = Array(word.utf8)
            bytes += Array("$\(utf8.count)\r\n".utf8) + utf8 + Array("\r\n".utf8)
        }
        return bytes
    }

    /// SETs `values` under their keys on one connection, 100 commands pipelined at a time.
    func set(_ entries: [(key: String, value: String)]) throws(BenchmarkFailure) {
        guard let connection = UnixConnection(path: socketPath) else {
            throw BenchmarkFailure("Failed to connect to redis-server")
        }
        var start = 0
        while start < entries.count {
            let batch = entries[start..<min(start + 100, entries.count)]
            let bytes = batch.flatMap { Self.command(["SET", $0.key, $0.value]) }
            guard connection.send(bytes), connection.receive(until: Array("\r\n".utf8), count: batch.count) != nil
            else { throw BenchmarkFailure("redis-server did not answer SET") }
            start += batch.count
        }
    }
}
