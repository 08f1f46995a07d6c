import JSON
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking Varlink client on one Unix stream connection.
///
/// Each method blocks the calling thread until the server answers (or `timeout` passes): use it from
/// a command-line tool, a test, or a dedicated thread, not from a cooperative task pool. A client is
/// not thread-safe; use one per thread. Calls are made one at a time, as Varlink matches replies to
/// calls by order; `send(_:)` and `receiveReply()` pipeline several calls by hand.
///
/// Errors: a call the server failed throws `VarlinkError` (its name and parameters); a connection
/// problem throws `VarlinkConnectionError` (the connection is then unusable); connecting throws
/// `VarlinkSocketError`.
///
/// ```swift
/// let client = try VarlinkClient(path: "/run/transitiond/socket")
/// let info = try client.call(method: "org.varlink.service.GetInfo")
/// let events = try client.callMore(method: "io.example.Monitor")
/// while let event = try events.next() { print(event) }
/// ```
public final class VarlinkClient {
    /// The default largest reply accepted, in bytes: 16 MiB, above any reply we expect (a full stack
    /// with its frames is well under 1 MiB) but bounded.
    public static let defaultMaximumMessageBytes = 16 << 20

    /// The deepest nesting of arrays and objects accepted in a reply: 512. A server returns objects its
    /// clients sent inside its own reply structure, so a reply may nest deeper than a server reads in a
    /// call (a value sent at the server's `maximumCallDepth` comes back a few levels deeper; transitiond
    /// reads calls 256 deep); the bound still caps what a decoder of the reply recurses through.
    public static let maximumReplyDepth = 512

    /// The socket path connected to.
    public let path: String
    private var descriptor: Int32
    private var framer: VarlinkFramer
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private let readerLimits: JSONReader.Limits
    /// A `callMore` stream is open: other calls must wait for its end.
    var isStreaming = false

    /// Connects to the server listening on `path`.
    ///
    /// - Parameters:
    ///   - timeout: the longest wait for each read or write; `nil` to wait forever.
    ///   - maximumMessageBytes: the largest reply accepted.
    /// - Throws: `VarlinkSocketError`: `connectionRefused` when nothing listens there, `invalidPath`,
    ///   or `systemCallFailed`.
    public init(
        path: String,
        timeout: Duration? = nil,
        maximumMessageBytes: Int = VarlinkClient.defaultMaximumMessageBytes
    ) throws(VarlinkSocketError) {
        let descriptor: Int32
        switch UnixSocket.create(blocking: true) {
        case .success(let created): descriptor = created
        case .failure(let error): throw .systemCall("create a socket to connect to", error, path)
        }
        guard let result = UnixSocket.connect(descriptor, path: path) else {
            closeDescriptor(descriptor)
            throw VarlinkSocketError(
                code: .invalidPath, message: "'\(path)' is not a usable socket path.", parameter: path)
        }
        if case .failure(let error) = result {
            closeDescriptor(descriptor)
            if error.rawValue == ENOENT || error.rawValue == ECONNREFUSED {
                throw VarlinkSocketError(
                    code: .connectionRefused,
                    message: "Nothing listens on '\(path)' (\(error)); start the server or check the path.",
                    parameter: path,
                    errorNumber: error.rawValue
                )
            }
            throw .systemCall("connect to", error, path)
        }
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            let size = socklen_t(MemoryLayout<timeval>.size)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, size)
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, size)
        }
        self.path = path
        self.descriptor = descriptor
        self.framer = VarlinkFramer(maximumMessageBytes: maximumMessageBytes)
        self.readerLimits = JSONReader.Limits(
            maximumDepth: Self.maximumReplyDepth, maximumBytes: maximumMessageBytes,
            maximumStringBytes: maximumMessageBytes)
    }

    deinit {
        close()
    }

    /// Calls `method` and returns the reply's parameters.
    ///
    /// - Throws: `VarlinkError` when the server fails the call; `VarlinkConnectionError` when the
    ///   connection fails, times out, or a stream is open.
    public func call(method: String, parameters: JSONObject = JSONObject()) throws -> JSONObject {
        try send(VarlinkCall(method: method, parameters: parameters))
        let reply = try receiveReply()
        if let error = reply.varlinkError { throw error }
        guard !reply.continues else {
            close()
            throw VarlinkConnectionError(
                code: .invalidMessage,
                message: "The server sent several replies to a call made without 'more'.",
                parameter: "continues"
            )
        }
        return reply.parameters
    }

    /// Calls `method` with `more` and returns the stream of its replies.
    ///
    /// Read the stream to its end (`next()` returns `nil`) before making another call, or close the
    /// client to stop listening.
    public func callMore(method: String, parameters: JSONObject = JSONObject()) throws -> VarlinkReplyStream {
        try send(VarlinkCall(method: method, parameters: parameters, more: true))
        isStreaming = true
        return VarlinkReplyStream(client: self)
    }

    /// Calls `method` with `oneway`: the server sends no reply, and this returns once the call is sent.
    public func sendOneway(method: String, parameters: JSONObject = JSONObject()) throws {
        try send(VarlinkCall(method: method, parameters: parameters, oneway: true))
    }

    /// Sends a call without waiting for its reply (for pipelining; read replies with `receiveReply()`).
    public func send(_ call: VarlinkCall) throws {
        guard !isStreaming else {
            throw VarlinkConnectionError(
                code: .callInProgress,
                message: "A stream of replies is still open; read it to its end before the next call.",
                parameter: "method"
            )
        }
        try ensureOpen()
        let message = try call.encoded()
        if case .failure(let error) = message.withUnsafeBytes({ sendAll(descriptor, $0) }) {
            // A server that refuses the connection (at its limit, say) writes an error and closes
            // before the call arrives: report that error rather than the broken pipe.
            if error.rawValue == EPIPE || error.rawValue == ECONNRESET, let refusal = pendingErrorReply() {
                close()
                throw refusal
            }
            throw failure("send", error)
        }
    }

    /// An error reply the server sent before closing, if one is buffered (read without blocking).
    private func pendingErrorReply() -> VarlinkError? {
        while true {
            if let message = try? framer.nextMessage() {
                return (try? VarlinkReply.decode(message, limits: readerLimits))?.varlinkError
            }
            let result = readBuffer.withUnsafeMutableBytes { bytes in
                systemCall { recv(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT)) }
            }
            guard case .success(let count) = result, count > 0 else { return nil }
            readBuffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// Waits for the next reply on the connection.
    public func receiveReply() throws -> VarlinkReply {
        try ensureOpen()
        while true {
            if let message = try framer.nextMessage() {
                return try VarlinkReply.decode(message, limits: readerLimits)
            }
            let result = readBuffer.withUnsafeMutableBytes { bytes in
                systemCall { recv(descriptor, bytes.baseAddress, bytes.count, 0) }
            }
            switch result {
            case .success(0):
                close()
                throw VarlinkConnectionError(code: .peerClosed, message: "The server closed the connection.")
            case .success(let count):
                readBuffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            case .failure(let error):
                throw failure("receive from", error)
            }
        }
    }

    /// Closes the connection; later calls throw `peerClosed`. Idempotent.
    public func close() {
        guard descriptor >= 0 else { return }
        closeDescriptor(descriptor)
        descriptor = -1
        isStreaming = false
    }

    private func ensureOpen() throws(VarlinkConnectionError) {
        guard descriptor >= 0 else {
            throw VarlinkConnectionError(code: .peerClosed, message: "The connection is closed; connect again.")
        }
    }

    private func failure(_ action: String, _ error: Errno) -> VarlinkConnectionError {
        if error == .wouldBlock {
            close()
            return VarlinkConnectionError(
                code: .timedOut,
                message: "The server did not answer in time on '\(path)'.",
                errorNumber: error.rawValue
            )
        }
        close()
        return VarlinkConnectionError(
            code: error.rawValue == EPIPE || error.rawValue == ECONNRESET ? .peerClosed : .systemCallFailed,
            message: "Failed to \(action) '\(path)': \(error)",
            errorNumber: error.rawValue
        )
    }
}
