import JSON
import TransitionTestSupport
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix socket connection that writes raw bytes and reads raw replies: for driving the server in
/// ways no well-behaved client would (pipelining, garbage, never reading, half-closing).
final class RawConnection {
    private(set) var descriptor: Int32
    private var framer = VarlinkFramer(maximumMessageBytes: 64 << 20)

    init(path: String) throws {
        let address = try UnixSocketAddress(path)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard address.connect(descriptor) == 0 else {
            Glibc.close(descriptor)
            throw VarlinkSocketError(code: .connectionRefused, message: "connect failed: \(errno)", parameter: path)
        }
        // A test must fail rather than hang when the server does not answer.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    /// Writes all of `bytes`; returns false when the server is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// Writes the encoded calls back to back, in one write.
    @discardableResult
    func write(_ calls: [VarlinkCall]) -> Bool {
        write(calls.flatMap { try! $0.encoded() })
    }

    /// Reads the next reply; `nil` at the end of the stream or after a timeout.
    func readReply() -> VarlinkReply? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let message = try? framer.nextMessage() { return try? VarlinkReply.decode(message) }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            framer.append(Array(buffer[0..<count]))
        }
    }

    /// Reads until the server closes the connection; true when it did (false after a timeout).
    func readsEndOfStream() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Shuts down the writing side: the server sees the end of input but can still reply.
    func shutdownWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
