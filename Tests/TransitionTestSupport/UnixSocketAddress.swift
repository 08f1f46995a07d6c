#if canImport(Glibc)
    import Glibc
#endif

/// The address of a Unix socket in the file system (`sockaddr_un`, unix(7)): what the tests' bind(2),
/// connect(2) and sendmsg(2) take.
///
/// ```swift
/// let descriptor = CloseOnExec.unixStreamSocket()
/// guard try UnixSocketAddress(path).bind(descriptor) == 0 else { throw HarnessFailure.systemCall("bind") }
/// ```
public struct UnixSocketAddress {
    /// The socket's path.
    public let path: String
    private let address: sockaddr_un

    /// The address of `path`.
    ///
    /// - Throws: `HarnessFailure` when `path` does not fit in `sun_path`: at most 107 bytes of UTF-8, so
    ///   that the terminating NUL fits too.
    public init(_ path: String) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw HarnessFailure("a socket path is at most 107 bytes: \(path)")
        }
        // The rest of `sun_path` stays zero: the path ends with a NUL.
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        self.path = path
        self.address = address
    }

    /// Calls `body` with the address as a `sockaddr` and its length in bytes (`sizeof(sockaddr_un)`), and
    /// returns what it returns. The pointer is valid only during the call.
    public func withSocketAddress<Result>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Result
    ) rethrows -> Result {
        try withUnsafePointer(to: address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Binds `descriptor` to the path with bind(2), which creates the socket file: 0, or -1 with `errno`
    /// set (`EADDRINUSE` when the file exists).
    public func bind(_ descriptor: Int32) -> Int32 {
        withSocketAddress { Glibc.bind(descriptor, $0, $1) }
    }

    /// Connects `descriptor` to the socket at the path with connect(2): 0, or -1 with `errno` set
    /// (`ECONNREFUSED` when nothing listens there, `ENOENT` when there is no such file).
    public func connect(_ descriptor: Int32) -> Int32 {
        withSocketAddress { Glibc.connect(descriptor, $0, $1) }
    }
}
