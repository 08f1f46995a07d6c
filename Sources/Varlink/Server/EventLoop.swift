import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The server's single event-loop thread: one epoll set with the listener, the inbox's eventfd and
/// every connection; level-triggered; `epoll_wait` without timeout when idle, so an idle server never
/// wakes up.
///
/// Marked `@unchecked Sendable` because it is handed to the loop thread once: every stored property
/// below `// Loop state` is read and written only on that thread; other threads reach the loop only
/// through `inbox` (a mutex) and `connectionCount` (an atomic).
final class EventLoop: @unchecked Sendable {
    /// epoll tags of the two descriptors that are not connections; connection ids start above them.
    static let listenerTag: UInt64 = 0
    static let wakeTag: UInt64 = 1
    /// Ready events taken per `epoll_wait`.
    static let eventBatchSize = 256
    /// Bytes read from a connection per readiness event: large enough for hundreds of pipelined calls,
    /// small enough that one busy client cannot starve the others of the loop.
    static let readChunkBytes = 64 * 1024
    /// Connections accepted per readiness event of the listener, for the same fairness.
    static let acceptBatchSize = 64
    /// Output buffer capacity kept between bursts; larger buffers are released once sent.
    static let retainedOutputCapacity = 64 * 1024

    let service: VarlinkService
    let configuration: VarlinkServer.Configuration
    let inbox: EventLoopInbox
    let epoll: Int32
    /// Connections open now, published for `VarlinkServer.connectionCount`.
    let connectionCount = Atomic<Int>(0)
    /// Changes made to what a connection is watched for since the loop started, published for
    /// `VarlinkServer.watchChangeCount`.
    let watchChangeCount = Atomic<Int>(0)

    // Loop state
    var listener: VarlinkListener?
    var listenerDescriptor: Int32
    var listenerPaused = false
    var connections: [UInt64: ServerConnection] = [:]
    /// What each peer uid with connections open holds.
    var users: [UInt32: PeerUserAccount] = [:]
    var nextConnectionID: UInt64 = 2
    var queuedForFlush: [UInt64] = []
    var shutdownDeadline: ContinuousClock.Instant?
    var isFinished = false
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: EventLoop.readChunkBytes, alignment: 16)

    init(
        service: VarlinkService,
        configuration: VarlinkServer.Configuration,
        listener: VarlinkListener
    ) throws(VarlinkSocketError) {
        let name = listener.path ?? "the listening socket"
        let epoll: Int32
        switch LinuxEventSystemCalls.createEpoll() {
        case .success(let descriptor): epoll = descriptor
        case .failure(let error): throw .systemCall("create the event loop for", error, name)
        }
        let eventDescriptor: Int32
        switch LinuxEventSystemCalls.createEventFile() {
        case .success(let descriptor): eventDescriptor = descriptor
        case .failure(let error):
            closeDescriptor(epoll)
            throw .systemCall("create the wake-up eventfd for", error, name)
        }
        guard let listenerDescriptor = listener.take() else {
            closeDescriptor(epoll)
            closeDescriptor(eventDescriptor)
            throw VarlinkSocketError(
                code: .notASocket,
                message: "The listener was already used by another server; create a new one.",
                parameter: name
            )
        }
        self.service = service
        self.configuration = configuration
        self.inbox = EventLoopInbox(eventDescriptor: eventDescriptor)
        self.epoll = epoll
        self.listener = listener
        self.listenerDescriptor = listenerDescriptor
        let readable = LinuxEventSystemCalls.readable
        for (descriptor, tag) in [(listenerDescriptor, Self.listenerTag), (eventDescriptor, Self.wakeTag)] {
            if case .failure(let error) = LinuxEventSystemCalls.control(
                epoll, .add, descriptor, events: readable, tag: tag)
            {
                closeDescriptor(epoll)
                closeDescriptor(eventDescriptor)
                closeDescriptor(listenerDescriptor)
                listener.removeSocketFile()
                throw .systemCall("watch", error, name)
            }
        }
    }

    deinit {
        readBuffer.deallocate()
    }

    /// The loop; returns after shutdown, with every descriptor closed.
    func run() {
        inbox.attachLoopThread()
        let events = EpollEventBuffer(capacity: Self.eventBatchSize)
        while !isFinished {
            // The round ends once every call that can run now has been dispatched; its handlers run
            // before the loop sleeps, and again if they posted anything.
            repeat {
                drainInbox()
                service.endRound()
            } while inbox.hasItems
            flushQueuedConnections()
            if shutdownDeadline != nil { continueShutdown() }
            if isFinished { break }
            let ready: Int
            switch LinuxEventSystemCalls.wait(epoll, into: events, timeoutMilliseconds: waitTimeout()) {
            case .success(let count): ready = count
            case .failure:
                // EBADF/EINVAL cannot happen with our own descriptors; stop rather than spin.
                beginShutdown()
                closeAll(VarlinkConnectionError(code: .systemCallFailed, message: "epoll_wait failed."))
                ready = 0
            }
            for index in 0..<ready {
                let (mask, tag) = events.event(at: index)
                switch tag {
                case Self.listenerTag: acceptConnections()
                case Self.wakeTag: inbox.acknowledgeWake()
                default: handleEvent(mask, connection: tag)
                }
            }
        }
        tearDown()
    }

    /// -1 (forever) unless shutting down; then the milliseconds left until the deadline, rounded up.
    private func waitTimeout() -> Int32 {
        guard let deadline = shutdownDeadline else { return -1 }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Applies everything posted from handlers and other threads, until the inbox stays empty (a
    /// synchronous handler dispatched here may post again).
    private func drainInbox() {
        while true {
            let items = inbox.takeAll()
            if items.isEmpty { return }
            for item in items {
                switch item {
                case .reply(let id, let call, let message, let continues):
                    guard let connection = connections[id] else { continue }
                    applyReply(message, continues: continues, to: call, on: connection)
                case .close(let id):
                    guard let connection = connections[id] else { continue }
                    finish(connection, Self.closedByServer)
                case .shutdown:
                    beginShutdown()
                }
            }
        }
    }

    static let closedByServer = VarlinkConnectionError(
        code: .closedByServer,
        message: "The server closed the connection on the application's request."
    )

    // MARK: Shutdown

    /// Stops accepting; closes idle and streaming connections; lets calls in flight end until the
    /// deadline.
    func beginShutdown() {
        guard shutdownDeadline == nil else { return }
        shutdownDeadline = ContinuousClock.now.advanced(by: configuration.shutdownTimeout)
        closeListener()
        for connection in Array(connections.values) {
            updateInterest(connection)
        }
    }

    /// Closes connections that have nothing left in flight, or all of them once the deadline passed;
    /// ends the loop when none is left.
    private func continueShutdown() {
        guard let deadline = shutdownDeadline else { return }
        let reason = VarlinkConnectionError(code: .serverShutdown, message: "The server is shutting down.")
        if ContinuousClock.now >= deadline {
            closeAll(reason)
        } else {
            for connection in Array(connections.values) {
                let inFlight = connection.machine.callInFlight
                // A stream never ends by itself; anything else is waited for.
                if inFlight == nil || inFlight?.more == true, connection.pendingOutputCount == 0 || connection.peerGone
                {
                    close(connection, reason)
                }
            }
        }
        if connections.isEmpty { isFinished = true }
    }

    private func closeAll(_ reason: VarlinkConnectionError) {
        for connection in Array(connections.values) { close(connection, reason) }
        isFinished = true
    }

    private func closeListener() {
        guard listenerDescriptor >= 0 else { return }
        _ = LinuxEventSystemCalls.control(epoll, .delete, listenerDescriptor, events: 0, tag: 0)
        closeDescriptor(listenerDescriptor)
        listenerDescriptor = -1
        listener?.removeSocketFile()
        listener = nil
    }

    private func tearDown() {
        closeListener()
        closeAll(VarlinkConnectionError(code: .serverShutdown, message: "The server stopped."))
        inbox.close()
        closeDescriptor(inbox.eventDescriptor)
        closeDescriptor(epoll)
    }
}
