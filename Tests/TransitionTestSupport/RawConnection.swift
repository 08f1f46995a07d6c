#if canImport(Glibc)
    import Glibc
#endif

/// A Unix stream connection that sends exactly the bytes it is given and splits what comes back at
/// NUL bytes (Varlink's framing, varlink.org "Protocol"), with no JSON of its own: the way to send the
/// daemon messages no well-behaved client would.
///
/// The socket is non-blocking; every wait is a `poll` bounded by a ``Deadline``.
public final class RawConnection {
    /// What reading the next message found.
    public enum Received: Equatable, CustomStringConvertible {
        /// One message, without its NUL terminator.
        case message([UInt8])
        /// The daemon closed the connection (end of file or a reset) with nothing more to read.
        case closed
        /// The deadline passed with neither.
        case timedOut

        public var description: String {
            switch self {
            case .message(let bytes): return "message " + String(decoding: bytes, as: UTF8.self)
            case .closed: return "closed"
            case .timedOut: return "timed out"
            }
        }
    }

    /// The largest reply kept: replies are small except `GetStack` with screens and frames.
    public static let maximumReplyBytes = 16 << 20

    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    /// Connects to the socket at `path` as this process.
    public init(path: String) throws {
        let address = try UnixSocketAddress(path)
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw HarnessFailure.systemCall("socket") }
        guard address.connect(socketDescriptor) == 0 else {
            let code = errno
            _ = Glibc.close(socketDescriptor)
            throw HarnessFailure.systemCall("connect \(path)", code)
        }
        descriptor = socketDescriptor
        try makeNonBlocking()
    }

    /// Takes over a connected socket (one another process connected, so that it carries that process's
    /// credentials).
    public init(adopting connectedDescriptor: Int32) throws {
        descriptor = connectedDescriptor
        try makeNonBlocking()
    }

    private func makeNonBlocking() throws {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw HarnessFailure.systemCall("fcntl O_NONBLOCK", code)
        }
    }

    deinit { close() }

    /// The socket's descriptor (-1 once closed): to hand the connection to another process.
    public var fileDescriptor: Int32 { descriptor }

    /// Closes the connection; idempotent.
    public func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Sends `bytes`, waiting for room as needed.
    ///
    /// - Returns: false when the daemon closed the connection before taking them all (it may have
    ///   stopped reading a message it refused); the replies it sent before are still readable.
    @discardableResult
    public func send(_ bytes: [UInt8], deadline: Deadline = Deadline()) throws -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent >= 0 {
                offset += sent
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN: try waitFor(Int16(POLLOUT), deadline: deadline, operation: "send")
            case EPIPE, ECONNRESET: return false
            default: throw HarnessFailure.systemCall("send")
            }
        }
        return true
    }

    /// Sends the JSON text of one call followed by its NUL terminator.
    public func send(call text: String) throws {
        guard try send(Array(text.utf8) + [0]) else { throw HarnessFailure("the daemon closed the connection") }
    }

    /// The next NUL-terminated message, a close, or a timeout.
    public func receive(deadline: Deadline = Deadline()) throws -> Received {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return .message(message)
            }
            if ended { return .closed }
            guard buffer.count <= Self.maximumReplyBytes else {
                throw HarnessFailure("a reply longer than \(Self.maximumReplyBytes) bytes")
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                ended = true
            } else {
                switch errno {
                case EINTR: continue
                case ECONNRESET: ended = true
                case EAGAIN:
                    guard try poll(Int16(POLLIN), deadline: deadline) else { return .timedOut }
                default: throw HarnessFailure.systemCall("recv")
                }
            }
        }
    }

    /// Sends one call and returns its reply's bytes.
    public func call(_ text: String, deadline: Deadline = Deadline()) throws -> [UInt8] {
        try send(call: text)
        switch try receive(deadline: deadline) {
        case .message(let bytes): return bytes
        case let other: throw HarnessFailure("no reply to \(text): \(other)")
        }
    }

    /// Waits until the socket is ready for `events`; false when the deadline passed first.
    private func poll(_ events: Int16, deadline: Deadline) throws -> Bool {
        while true {
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = Glibc.poll(&entry, 1, deadline.remainingMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw HarnessFailure.systemCall("poll")
            }
            if ready > 0 { return true }
            if deadline.hasPassed { return false }
        }
    }

    private func waitFor(_ events: Int16, deadline: Deadline, operation: String) throws {
        guard try poll(events, deadline: deadline) else { throw HarnessFailure("\(operation) timed out") }
    }
}
