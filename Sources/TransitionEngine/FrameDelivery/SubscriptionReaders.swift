import SystemPrimitives
import TransitionCore

/// The threads that read subscriptions into their sinks: one `SubscriptionReader` per processor by
/// default, so that sampling the frames and whatever the sinks do with them (the daemon: encoding and
/// writing each frame's JSON, 7–11 µs for 13 nodes, `core.frame.json.slide.push` in docs/benchmarks.md)
/// use every core instead of one.
///
/// Each sink is handed to one reader when it is attached (in turn) and stays with it: its items are taken
/// by that one thread, in order.
public final class SubscriptionReaders: Sendable {
    /// What readers have done since they were made.
    public struct Statistics: Sendable, Equatable {
        /// Frames handed to sinks (each one sampled).
        public var frames: UInt64 = 0
        /// Frames replaced before they were read, over the frames handed to sinks.
        public var missedFrames: UInt64 = 0
        /// Events handed to sinks.
        public var events: UInt64 = 0
        /// Passes over the subscriptions found ready (each after a wake-up or a retry).
        public var passes: UInt64 = 0

        /// Empty statistics.
        public init() {}

        /// The sum of two readers' statistics.
        public static func + (left: Statistics, right: Statistics) -> Statistics {
            var sum = left
            sum.frames += right.frames
            sum.missedFrames += right.missedFrames
            sum.events += right.events
            sum.passes += right.passes
            return sum
        }
    }

    /// The readers, their threads named as `threadName(forReader:prefix:)` says.
    let readers: [SubscriptionReader]
    private let turn = Locked(0)

    /// `count` readers (at least 1), their threads named `<threadNamePrefix><index>` and started at their
    /// first item, each looking again at sinks that were full after `retryMilliseconds` (then twice as
    /// long each time none of them took anything, up to 256 ms).
    /// `aroundEachPass` wraps each pass of a reader over the sinks it found ready (the daemon batches the
    /// event loop's wake-ups there); it must call its argument once.
    public init(
        count: Int = SystemThread.onlineProcessorCount, threadNamePrefix: String = "transitiond-r",
        retryMilliseconds: Int, aroundEachPass: @escaping @Sendable (() -> Void) -> Void = { $0() }
    ) {
        readers = (0..<max(count, 1)).map {
            SubscriptionReader(
                name: Self.threadName(forReader: $0, prefix: threadNamePrefix), retryMilliseconds: retryMilliseconds,
                aroundEachPass: aroundEachPass)
        }
    }

    /// The name of reader `index`'s thread: `transitiond-r0`, `transitiond-r1`… by default. The kernel
    /// keeps 15 bytes of a thread's name, so with the default prefix the index stays whole up to 99.
    public static func threadName(forReader index: Int, prefix: String = "transitiond-r") -> String {
        "\(prefix)\(index)"
    }

    /// Starts reading `sink.subscription` into `sink`, on the next reader in turn. What the subscription
    /// holds already is read at once; a subscription that has ended is read to its end. The reader keeps
    /// the sink until the subscription ends or the sink says `.closed`.
    public func attach(_ sink: any SubscriptionSink) {
        let index = turn.withLock { turn in
            defer { turn = (turn + 1) % readers.count }
            return turn
        }
        readers[index].attach(sink)
    }

    /// Sinks attached and not yet found ended, over all readers.
    public var attachedCount: Int { readers.reduce(0) { $0 + $1.attachedCount } }

    /// What the readers did, all together.
    public var statistics: Statistics {
        readers.map(\.statistics).reduce(Statistics(), +)
    }

    /// Reads what every reader has listed, then ends their threads and waits for them. Sinks attached
    /// later are never read.
    public func stop() {
        for reader in readers { reader.stop() }
    }

    /// Hands `subscription`'s items to `sink` on the calling thread, as a reader would, with a spare frame
    /// of the caller's (`Subscription.poll(reusing:)`): for a caller that reads one subscription itself (a
    /// benchmark of the reading path, a test). The subscription must not be attached to any reader.
    ///
    /// - Returns: whether the subscription goes on (false once it ended or the sink closed).
    @discardableResult
    public static func read(
        _ subscription: StackSubscription, into sink: any SubscriptionSink, reusing spare: inout Frame?
    ) -> Bool {
        var read = Statistics()
        return SubscriptionReader.drain(subscription, into: sink, reusing: &spare, counting: &read) != .ended
    }
}
