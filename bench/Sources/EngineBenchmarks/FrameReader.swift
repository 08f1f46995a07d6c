import BenchmarkKit
import BenchmarkSupport
import SystemPrimitives
import TransitionCore
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Reads every frame of every subscription on dedicated threads, one per processor, the way the daemon's
/// subscription pumps (TransitionService's `SubscriptionPumps`) do: each subscription belongs to one
/// thread (in turn, as the daemon hands out streams), registered with that thread's lane as its readiness
/// target and its index as token; told the tokens of a tick's subscriptions whose queue went from empty to
/// non-empty, the lane lists them under its mutex and signals the thread only if it sleeps; the thread
/// drains the listed subscriptions with `poll(reusing:)`, handing each frame back as the spare the next
/// one is sampled into. Reading a frame samples the transition's plan
/// (frames are lazy), so this puts the whole cost of producing every frame on the machine, as a renderer
/// reading each one would.
final class FrameReader: Sendable {
    /// What the readers did.
    struct Counts: Sendable {
        /// Frames read (each one sampled).
        var frames = 0
        /// Frames replaced before they were read (`missedFrames`).
        var missedFrames = 0
        /// Events read.
        var events = 0
        /// Times a thread was signalled out of its sleep.
        var wakeups = 0
        /// The threads' CPU time, nanoseconds.
        var cpuNanoseconds: UInt64 = 0

        static func + (left: Counts, right: Counts) -> Counts {
            Counts(
                frames: left.frames + right.frames, missedFrames: left.missedFrames + right.missedFrames,
                events: left.events + right.events, wakeups: left.wakeups + right.wakeups,
                cpuNanoseconds: left.cpuNanoseconds + right.cpuNanoseconds)
        }
    }

    private let lanes: [Lane]

    /// Starts reading `subscriptions` on `threads` threads (one per processor by default).
    init(_ subscriptions: [StackSubscription], threads: Int = MachineState.onlineProcessors()) {
        let count = max(threads, 1)
        lanes = (0..<count).map { lane in
            Lane(
                Array(subscriptions.enumerated().filter { $0.offset % count == lane }.map(\.element)),
                name: "bench-reader\(lane)")
        }
    }

    /// What has been read so far, all threads together.
    var read: Counts { lanes.map(\.read).reduce(Counts(), +) }

    /// Stops the threads and waits for them.
    func stop() {
        for lane in lanes { lane.stop() }
    }

    /// How many subscriptions ahead of the one being read a lane asks for their lines, as the daemon's
    /// pumps do (`SubscriptionPump.prefetchDistance`).
    static var prefetchDistance: Int { 2 }
    /// How many subscriptions ahead a lane asks for the entry of its list that locates them, as the
    /// daemon's pumps ask for the stream object (`SubscriptionPump.streamPrefetchDistance`).
    static var listPrefetchDistance: Int { 8 }

    /// What `drain` read from one subscription.
    struct Drained {
        /// Frames read (each one sampled).
        var frames = 0
        /// Frames replaced before they were read.
        var missedFrames = 0
        /// A value depending on every frame read, for `Sink`.
        var checksum = 0.0
    }

    /// Reads everything `subscription` has queued as the daemon's pumps do: each frame sampled into
    /// `spare`'s storage, and a frame that was the reader's alone handed back as the next `spare`. Calls
    /// `event` for each event.
    static func drain(
        _ subscription: StackSubscription, spare: inout Frame?, event: (StackEvent) -> Void
    ) -> Drained {
        var drained = Drained()
        while true {
            var empty = false
            switch subscription.poll(reusing: &spare, drained: &empty) {
            case .element(.frame(let frame, let missed)):
                drained.frames += 1
                drained.missedFrames += missed
                drained.checksum += frame.nodes.last?.alpha ?? 0
                if subscription.lastFrameWasExclusive { spare = frame }
            case .element(.event(let item)):
                event(item)
            case .empty, .finished:
                return drained
            }
            if empty { return drained }
        }
    }

    /// One reading thread and the subscriptions it owns.
    private final class Lane: SubscriptionReadinessTarget, @unchecked Sendable {
        private let subscriptions: [StackSubscription]
        /// The same subscriptions, not retained (`subscriptions` keeps them), polled without a retain each:
        /// the daemon's pumps poll a stream's own `let` and retain nothing, and a retain here wrote the
        /// subscription's first cache line, which the tick reads on another processor.
        private let unretained: [Unmanaged<StackSubscription>]
        /// Where reading each subscription begins, asked for a few subscriptions ahead.
        private let cacheLines: [StackSubscription.Lines]
        private let lock = ConditionLock()
        // Guarded by `lock`:
        private var ready: [Int] = []
        private var sleeping = false
        private var stopped = false
        private var counts = Counts()
        private var thread: pthread_t?

        init(_ subscriptions: [StackSubscription], name: String) {
            self.subscriptions = subscriptions
            unretained = subscriptions.map { Unmanaged.passUnretained($0) }
            cacheLines = subscriptions.map(\.cacheLines)
            let handle = DedicatedThread.start(name: name) { [self] in run() }
            lock.withLock { thread = handle }
            for (index, subscription) in subscriptions.enumerated() {
                subscription.setReadinessTarget(self, token: index)
            }
        }

        var read: Counts { lock.withLock { counts } }

        func stop() {
            for subscription in subscriptions { subscription.setReadinessTarget(nil, token: 0) }
            let handle = lock.withLock {
                stopped = true
                lock.broadcast()
                return thread
            }
            if let handle { DedicatedThread.join(handle) }
        }

        func subscriptionsBecameReady(_ tokens: UnsafeBufferPointer<Int>) {
            lock.withLock {
                ready.append(contentsOf: tokens)
                if sleeping {
                    sleeping = false
                    counts.wakeups += 1
                    lock.broadcast()
                }
            }
        }

        private func run() {
            var batch: [Int] = []
            // As the daemon's pumps: one frame whose storage the next frame sampled takes, whatever its stack.
            var spare: Frame?
            while true {
                let stop = lock.withLock { () -> Bool in
                    while ready.isEmpty && !stopped {
                        sleeping = true
                        lock.wait()
                    }
                    sleeping = false
                    swap(&batch, &ready)
                    ready.removeAll(keepingCapacity: true)
                    return stopped
                }
                if stop { return }
                var read = Counts()
                var checksum = 0.0
                for (position, index) in batch.enumerated() {
                    // As the daemon's pumps: the lines of the subscription a few places ahead are asked for
                    // while this one is read.
                    let ahead = position + FrameReader.prefetchDistance
                    if ahead < batch.count { cacheLines[batch[ahead]].prefetch() }
                    // And further ahead, where those lines are listed: an element of `cacheLines` met at
                    // random was itself a miss, waited for before its prefetch could start.
                    let further = position + FrameReader.listPrefetchDistance
                    if further < batch.count {
                        cacheLines.withUnsafeBufferPointer {
                            CacheLines(start: UnsafeRawPointer($0.baseAddress! + batch[further]), count: 1).prefetch()
                        }
                    }
                    unretained[index]._withUnsafeGuaranteedRef { subscription in
                        let drained = FrameReader.drain(subscription, spare: &spare) { _ in read.events += 1 }
                        read.frames += drained.frames
                        read.missedFrames += drained.missedFrames
                        checksum += drained.checksum
                    }
                }
                Sink.consume(checksum)
                let cpu = ThreadCPUClock.nanoseconds()
                lock.withLock {
                    counts.cpuNanoseconds = cpu
                    counts.frames += read.frames
                    counts.missedFrames += read.missedFrames
                    counts.events += read.events
                }
            }
        }
    }
}
