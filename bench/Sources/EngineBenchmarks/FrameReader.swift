import BenchmarkKit
import SystemPrimitives
import TransitionCore
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Reads every frame of every subscription with the daemon's own readers (`SubscriptionReaders`, one
/// thread per processor), each subscription into a sink that only counts: the daemon's streams encode and
/// write there instead. Reading a frame samples the transition's plan (frames are lazy), so this puts the
/// whole cost of producing every frame on the machine, as a renderer reading each one would.
final class FrameReader: Sendable {
    /// What the readers did.
    struct Counts: Sendable {
        /// Frames read (each one sampled).
        var frames = 0
        /// Frames replaced before they were read (`missedFrames`).
        var missedFrames = 0
        /// Events read.
        var events = 0
        /// The reader threads' CPU time, nanoseconds, as of each one's last pass.
        var cpuNanoseconds: UInt64 = 0
    }

    private let readers: SubscriptionReaders
    /// Each reader thread's CPU time after its last pass, by thread.
    private let cpuByThread: Locked<[UInt: UInt64]>

    /// Starts reading `subscriptions` on `threads` threads (one per processor by default).
    init(_ subscriptions: [StackSubscription], threads: Int = MachineState.onlineProcessors()) {
        let cpuByThread = Locked<[UInt: UInt64]>([:])
        self.cpuByThread = cpuByThread
        readers = SubscriptionReaders(
            count: threads, threadNamePrefix: "bench-reader", retryMilliseconds: 10,
            aroundEachPass: { pass in
                pass()
                let cpu = ThreadCPUClock.nanoseconds()
                cpuByThread.withLock { $0[UInt(bitPattern: Int(bitPattern: pthread_self()))] = cpu }
            })
        for subscription in subscriptions { readers.attach(CountingSink(subscription)) }
    }

    /// What has been read so far, all threads together.
    var read: Counts {
        let statistics = readers.statistics
        return Counts(
            frames: Int(statistics.frames), missedFrames: Int(statistics.missedFrames), events: Int(statistics.events),
            cpuNanoseconds: cpuByThread.withLock { $0.values.reduce(0, +) })
    }

    /// Stops the threads and waits for them.
    func stop() { readers.stop() }
}

/// A sink that takes every item, keeps a value depending on every frame (so that sampling cannot be
/// left out), and counts what it took. Touched only by the thread that reads its subscription.
final class CountingSink: SubscriptionSink, @unchecked Sendable {
    let subscription: StackSubscription
    /// Frames taken.
    private(set) var frames = 0
    /// Events taken.
    private(set) var events = 0
    /// `completed` events taken.
    private(set) var completed = 0
    /// The sum of the last node's alpha over every frame taken.
    private(set) var checksum = 0.0

    init(_ subscription: StackSubscription) { self.subscription = subscription }

    func admission() -> SubscriptionSinkAdmission { .open }

    func receive(frame: Frame, missedFrames: Int, sharedWithOtherSubscribers: Bool) {
        frames += 1
        checksum += frame.nodes.last?.alpha ?? 0
    }

    func receive(event: StackEvent) {
        events += 1
        if event.kind == .completed { completed += 1 }
    }

    func subscriptionEnded(error: TransitionEngineError?) {}
}
