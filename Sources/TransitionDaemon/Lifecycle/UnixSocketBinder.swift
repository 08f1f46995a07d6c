#if canImport(Glibc)
    import Glibc
#endif

/// Binds and listens on a Unix stream socket path the way a daemon without socket activation must:
/// creates the socket's directory when missing, replaces a socket file left by a server that is gone,
/// refuses to touch a live server's socket or a file that is not a socket, sets the file's mode and
/// group, and listens.
enum UnixSocketBinder {
    /// The `listen(2)` backlog: `SOMAXCONN` on Linux since 5.4; the kernel caps it at
    /// /proc/sys/net/core/somaxconn anyway. Connections queue here while the daemon restarts.
    static let backlog: Int32 = 4096
    /// The mode of a socket directory the daemon creates: others must be able to reach the socket;
    /// the socket file's own mode decides who may connect.
    static let directoryMode: mode_t = 0o755

    /// A bound, listening socket and the identity of the file it created.
    struct Bound {
        var fileDescriptor: Int32
        var device: UInt64
        var inode: UInt64
    }

    /// Binds `path`. The descriptor is close-on-exec and blocking (the server makes it non-blocking).
    ///
    /// - Throws: `LifecycleError`: `.socketInUse` when a server answers on `path` or it is another kind
    ///   of file; `.socketFailed` with the errno otherwise.
    static func bind(path: String, mode: UInt32, groupID: UInt32?) throws(LifecycleError) -> Bound {
        try makeParentDirectory(of: path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure("create a socket for", path, errno) }
        do throws(LifecycleError) {
            try bindReplacingStaleSocket(descriptor, path: path)
            guard chmod(path, mode_t(mode)) == 0 else { throw failure("set the mode of", path, errno) }
            if let groupID, chown(path, uid_t.max, groupID) != 0 {
                throw LifecycleError(
                    code: .socketFailed,
                    message: "Failed to give socket \(path) to group \(groupID); run as root or "
                        + "as a member of the group", parameter: path, errno: errno)
            }
            guard listen(descriptor, backlog) == 0 else { throw failure("listen on", path, errno) }
            var status = stat()
            guard stat(path, &status) == 0 else { throw failure("inspect", path, errno) }
            return Bound(fileDescriptor: descriptor, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Removes the socket file at `path` if it is still a socket with the `device` and `inode` recorded
    /// at bind time (another daemon may have replaced it since; a file system may hand a freed inode
    /// number to the next file, so the type is checked too). Returns whether it removed it.
    @discardableResult
    static func removeSocketFile(path: String, device: UInt64, inode: UInt64) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK, UInt64(status.st_dev) == device,
            UInt64(status.st_ino) == inode
        else {
            return false
        }
        return unlink(path) == 0
    }

    private static func bindReplacingStaleSocket(_ descriptor: Int32, path: String) throws(LifecycleError) {
        if try bind(descriptor, to: path) { return }
        // EADDRINUSE: the file exists. Replace it only if it is a socket nobody answers on.
        var status = stat()
        guard lstat(path, &status) == 0 else { throw failure("inspect", path, errno) }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            throw LifecycleError(
                code: .socketInUse,
                message:
                    "Failed to bind socket \(path): the path exists and is not a socket; remove it or choose another Path=",
                parameter: path)
        }
        guard !isAnswering(path) else {
            throw LifecycleError(
                code: .socketInUse,
                message:
                    "Failed to bind socket \(path): another server is listening on it; stop it or choose another Path=",
                parameter: path)
        }
        guard unlink(path) == 0 || errno == ENOENT else { throw failure("remove the stale socket", path, errno) }
        guard try bind(descriptor, to: path) else {
            throw LifecycleError(
                code: .socketInUse, message: "Failed to bind socket \(path): it was created again meanwhile",
                parameter: path, errno: EADDRINUSE)
        }
    }

    /// Binds; false on EADDRINUSE, throws on other errors.
    private static func bind(_ descriptor: Int32, to path: String) throws(LifecycleError) -> Bool {
        let result = withSocketAddress(path) { address, length in Glibc.bind(descriptor, address, length) }
        if result == 0 { return true }
        let number = errno
        if number == EADDRINUSE { return false }
        throw failure("bind socket", path, number)
    }

    /// Whether a server accepts connections on `path` (a connect that is not refused).
    private static func isAnswering(_ path: String) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return true }
        defer { close(probe) }
        let result = withSocketAddress(path) { address, length in connect(probe, address, length) }
        // ECONNREFUSED: a socket file with no listener behind it, the mark of a server that is gone.
        return result == 0 || errno != ECONNREFUSED
    }

    private static func makeParentDirectory(of path: String) throws(LifecycleError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        if mkdir(directory, directoryMode) != 0 && errno != EEXIST {
            throw failure("create the socket directory", directory, errno)
        }
    }

    /// Calls `body` with a `sockaddr_un` for `path` (which callers keep within 107 bytes).
    static func withSocketAddress<Result>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { storage in
            storage.copyBytes(from: bytes)
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    private static func failure(_ action: String, _ path: String, _ number: Int32) -> LifecycleError {
        LifecycleError(code: .socketFailed, message: "Failed to \(action) \(path)", parameter: path, errno: number)
    }
}
