import Synchronization
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The only way into the event loop from other threads: a lock-protected queue of work items, with an
/// eventfd that wakes the loop.
///
/// The eventfd is written only when the queue turns non-empty and the poster is not the loop thread
/// itself; the loop empties the queue before each `epoll_wait`, so one write wakes it for any number of
/// items and replies posted by synchronous handlers cost no system call.
final class EventLoopInbox: Sendable {
    enum Item: Sendable {
        /// An encoded reply (empty for the silent end of a `oneway` call).
        case reply(connection: UInt64, call: VarlinkConnectionStateMachine.CallID, message: [UInt8], continues: Bool)
        /// Close a connection after flushing what is queued.
        case close(connection: UInt64)
        /// Stop accepting, finish, and end the loop.
        case shutdown
    }

    private struct State {
        var items: [Item] = []
        /// The loop will look at the queue before sleeping: a post need not write the eventfd.
        var wakePending = false
        /// The loop has ended and closed the eventfd: posts are dropped.
        var isClosed = false
    }

    /// The eventfd the loop polls.
    let eventDescriptor: Int32
    private let state = Locked(State())
    /// `pthread_self()` of the loop thread, 0 before it starts.
    private let loopThread = Atomic<UInt>(0)
    /// Writes of the eventfd so far (for tests: how often posting woke the loop).
    let wakeWrites = Atomic<Int>(0)

    init(eventDescriptor: Int32) {
        self.eventDescriptor = eventDescriptor
    }

    /// Records the calling thread as the loop thread.
    func attachLoopThread() {
        loopThread.store(UInt(pthread_self()), ordering: .releasing)
    }

    /// Whether the calling thread is the loop thread.
    var isOnLoopThread: Bool {
        pthread_equal(pthread_t(loopThread.load(ordering: .acquiring)), pthread_self()) != 0
    }

    /// Queues `item` and wakes the loop if needed. Dropped after `close()`. Inside a `VarlinkWakeBatch` on
    /// the calling thread, the wake-up is left to the batch.
    func post(_ item: Item) {
        let onLoopThread = isOnLoopThread
        let batch = onLoopThread ? nil : VarlinkWakeBatch.current
        let outcome = state.withLock { state -> PostOutcome in
            guard !state.isClosed else { return .dropped }
            state.items.append(item)
            // The loop thread drains the queue before it sleeps, so it needs no wake-up.
            guard !state.wakePending, !onLoopThread else { return .queued }
            state.wakePending = true
            if batch != nil { return .wakeOwed }
            writeWake()
            return .queued
        }
        if let batch, outcome != .dropped { batch.deferred(on: self, wakeOwed: outcome == .wakeOwed) }
    }

    private enum PostOutcome { case dropped, queued, wakeOwed }

    /// Wakes the loop for items a batch queued (see `VarlinkWakeBatch`).
    func wake() {
        state.withLock { state in
            guard !state.isClosed else { return }
            writeWake()
        }
    }

    /// Writes the eventfd; called under the lock, so the loop cannot close it in between. EAGAIN means the
    /// counter is already non-zero: the loop wakes anyway.
    private func writeWake() {
        wakeWrites.add(1, ordering: .relaxed)
        var one: UInt64 = 1
        _ = systemCall { write(eventDescriptor, &one, MemoryLayout<UInt64>.size) }
    }

    /// Takes every queued item; the next post after this wakes the loop again.
    func takeAll() -> [Item] {
        state.withLock { state in
            state.wakePending = false
            defer { state.items = [] }
            return state.items
        }
    }

    /// Whether items are queued.
    var hasItems: Bool { state.withLock { !$0.items.isEmpty } }

    /// Resets the eventfd counter after the loop woke for it.
    func acknowledgeWake() {
        var value: UInt64 = 0
        _ = systemCall { read(eventDescriptor, &value, MemoryLayout<UInt64>.size) }
    }

    /// Stops accepting items, so that the loop may close the eventfd.
    func close() {
        state.withLock { state in
            state.isClosed = true
            state.items = []
        }
    }
}
