/// Why a Varlink connection failed or was closed, on the server or the client side.
///
/// These errors never cross the wire: they end one connection (the server's other connections go
/// on). A server hands them to `VarlinkCallContext.onClose` callbacks; a client throws them.
public struct VarlinkConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Open for new kinds: switch with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case messageTooLarge, invalidMessage, outputLimitExceeded, peerClosed, serverShutdown
            case connectionLimitReached, systemCallFailed, closedByServer, timedOut, callInProgress
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A message, whole or partial, is longer than the configured maximum.
        public static let messageTooLarge = Code(.messageTooLarge)
        /// A message is not valid JSON, not an object, or not a Varlink call or reply.
        public static let invalidMessage = Code(.invalidMessage)
        /// The peer does not read fast enough: the bytes waiting to be sent passed the configured limit.
        public static let outputLimitExceeded = Code(.outputLimitExceeded)
        /// The peer closed the connection (the usual way a connection ends).
        public static let peerClosed = Code(.peerClosed)
        /// The server is shutting down.
        public static let serverShutdown = Code(.serverShutdown)
        /// The server already serves its maximum number of connections.
        public static let connectionLimitReached = Code(.connectionLimitReached)
        /// A system call failed; `errorNumber` holds `errno`.
        public static let systemCallFailed = Code(.systemCallFailed)
        /// The server application asked to close the connection.
        public static let closedByServer = Code(.closedByServer)
        /// A client waited longer than its timeout for the server.
        public static let timedOut = Code(.timedOut)
        /// A client was asked for a call while a stream of replies (`callMore`) was still open.
        public static let callInProgress = Code(.callInProgress)

        /// The code's name, e.g. `messageTooLarge`.
        public var description: String { value.rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// What happened and what to do about it, for logs.
    public var message: String
    /// The message field at fault (e.g. `method`), when one is.
    public var parameter: String?
    /// The `errno` value of a failed system call, for `systemCallFailed`.
    public var errorNumber: Int32?

    /// Creates an error.
    public init(code: Code, message: String, parameter: String? = nil, errorNumber: Int32? = nil) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.errorNumber = errorNumber
    }

    /// `"<code>: <message>"`.
    public var description: String { "\(code): \(message)" }
}
