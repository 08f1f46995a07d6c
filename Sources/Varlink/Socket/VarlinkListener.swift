import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A listening Unix stream socket for a `VarlinkServer`: bound to a path here, or adopted from the
/// service manager (socket activation).
///
/// The server takes the descriptor over when it starts. A listener never handed to a server closes its
/// descriptor when released (and removes the socket file it created).
public final class VarlinkListener: Sendable {
    /// The default `listen(2)` backlog: connections the kernel queues before `accept` takes them.
    public static let defaultBacklog: Int32 = 128

    /// The socket path, when known (always for `listen(path:)`; when given for `adopt`).
    public let path: String?
    /// The listening descriptor (close-on-exec, non-blocking).
    let descriptor: Int32
    /// Device and inode of the socket file this listener created, so that only that file is removed.
    private let createdFile: (device: UInt64, inode: UInt64)?
    /// Whether a server took the descriptor (it then closes it) or it was closed.
    private let released = Locked(false)

    private init(descriptor: Int32, path: String?, createdFile: (device: UInt64, inode: UInt64)?) {
        self.descriptor = descriptor
        self.path = path
        self.createdFile = createdFile
    }

    deinit {
        if !released.withLock({ $0 }) {
            closeDescriptor(descriptor)
            removeSocketFile()
        }
    }

    /// Binds and listens on `path`, with the socket file's permissions set to `mode`.
    ///
    /// A socket file left behind by a server that is gone (nothing answers a connect on it) is
    /// replaced. A live server's socket, and any file that is not a socket, are left alone.
    ///
    /// - Parameters:
    ///   - path: the socket path; at most 107 bytes (unix(7)). Its directory must exist.
    ///   - mode: the permission bits of the socket file, e.g. `0o666` to let every local user connect
    ///     (authorize by peer credentials) or `0o660` for the owner and group only.
    ///   - backlog: the `listen(2)` backlog.
    /// - Throws: `VarlinkSocketError`: `invalidPath`, `addressInUse` (a live server answers),
    ///   `notASocket` (the path is another kind of file), or `systemCallFailed`.
    public static func listen(
        path: String,
        mode: UInt32 = 0o666,
        backlog: Int32 = defaultBacklog
    ) throws(VarlinkSocketError) -> VarlinkListener {
        let descriptor: Int32
        switch UnixSocket.create(blocking: false) {
        case .success(let created): descriptor = created
        case .failure(let error): throw .systemCall("create a socket for", error, path)
        }
        do throws(VarlinkSocketError) {
            try bindReplacingStaleSocket(descriptor, path: path)
            if case .failure(let error) = systemCall({ chmod(path, mode_t(mode)) }) {
                throw VarlinkSocketError.systemCall("set the permissions of", error, path)
            }
            if case .failure(let error) = systemCall({ Glibc.listen(descriptor, backlog) }) {
                throw VarlinkSocketError.systemCall("listen on", error, path)
            }
            var status = stat()
            guard stat(path, &status) == 0 else { throw VarlinkSocketError.systemCall("stat", .current, path) }
            return VarlinkListener(
                descriptor: descriptor,
                path: path,
                createdFile: (UInt64(status.st_dev), UInt64(status.st_ino))
            )
        } catch {
            closeDescriptor(descriptor)
            throw error
        }
    }

    /// Adopts a listening socket passed by the service manager (e.g. fd 3 from `sd_listen_fds`).
    ///
    /// The descriptor must be a listening Unix stream socket; it is made non-blocking and close-on-exec.
    /// Its socket file (if any) belongs to the service manager and is never removed here.
    ///
    /// - Parameters:
    ///   - fileDescriptor: the listening descriptor; the listener owns it from now on (on failure it
    ///     stays the caller's, open).
    ///   - path: the socket path, for reports only.
    /// - Throws: `VarlinkSocketError` with code `notASocket` or `systemCallFailed`.
    public static func adopt(fileDescriptor: Int32, path: String? = nil) throws(VarlinkSocketError) -> VarlinkListener {
        let name = path ?? "file descriptor \(fileDescriptor)"
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0 else { throw .systemCall("stat", .current, name) }
        var accepting: Int32 = 0
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        let isListeningStream =
            (status.st_mode & S_IFMT) == S_IFSOCK
            && getsockopt(fileDescriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0 && accepting == 1
            && getsockopt(fileDescriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0
            && type == Int32(SOCK_STREAM.rawValue)
        guard isListeningStream else {
            throw VarlinkSocketError(
                code: .notASocket,
                message: "\(name) is not a listening stream socket; pass the descriptor of a ListenStream= socket.",
                parameter: name
            )
        }
        let flags = fcntl(fileDescriptor, F_GETFL)
        guard flags >= 0, fcntl(fileDescriptor, F_SETFL, flags | O_NONBLOCK) == 0,
            fcntl(fileDescriptor, F_SETFD, FD_CLOEXEC) == 0
        else { throw .systemCall("configure", .current, name) }
        return VarlinkListener(descriptor: fileDescriptor, path: path, createdFile: nil)
    }

    /// Hands the descriptor to a server, which closes it; `nil` when already taken or closed.
    func take() -> Int32? {
        released.withLock { released in
            if released { return nil }
            released = true
            return descriptor
        }
    }

    /// Removes the socket file this listener created, if it is still that file (another server may
    /// have replaced it since).
    func removeSocketFile() {
        guard let path, let createdFile else { return }
        var status = stat()
        guard lstat(path, &status) == 0, UInt64(status.st_dev) == createdFile.device,
            UInt64(status.st_ino) == createdFile.inode
        else { return }
        unlink(path)
    }

    private static func bindReplacingStaleSocket(_ descriptor: Int32, path: String) throws(VarlinkSocketError) {
        guard
            let first = UnixSocketAddress.with(
                path: path,
                { address, length in
                    systemCall { bind(descriptor, address, length) }
                })
        else {
            throw VarlinkSocketError(
                code: .invalidPath,
                message: "'\(path)' is not a usable socket path; use a non-empty path of at most"
                    + " \(UnixSocketAddress.maximumPathBytes) bytes.",
                parameter: path
            )
        }
        guard case .failure(let error) = first else { return }
        guard error.rawValue == EADDRINUSE else { throw .systemCall("bind", error, path) }
        try checkStale(path)
        unlink(path)
        let second = UnixSocketAddress.with(path: path) { address, length in
            systemCall { bind(descriptor, address, length) }
        }
        if case .failure(let error)? = second { throw .systemCall("bind", error, path) }
    }

    /// Returns when `path` is a socket nothing answers on; throws when it is live or not a socket.
    private static func checkStale(_ path: String) throws(VarlinkSocketError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            throw VarlinkSocketError(
                code: .notASocket,
                message: "'\(path)' exists and is not a socket; remove it or choose another path.",
                parameter: path
            )
        }
        let probe: Int32
        switch UnixSocket.create(blocking: true) {
        case .success(let created): probe = created
        case .failure(let error): throw .systemCall("create a socket to probe", error, path)
        }
        defer { closeDescriptor(probe) }
        let result = UnixSocketAddress.with(path: path) { address, length in
            systemCall { connect(probe, address, length) }
        }
        // ECONNREFUSED: the file is there but no process listens; anything else (success, or EAGAIN
        // for a full backlog) means a server is alive.
        if case .failure(let error)? = result, error.rawValue == ECONNREFUSED || error.rawValue == ENOENT { return }
        throw VarlinkSocketError(
            code: .addressInUse,
            message: "A server already answers on '\(path)'; stop it or choose another path.",
            parameter: path
        )
    }
}
