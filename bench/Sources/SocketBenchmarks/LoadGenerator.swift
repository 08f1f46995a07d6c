import BenchmarkSupport
import CBenchmarkTools

#if canImport(Glibc)
    import Glibc
#endif

/// The C load generator (CBenchmarkTools' `bench_load_run`) with the io.transitiond messages the rows send.
enum LoadGenerator {
    /// What a run sends.
    enum Workload {
        /// `GetStack` of the connection's own stack, one call at a time.
        case getStack
        /// `UpdateInteractive` oneway on the connection's own interactive pop, streamed, closed by one
        /// `UpdateInteractive` that is answered.
        case onewayUpdates
        /// Redis `PING` (inline form), one at a time: the same generator against redis, for comparison.
        case redisPing
    }

    /// A run's outcome: requests per second, error replies, and the figures behind them.
    struct Run {
        var requestsPerSecond: Double
        var requests: UInt64
        var errorReplies: UInt64
        var seconds: Double
    }

    static let createStack =
        #"{"method":"io.transitiond.CreateStack","parameters":{"name":"%s","width":375,"height":667,"root":"#
        + BenchmarkScreens.listJSON + "}}"
    static let pushWithoutAnimation =
        #"{"method":"io.transitiond.Push","parameters":{"stack":"%s","animated":false,"screen":"#
        + BenchmarkScreens.detailJSON + "}}"
    static let beginInteractivePop =
        #"{"method":"io.transitiond.BeginInteractive","parameters":{"stack":"%s","operation":"pop"}}"#
    static let getStack = #"{"method":"io.transitiond.GetStack","parameters":{"name":"%s"}}"#
    static let onewayUpdate =
        #"{"method":"io.transitiond.UpdateInteractive","parameters":{"stack":"%s","fraction":%.6f},"oneway":true}"#
    static let answeredUpdate =
        #"{"method":"io.transitiond.UpdateInteractive","parameters":{"stack":"%s","fraction":0.5}}"#

    /// Runs `workload` with `clients` connections to `socketPath`, each on its own stack named
    /// `<stackPrefix><index>` (created, and for oneway updates given an interactive pop, before the clock
    /// starts).
    static func run(
        _ workload: Workload, socketPath: String, clients: Int, seconds: Double, warmupSeconds: Double,
        stackPrefix: String
    ) -> Result<Run, BenchmarkFailure> {
        var setup: [String] = []
        var request = getStack
        var final = ""
        var pattern = bench_pattern_request_reply
        var protocolKind = bench_protocol_varlink
        switch workload {
        case .getStack:
            setup = [createStack]
        case .onewayUpdates:
            setup = [createStack, pushWithoutAnimation, beginInteractivePop]
            request = onewayUpdate
            final = answeredUpdate
            pattern = bench_pattern_oneway_stream
        case .redisPing:
            request = "PING\r\n"
            protocolKind = bench_protocol_redis
        }
        var result = bench_load_result()
        let status = withCStrings(setup + [socketPath, stackPrefix, request, final]) { pointers in
            var options = bench_load_options(
                socket_path: pointers[setup.count], protocol: protocolKind, pattern: pattern, clients: Int32(clients),
                warmup_seconds: warmupSeconds, seconds: seconds, stack_prefix: pointers[setup.count + 1],
                setup_templates: nil, setup_count: Int32(setup.count), setup_error_allowed: nil,
                request_template: pointers[setup.count + 2], final_template: pointers[setup.count + 3])
            return Array(pointers.prefix(setup.count)).withUnsafeBufferPointer { templates in
                options.setup_templates = templates.baseAddress
                return bench_load_run(&options, &result)
            }
        }
        guard status == 0 else {
            let failure = withUnsafeBytes(of: result.failure) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .failure(BenchmarkFailure("the load generator failed: \(failure)"))
        }
        guard result.seconds > 0 else { return .failure(BenchmarkFailure("the load generator measured no time")) }
        return .success(
            Run(
                requestsPerSecond: Double(result.requests) / result.seconds, requests: result.requests,
                errorReplies: result.error_replies, seconds: result.seconds))
    }
}
