import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A Varlink server on a Unix stream socket, run by one event-loop thread of its own.
///
/// Threading: a dedicated thread (a plain pthread, not Dispatch, no task per request) runs an epoll
/// loop over the listener and every connection. It reads and frames calls, routes them through the
/// `VarlinkService`, and calls handlers on that thread, one call at a time per connection and in
/// order. Handlers reply at once (the fastest path, no thread switch) or later from any thread through
/// their `VarlinkCallContext`; such replies are queued under a lock and wake the loop through an
/// eventfd. Idle, the loop waits in `epoll_wait` without timeout and never wakes up.
///
/// ```swift
/// let server = try VarlinkServer(service: service, listener: try .listen(path: "/run/example.sock"))
/// // … serve until asked to stop …
/// server.shutdown()
/// ```
public final class VarlinkServer: Sendable {
    /// The limits and hooks the server runs with.
    public let configuration: Configuration
    /// The socket path, when known.
    public let path: String?
    /// The event loop (internal for tests of its inbox).
    let loop: EventLoop
    /// The loop thread, until joined.
    private let thread: Locked<pthread_t?>

    /// Starts serving `service` on `listener` (which the server now owns).
    ///
    /// - Throws: `VarlinkSocketError` when the event loop or its thread cannot be created, or the
    ///   listener was already used.
    public init(
        service: VarlinkService,
        listener: VarlinkListener,
        configuration: Configuration = Configuration()
    ) throws(VarlinkSocketError) {
        let loop = try EventLoop(service: service, configuration: configuration, listener: listener)
        let thread: pthread_t
        do {
            thread = try SystemThread.startJoinable(name: "varlink") { loop.run() }
        } catch {
            loop.beginShutdown()
            loop.run()
            throw .systemCall(
                "start the event-loop thread for", Errno(rawValue: error.errorNumber), listener.path ?? "the socket")
        }
        self.loop = loop
        self.thread = Locked(thread)
        self.configuration = configuration
        self.path = listener.path
    }

    deinit {
        shutdown()
    }

    /// The number of connections open now.
    public var connectionCount: Int { loop.connectionCount.load(ordering: .relaxed) }

    /// How many times the loop has changed what it watches a connection for (`epoll_ctl` with
    /// `EPOLL_CTL_MOD`) since the server started. A call answered at once changes nothing; a connection
    /// changes when its reader falls behind (watched for writability) or a call waits for its handler
    /// (unwatched for input). For tests and diagnostics.
    public var watchChangeCount: Int { loop.watchChangeCount.load(ordering: .relaxed) }

    /// Stops the server and waits until it has stopped: stops accepting (and removes the socket file it
    /// created), closes idle connections and streams, lets calls in flight finish and their replies go
    /// out for at most `configuration.shutdownTimeout`, then closes everything. Close callbacks run with
    /// `serverShutdown`.
    ///
    /// Idempotent. Called from a handler on the loop thread, it starts the shutdown and returns at once.
    public func shutdown() {
        loop.inbox.post(.shutdown)
        let thread = self.thread.withLock { thread in
            defer { thread = nil }
            return thread
        }
        guard let thread else { return }
        if loop.inbox.isOnLoopThread {
            // The loop cannot wait for itself: it ends after this handler returns, and its thread's
            // resources are released then.
            pthread_detach(thread)
        } else {
            SystemThread.join(thread)
        }
    }
}
