import SystemPrimitives

/// The service's subscription pumps: one `SubscriptionPump` thread per processor, so that sampling,
/// encoding and writing subscribers' frames can use every core instead of one (the JSON of a 13-node
/// frame alone takes 7–11 µs: `core.frame.json.slide.push` in docs/benchmarks.md).
///
/// Each stream is handed to one pump when it starts (`next()`, in turn) and stays with it: its frames and
/// events are drained by that one thread, in order, as with a single pump. Streams of one stack may land
/// on different pumps; what they share (the stack's frame JSON cache) is locked.
final class SubscriptionPumps: Sendable {
    /// The pumps, their threads named as ``threadName(forPump:)`` says.
    let pumps: [SubscriptionPump]
    private let turn = Locked(0)

    /// `count` pumps (at least 1), each looking again at held-back streams after `retryMilliseconds`.
    init(count: Int, retryMilliseconds: Int) {
        pumps = (0..<max(count, 1)).map {
            SubscriptionPump(name: Self.threadName(forPump: $0), retryMilliseconds: retryMilliseconds)
        }
    }

    /// The name of pump `index`'s thread: `transitiond-p0`, `transitiond-p1`… The kernel keeps 15 bytes
    /// of a thread's name, so the index stays whole up to 99 (past it, names repeat).
    static func threadName(forPump index: Int) -> String { "transitiond-p\(index)" }

    /// One pump per online processor.
    static var defaultCount: Int { SystemThread.onlineProcessorCount }

    /// The pump for a new stream: each in turn.
    func next() -> SubscriptionPump {
        let index = turn.withLock { turn in
            defer { turn = (turn + 1) % pumps.count }
            return turn
        }
        return pumps[index]
    }

    /// Streams the pumps know by token, over all pumps: those not yet found ended (tests).
    var registeredStreamCount: Int { pumps.reduce(0) { $0 + $1.registeredStreamCount } }

    /// Drains what every pump has listed, then ends their threads and waits for them.
    func stop() {
        for pump in pumps { pump.stop() }
    }
}
