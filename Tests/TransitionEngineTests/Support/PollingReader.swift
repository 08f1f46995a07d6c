import SystemPrimitives
import TransitionCore

@testable import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Reads subscriptions on a thread of its own while the clock runs, the way the daemon's pumps do: a
/// readiness handler lists a subscription, the thread drains it with `poll(reusing:)` and hands every
/// frame made for it alone back as the spare the next frame is sampled into. Keeps a summary of each frame
/// (its index, its transition, and its nodes' corners in a new array, so that no node storage is kept and
/// the spare is reused), and the kinds of the events.
final class PollingReader: @unchecked Sendable {
    /// What one frame showed.
    struct FrameSummary: Equatable {
        var index: Int64
        var transition: UInt64?
        var quads: [Quad]
    }

    private let subscriptions: [StackSubscription]
    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var ready: [Int] = []
    private var stopping = false
    /// Whether the thread is reading a batch (`ready` taken, not yet read through).
    private var reading = false
    private var frames: [[FrameSummary]]
    private var events: [[StackEvent.Kind]]
    private var thread: pthread_t?

    init(_ subscriptions: [StackSubscription]) throws {
        self.subscriptions = subscriptions
        frames = Array(repeating: [], count: subscriptions.count)
        events = Array(repeating: [], count: subscriptions.count)
        let thread = try SystemThread.startJoinable(name: "test-reader") { [self] in run() }
        lock.withLock { self.thread = thread }
        for (index, subscription) in subscriptions.enumerated() {
            subscription.setReadinessHandler { [self] in
                lock.withLock {
                    ready.append(index)
                    lock.broadcast()
                }
            }
        }
    }

    /// Returns once the thread has read everything listed so far and waits for more.
    func waitUntilDrained() {
        lock.withLock {
            while reading || !ready.isEmpty { lock.wait() }
        }
    }

    /// Drains what is listed, stops the thread, and returns what each subscription delivered.
    func finish() -> (frames: [[FrameSummary]], events: [[StackEvent.Kind]]) {
        let thread = lock.withLock {
            stopping = true
            lock.broadcast()
            return self.thread
        }
        if let thread { SystemThread.join(thread) }
        for subscription in subscriptions { subscription.setReadinessHandler(nil) }
        return lock.withLock { (frames, events) }
    }

    private func run() {
        var spare: Frame?
        var batch: [Int] = []
        while true {
            let stop = lock.withLock { () -> Bool in
                if reading {
                    reading = false
                    lock.broadcast()  // `waitUntilDrained` waits for this
                }
                while ready.isEmpty && !stopping { lock.wait() }
                swap(&batch, &ready)
                reading = !batch.isEmpty
                return batch.isEmpty && stopping
            }
            if stop { return }
            for index in batch {
                while case .element(let element) = subscriptions[index].poll(reusing: &spare) {
                    switch element {
                    case .frame(let frame, _):
                        let summary = FrameSummary(
                            index: frame.index, transition: frame.transition?.id, quads: frame.nodes.map(\.quad))
                        lock.withLock { frames[index].append(summary) }
                        if subscriptions[index].lastFrameWasExclusive { spare = frame }
                    case .event(let event):
                        lock.withLock { events[index].append(event.kind) }
                    }
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
