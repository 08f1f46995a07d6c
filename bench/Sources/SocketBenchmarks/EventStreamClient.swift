import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A reader of one Server-Sent Events response on a raw TCP socket: it sends the request and counts the
/// relayed frames (`{"parameters":{"frame"` in the bytes), nothing else.
final class EventStreamClient {
    private let descriptor: Int32
    private let marker = Array(#"{"parameters":{"frame""#.utf8)
    private var matched = 0

    init(port: UInt16, path: String) throws(BenchmarkFailure) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchmarkFailure("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw BenchmarkFailure("connect to 127.0.0.1:\(port): errno \(errno)")
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        guard
            request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == request.count
        else {
            Glibc.close(descriptor)
            throw BenchmarkFailure("sending the request failed: errno \(errno)")
        }
    }

    /// Reads for `seconds` and returns the frames and bytes received, or nil when the stream ended.
    func read(seconds: Double) -> (frames: Int, bytes: Int)? {
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var frames = 0
        var bytes = 0
        let deadline = monotonicSeconds() + seconds
        while true {
            let left = deadline - monotonicSeconds()
            if left <= 0 { return (frames, bytes) }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, left * 1000))) >= 0 || errno == EINTR else { return nil }
            guard entry.revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += count
            for byte in buffer[0..<count] {
                if byte == marker[matched] {
                    matched += 1
                    if matched == marker.count {
                        frames += 1
                        matched = 0
                    }
                } else {
                    matched = byte == marker[0] ? 1 : 0
                }
            }
        }
    }

    func close() {
        Glibc.close(descriptor)
    }
}
