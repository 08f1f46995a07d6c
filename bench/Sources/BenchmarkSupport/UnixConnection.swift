import CBenchmarkTools

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking Unix stream connection: a request sent whole and its reply read up to a terminator
/// (Varlink's NUL, RESP's CRLF). For idle clients, peers' clients and a load beside a measurement.
public final class UnixConnection {
    /// The connected socket.
    public private(set) var descriptor: Int32

    /// Connects to `path`; nil when it cannot.
    public init?(path: String) {
        let socketDescriptor = bench_connect_unix(path)
        guard socketDescriptor >= 0 else { return nil }
        descriptor = socketDescriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Sends `bytes` whole; false on failure.
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads until `count` occurrences of `terminator` have arrived; returns what was read, or nil when
    /// the connection ended first.
    public func receive(until terminator: [UInt8], count: Int = 1) -> [UInt8]? {
        var received: [UInt8] = []
        var found = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        var scanned = 0
        while found < count {
            let read = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return nil }
            received += chunk[0..<read]
            while scanned + terminator.count <= received.count {
                if Array(received[scanned..<(scanned + terminator.count)]) == terminator {
                    found += 1
                    scanned += terminator.count
                } else {
                    scanned += 1
                }
            }
        }
        return received
    }
}
