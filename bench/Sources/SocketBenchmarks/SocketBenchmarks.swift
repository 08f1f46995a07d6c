import BenchmarkKit

/// The `sockets` group (issue 4): the real `transitiond` on a Unix socket under a C load generator, next
/// to redis-server's PING with redis-benchmark in the same run, and the latency from a gesture update to
/// the frame that shows it, how many stacks' frames it streams to subscribers, and what `transitionctl
/// web` costs per frame it relays and its page per frame it draws.
public enum SocketBenchmarks {
    /// The group; `benchDirectory` is the bench package, where the daemon is built.
    public static func group(benchDirectory: String) -> BenchmarkGroup {
        BenchmarkGroup(
            name: "sockets",
            summary: "transitiond over its Varlink socket: GetStack and oneway UpdateInteractive rates against "
                + "redis PING, UpdateInteractive- and MovePointer-to-frame latency, frames streamed to subscribers",
            benchmarks: RequestRateBenchmarks.benchmarks(benchDirectory: benchDirectory)
                + UpdateLatencyBenchmarks.benchmarks(benchDirectory: benchDirectory)
                + FrameDeliveryBenchmarks.benchmarks(benchDirectory: benchDirectory)
                + WebRelayBenchmarks.benchmarks(benchDirectory: benchDirectory)
                + WebPageBenchmarks.benchmarks(benchDirectory: benchDirectory)
        )
    }
}
