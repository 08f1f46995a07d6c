import JSON

extension VarlinkServer {
    /// Limits and hooks of a server. Every property has a documented default.
    public struct Configuration: Sendable {
        /// The most connections served at once (default 1024). One more is accepted, sent
        /// `connectionLimitError` if possible, and closed.
        public var maximumConnections: Int
        /// The most connections one user (the peer's uid, `SO_PEERCRED`) may have open at once (default
        /// `Int.max`: no limit of its own). One more is accepted, sent `userConnectionLimitError` if
        /// possible, and closed; the user's other connections are untouched. Peers whose credentials
        /// cannot be read count as one user.
        public var maximumConnectionsPerUser: Int
        /// The largest call accepted, in bytes without the NUL terminator (default 1 MiB,
        /// `VarlinkFramer.defaultMaximumMessageBytes`). A larger one is answered with
        /// `messageTooLargeError` (when set) and closes its connection; other connections are untouched.
        public var maximumMessageBytes: Int
        /// The deepest nesting of arrays and objects read in a call (default 64, `JSONReader.Limits`'
        /// default). A deeper call is not read: its connection is closed (`invalidMessage`), as for any
        /// message that is not JSON. A service whose calls carry deep documents raises it; the parser is
        /// iterative, so the bound is one of memory and of what decoders recurse through, not of the stack.
        public var maximumCallDepth: Int
        /// The most JSON values read in a call (default 262,144, `JSONReader.Limits`' default): every
        /// scalar, array and object. A call with more is not read: its connection is closed
        /// (`invalidMessage`). Parsing takes time in proportion, on the event loop, so it bounds how long
        /// one call holds every other connection.
        public var maximumCallValues: Int
        /// The most bytes queued for one connection and not yet taken by its reader (default 8 MiB,
        /// about 30 s of a 120 Hz stream of 2 KiB frames). A connection whose reader falls further
        /// behind is closed with `outputLimitExceeded`, so one slow reader never holds memory or delays
        /// others. Must exceed the largest single reply.
        public var maximumPendingOutputBytes: Int
        /// The most bytes queued for all the connections of one user (peer uid) and not yet taken by
        /// their readers (default `Int.max`: no limit of its own). The connection whose reply takes the
        /// user past it is closed with `outputLimitExceeded`, so one user's slow readers hold at most this
        /// much, however many connections it opens.
        public var maximumPendingOutputBytesPerUser: Int
        /// Calls one connection may pipeline behind the call in flight before the server stops reading
        /// from it (default 64). It also stops once the waiting calls' messages take
        /// `maximumMessageBytes` together, so that a pipelining connection holds at most about two calls
        /// of the largest size besides the one in flight.
        public var maximumQueuedCalls: Int
        /// How long `shutdown()` waits for calls in flight to end and replies to be sent before closing
        /// every connection (default 2 s).
        public var shutdownTimeout: Duration
        /// Sent to a client refused because `maximumConnections` are served; `nil` to just close
        /// (default `org.varlink.service.PermissionDenied`; a service can name its own limit error).
        public var connectionLimitError: VarlinkError?
        /// Sent to a client refused because its user has `maximumConnectionsPerUser` open; `nil` to just
        /// close (default `org.varlink.service.PermissionDenied`).
        public var userConnectionLimitError: VarlinkError?
        /// Sent, after any replies already queued, to a client whose message exceeds
        /// `maximumMessageBytes`, before its connection closes; `nil` to just close (the default: the
        /// standard interface has no such error, so a service names its own).
        public var messageTooLargeError: VarlinkError?
        /// Told of connections opening and closing, on the event-loop thread; must return quickly.
        /// Use it to log (the server itself never logs).
        public var eventHandler: (@Sendable (VarlinkServerEvent) -> Void)?

        /// Creates the default configuration.
        public init() {
            maximumConnections = 1024
            maximumConnectionsPerUser = .max
            maximumMessageBytes = VarlinkFramer.defaultMaximumMessageBytes
            maximumCallDepth = JSONReader.Limits().maximumDepth
            maximumCallValues = JSONReader.Limits().maximumElements
            maximumPendingOutputBytes = 8 << 20
            maximumPendingOutputBytesPerUser = .max
            maximumQueuedCalls = VarlinkConnectionStateMachine.defaultMaximumQueuedCalls
            shutdownTimeout = .seconds(2)
            connectionLimitError = .permissionDenied()
            userConnectionLimitError = .permissionDenied()
            messageTooLargeError = nil
            eventHandler = nil
        }
    }
}
