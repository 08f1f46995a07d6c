import BenchmarkKit
import BenchmarkSupport
import TransitionCore
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Reads every frame of every subscription on one dedicated thread, the way the daemon's subscription
/// pump (TransitionService's `SubscriptionPump`) does: each subscription's readiness handler (run on the
/// ticking thread when its queue goes from empty to non-empty) lists it under one mutex and signals the
/// thread only if it sleeps; the thread drains the listed subscriptions with `poll()`. Reading a frame
/// samples the transition's plan (frames are lazy), so this puts the whole cost of producing every frame
/// on the machine, as a renderer reading each one would.
final class FrameReader: @unchecked Sendable {
    /// What the reader did.
    struct Counts: Sendable {
        /// Frames read (each one sampled).
        var frames = 0
        /// Frames replaced before they were read (`missedFrames`).
        var missedFrames = 0
        /// Events read.
        var events = 0
        /// Times the thread was signalled out of its sleep.
        var wakeups = 0
        /// The thread's CPU time, nanoseconds.
        var cpuNanoseconds: UInt64 = 0
    }

    private let subscriptions: [StackSubscription]
    private let lock = ThreadCondition()
    // Guarded by `lock`:
    private var ready: [Int] = []
    private var sleeping = false
    private var stopped = false
    private var counts = Counts()
    private var thread: pthread_t?

    /// Starts reading `subscriptions`.
    init(_ subscriptions: [StackSubscription]) {
        self.subscriptions = subscriptions
        let handle = DedicatedThread.start { [self] in run() }
        lock.withLock { thread = handle }
        for (index, subscription) in subscriptions.enumerated() {
            subscription.setReadinessHandler { [self] in markReady(index) }
        }
    }

    /// What has been read so far.
    var read: Counts { lock.withLock { counts } }

    /// Stops the thread and waits for it.
    func stop() {
        for subscription in subscriptions { subscription.setReadinessHandler(nil) }
        let handle = lock.withLock {
            stopped = true
            lock.broadcast()
            return thread
        }
        if let handle { DedicatedThread.join(handle) }
    }

    private func markReady(_ index: Int) {
        lock.withLock {
            ready.append(index)
            if sleeping {
                sleeping = false
                counts.wakeups += 1
                lock.broadcast()
            }
        }
    }

    private func run() {
        var batch: [Int] = []
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
            let cpu = MonotonicClock.threadCPUNanoseconds()
            lock.withLock {
                counts.cpuNanoseconds = cpu
                counts.frames += read.frames
                counts.missedFrames += read.missedFrames
                counts.events += read.events
            }
        }
    }
}
