import SystemThreads
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

/// A thread that moves subscribers' frames and events from their queues to their connections (one of
/// the service's `SubscriptionPumps`).
///
/// A stack's tick fills each subscriber's queue and calls its readiness handler, which only lists the
/// stream here and signals this thread when it sleeps: the clock never encodes, copies or waits for a
/// client. This thread drains each listed stream (`SubscriptionStream.drain`) until its queue is empty
/// or its connection has too many unread bytes; a stream held back that way is looked at again after
/// `retryMilliseconds`, then after twice as long each time no held-back stream made progress (up to
/// `maximumRetryMilliseconds`), while its frames coalesce in the queue. With nothing listed and nothing
/// held back the thread sleeps on a condition variable: no wake-ups.
final class SubscriptionPump: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The longest wait between looks at held-back streams (a reader stuck for good costs about four
    /// wake-ups a second).
    static let maximumRetryMilliseconds: Int64 = 256
    private let retryNanoseconds: Int64
    /// The thread's name.
    let name: String
    /// The current wait between looks at held-back streams; doubles while none makes progress.
    private var currentRetryNanoseconds: Int64
    // Guarded by `mutex`:
    private var ready: [SubscriptionStream] = []
    private var listed: Set<ObjectIdentifier> = []
    private var heldBack: [SubscriptionStream] = []
    private var sleeping = false
    private var started = false
    private var stopping = false
    private var finished = false

    /// A pump whose thread, started at the first `schedule(_:)`, is named `name` (the kernel keeps 15
    /// bytes), looking again at held-back streams after `retryMilliseconds`.
    init(name: String, retryMilliseconds: Int) {
        self.name = name
        retryNanoseconds = Int64(max(retryMilliseconds, 1)) * 1_000_000
        currentRetryNanoseconds = retryNanoseconds
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Lists `stream` to be drained. Called from any thread (a stack's tick, a task); cheap: a lock, an
    /// append, and a signal only when the thread sleeps. Starts the thread at the first call.
    func schedule(_ stream: SubscriptionStream) {
        pthread_mutex_lock(mutex)
        let needsStart = !started && !stopping
        if needsStart { started = true }
        if !stopping, listed.insert(ObjectIdentifier(stream)).inserted {
            ready.append(stream)
            if sleeping { pthread_cond_signal(condition) }
        }
        pthread_mutex_unlock(mutex)
        if needsStart { startThread() }
    }

    /// Drains what is listed, then ends the thread and waits for it. Later schedules are ignored.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_signal(condition)
        while started && !finished { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    private func startThread() {
        SystemThread.startEssential(name: name) { [self] in run() }
    }

    private func run() {
        pthread_mutex_lock(mutex)
        while true {
            while ready.isEmpty && !stopping {
                sleeping = true
                if heldBack.isEmpty {
                    pthread_cond_wait(condition, mutex)
                } else if waitTimedOut() {
                    // Look again at the streams held back: their readers may have caught up.
                    for stream in heldBack where listed.insert(ObjectIdentifier(stream)).inserted {
                        ready.append(stream)
                    }
                    heldBack.removeAll()
                }
                sleeping = false
            }
            if ready.isEmpty && stopping { break }
            let batch = ready
            ready.removeAll(keepingCapacity: true)
            for stream in batch { listed.remove(ObjectIdentifier(stream)) }
            pthread_mutex_unlock(mutex)
            var held: [SubscriptionStream] = []
            // The event loop is woken once for several streams' replies, not once for each.
            VarlinkWakeBatch.run {
                for stream in batch where stream.drain() == .heldBack { held.append(stream) }
            }
            pthread_mutex_lock(mutex)
            // Back off while everything looked at is still held back (readers stuck for good).
            let progressed = held.count < batch.count
            currentRetryNanoseconds =
                progressed
                ? retryNanoseconds : min(currentRetryNanoseconds * 2, Self.maximumRetryMilliseconds * 1_000_000)
            heldBack.append(contentsOf: held)
        }
        finished = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits up to `currentRetryNanoseconds` (mutex held); true when the time passed without a signal.
    private func waitTimedOut() -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let total = Int64(deadline.tv_nsec) + currentRetryNanoseconds
        deadline.tv_sec += Int(total / 1_000_000_000)
        deadline.tv_nsec = Int(total % 1_000_000_000)
        return pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT
    }
}
