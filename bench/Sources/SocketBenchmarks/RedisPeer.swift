import BenchmarkSupport
import CBenchmarkTools

#if canImport(Glibc)
    import Glibc
#endif

/// redis-server on its own Unix socket (no TCP port, no persistence) in a temporary directory, and
/// redis-benchmark's PING against it: the peer of the request-rate rows, started and stopped by the
/// benchmark.
final class RedisPeer {
    let directory: TemporaryDirectory
    let socketPath: String
    let server: ChildProcess
    private let benchmarkPath: String

    /// Starts redis-server and waits (up to 10 s) for its socket.
    init() throws(BenchmarkFailure) {
        guard let serverPath = executablePath("redis-server"), let benchmarkPath = executablePath("redis-benchmark")
        else {
            throw BenchmarkFailure(
                "redis-server or redis-benchmark is not installed (apt-get install -y redis-server redis-tools)")
        }
        guard let directory = TemporaryDirectory(prefix: "transitiond-bench-redis") else {
            throw BenchmarkFailure("Failed to create a directory under /tmp")
        }
        self.directory = directory
        self.benchmarkPath = benchmarkPath
        socketPath = directory.path + "/redis.sock"
        let arguments = [
            "--port", "0", "--unixsocket", socketPath, "--unixsocketperm", "700", "--save", "", "--appendonly", "no",
            "--dir", directory.path,
        ]
        do {
            server = try ChildProcess(serverPath, arguments, outputPath: directory.path + "/redis.log")
        } catch {
            throw BenchmarkFailure("\(error)")
        }
        let deadline = monotonicSeconds() + 10
        while !bench_socket_accepts(socketPath) {
            guard server.wait(timeoutSeconds: 0) == nil, monotonicSeconds() < deadline else {
                let log = TextFile.tail(TextFile.read(directory.path + "/redis.log") ?? "", lines: 3)
                server.terminate(graceSeconds: 1)
                throw BenchmarkFailure("redis-server did not start: \(log)")
            }
            usleep(5_000)
        }
    }

    deinit { server.terminate(graceSeconds: 5) }

    /// The redis-benchmark command line for PING with `clients` connections, `requests` in all, `pipeline`
    /// requests in flight per connection.
    func command(clients: Int, requests: Int, pipeline: Int) -> [String] {
        [
            "-s", socketPath, "-c", String(clients), "-n", String(requests), "-P", String(pipeline), "-t",
            "ping_mbulk", "--csv",
        ]
    }

    /// Runs redis-benchmark's PING test in the RESP form clients send (`PING_MBULK`); returns its requests
    /// per second.
    func ping(clients: Int, requests: Int, pipeline: Int) -> Result<Double, BenchmarkFailure> {
        let output = directory.path + "/redis-benchmark.csv"
        let run: (status: Int32?, output: String)
        do {
            run = try ChildProcess.run(
                benchmarkPath, command(clients: clients, requests: requests, pipeline: pipeline), outputPath: output,
                timeoutSeconds: 120)
        } catch {
            return .failure(BenchmarkFailure("\(error)"))
        }
        var rates: [String: Double] = [:]
        for line in run.output.split(separator: "\n") {
            let fields = line.split(separator: ",").map { $0.replacingQuotes() }
            if fields.count >= 2, let rate = Double(fields[1]) { rates[fields[0]] = rate }
        }
        guard ChildProcess.succeeded(run.status), let rate = rates["PING_MBULK"] else {
            return .failure(BenchmarkFailure("redis-benchmark failed: \(TextFile.tail(run.output, lines: 3))"))
        }
        return .success(rate)
    }

    /// How many requests make one redis-benchmark run last about `seconds`: a short run (20,000 requests)
    /// gives the rate.
    func requests(forSeconds seconds: Double, clients: Int, pipeline: Int) -> Result<Int, BenchmarkFailure> {
        ping(clients: clients, requests: 20_000 * max(pipeline / 8, 1), pipeline: pipeline).map { rate in
            max(Int(rate * seconds), 10_000)
        }
    }
}

extension Substring {
    /// The text without double quotes.
    fileprivate func replacingQuotes() -> String { String(filter { $0 != "\"" }) }
}
