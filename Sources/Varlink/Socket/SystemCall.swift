import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Closes a file descriptor, ignoring errors: after close(2) fails the descriptor is released anyway
/// on Linux, and retrying could close a descriptor another thread just opened (close(2), NOTES).
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// Unix stream sockets.
enum UnixSocket {
    /// `socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)`, non-blocking unless `blocking`.
    static func create(blocking: Bool) -> Result<Int32, Errno> {
        var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if !blocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
        return systemCall { socket(AF_UNIX, type, 0) }
    }

    /// Connects `descriptor` to the socket at `path`; `nil` when the path is not usable.
    static func connect(_ descriptor: Int32, path: String) -> Result<Int32, Errno>? {
        UnixSocketAddress.with(path: path) { address, length in
            systemCall { Glibc.connect(descriptor, address, length) }
        }
    }
}

/// A Unix socket address for a file-system path.
enum UnixSocketAddress {
    /// The longest path that fits `sockaddr_un.sun_path` with its NUL terminator (unix(7): 108 bytes).
    static let maximumPathBytes = 107

    /// Calls `body` with a `sockaddr_un` for `path`, or returns `nil` when the path is empty, too long
    /// or contains a NUL byte.
    static func with<Result>(
        path: String,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result? {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumPathBytes, !bytes.contains(0) else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
