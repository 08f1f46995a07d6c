import BenchmarkKit
import BenchmarkSupport
import Synchronization
import TransitionCore
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Reads every frame of every subscription on one dedicated thread, the way the daemon's subscription
/// pump does: each subscription's readiness handler (run on the ticking thread when its queue goes from
/// empty to non-empty) notes it as ready and wakes the thread, which drains the ready subscriptions with
/// `poll()`. Reading a frame samples the transition's plan (frames are lazy), so this puts the whole cost
/// of producing every frame on the machine, as a renderer reading each one would.
final class FrameReader: Sendable {
    /// What the reader did.
    struct Counts: Sendable {
        /// Frames read (each one sampled).
        var frames = 0
        /// Frames replaced before they were read (`missedFrames`).
        var missedFrames = 0
        /// Events read.
        var events = 0
    }

    private let subscriptions: [StackSubscription]
    private let wake = ThreadCondition()
    private let ready = Mutex((indices: [Int](), stopped: false))
    private let counts = Mutex(Counts())
    private let thread = Mutex(pthread_t?.none)

    /// Starts reading `subscriptions`.
    init(_ subscriptions: [StackSubscription]) {
        self.subscriptions = subscriptions
        let handle = DedicatedThread.start { [self] in run() }
        thread.withLock { $0 = handle }
        for (index, subscription) in subscriptions.enumerated() {
            subscription.setReadinessHandler { [self] in markReady(index) }
        }
    }

    /// What has been read so far.
    var read: Counts { counts.withLock { $0 } }

    /// Stops the thread and waits for it.
    func stop() {
        for subscription in subscriptions { subscription.setReadinessHandler(nil) }
        wake.withLock {
            ready.withLock { $0.stopped = true }
            wake.broadcast()
        }
        if let handle = thread.withLock({ $0 }) { DedicatedThread.join(handle) }
    }

    private func markReady(_ index: Int) {
        let wasEmpty = ready.withLock { state in
            state.indices.append(index)
            return state.indices.count == 1
        }
        if wasEmpty { wake.withLock { wake.broadcast() } }
    }

    private func run() {
        var batch: [Int] = []
        while true {
            let stopped = wake.withLock { () -> Bool in
                while true {
                    let (taken, stopped) = ready.withLock { state in
                        defer { state.indices.removeAll(keepingCapacity: true) }
                        return (state.indices, state.stopped)
                    }
                    if stopped { return true }
                    if !taken.isEmpty {
                        batch = taken
                        return false
                    }
                    wake.wait()
                }
            }
            if stopped { return }
            var read = Counts()
            var checksum = 0.0
            for index in batch {
                drain: while true {
                    switch subscriptions[index].poll() {
                    case .element(.frame(let frame, let missed)):
                        read.frames += 1
                        read.missedFrames += missed
                        checksum += frame.nodes.last?.alpha ?? 0
                    case .element(.event):
                        read.events += 1
                    case .empty, .finished:
                        break drain
                    }
                }
            }
            Sink.consume(checksum)
            counts.withLock { counts in
                counts.frames += read.frames
                counts.missedFrames += read.missedFrames
                counts.events += read.events
            }
        }
    }
}
