import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's listening Varlink socket: taken from systemd when it passed one (socket activation,
/// or the file descriptor store after a restart), else bound at the configured path.
///
/// ```swift
/// let passed = try ListenFileDescriptors(unsettingEnvironment: true)     // first thing in main
/// let socket = try ListeningSocket.acquire(passed: passed, settings: configuration.socket)
/// let listener = try VarlinkListener.adopt(fileDescriptor: socket.fileDescriptor, path: socket.path)
/// try socket.storeInServiceManager()    // FDSTORE=1, FDNAME=varlink: a restart gets it back
/// // … on a clean exit (not before a restart):
/// socket.removeSocketFileIfBound()
/// ```
///
/// Under systemd the same socket may arrive twice after a restart, once from the socket unit and once
/// from the store (both named `varlink`); duplicates are closed, one descriptor is used.
public struct ListeningSocket: Sendable, Hashable {
    /// Where the socket came from.
    public enum Origin: String, Sendable, Hashable {
        /// Passed by systemd in `LISTEN_FDS`: from the socket unit or from the file descriptor store.
        case passed
        /// Bound by the daemon at the configured path.
        case bound
    }

    /// The name of the socket in the socket unit (`FileDescriptorName=`) and the file descriptor store.
    public static let fileDescriptorName = "varlink"

    /// The listening descriptor (close-on-exec).
    public let fileDescriptor: Int32
    /// The socket's path: the bound path, or the address of a passed socket (`getsockname`); nil for
    /// an abstract or unnamed socket.
    public let path: String?
    /// Where it came from.
    public let origin: Origin
    /// Passed descriptors that were not used and were closed: duplicates of the socket, and others
    /// that are not listening Unix stream sockets named `varlink` (or unnamed). For the log.
    public let closedDescriptors: [ListenFileDescriptors.Descriptor]
    private let boundFile: FileIdentity?

    private struct FileIdentity: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Takes the passed socket named `varlink` — or, when none has a name, an unnamed (`unknown`) one,
    /// as `systemd-socket-activate -l PATH` passes without `--fdname` — else binds `settings.path`.
    ///
    /// - Throws: `LifecycleError` (`.socketInUse`, `.socketFailed`) when binding fails.
    public static func acquire(
        passed: ListenFileDescriptors,
        settings: DaemonConfiguration.SocketSettings
    ) throws(LifecycleError) -> ListeningSocket {
        let named = passed.descriptors.filter { $0.name == fileDescriptorName }
        let candidates = named.isEmpty ? passed.descriptors.filter { $0.name == ListenFileDescriptors.unnamed } : named
        var chosen: (descriptor: Int32, identity: FileIdentity)?
        var closed: [ListenFileDescriptors.Descriptor] = []
        for descriptor in passed.descriptors {
            let identity = candidates.contains(descriptor) ? listeningIdentity(of: descriptor.fileDescriptor) : nil
            if chosen == nil, let identity {
                chosen = (descriptor.fileDescriptor, identity)
            } else {
                // A duplicate of the chosen socket, or a descriptor this daemon has no use for: closing
                // it keeps it from leaking into the daemon's descriptor table for good.
                close(descriptor.fileDescriptor)
                closed.append(descriptor)
            }
        }
        if let chosen {
            return ListeningSocket(
                fileDescriptor: chosen.descriptor, path: boundPath(of: chosen.descriptor), origin: .passed,
                closedDescriptors: closed, boundFile: nil)
        }
        let bound = try UnixSocketBinder.bind(path: settings.path, mode: settings.mode, groupID: settings.group?.id)
        return ListeningSocket(
            fileDescriptor: bound.fileDescriptor, path: settings.path, origin: .bound, closedDescriptors: closed,
            boundFile: FileIdentity(device: bound.device, inode: bound.inode))
    }

    /// Hands a copy of the socket to systemd's file descriptor store under `varlink` (`FDSTORE=1`), so
    /// that a restart of the service (crash, watchdog, `systemctl restart`) gets the same listening
    /// socket back in `LISTEN_FDS`, with the connections that queued meanwhile. Needs
    /// `FileDescriptorStoreMax=` in the unit. systemd ignores a descriptor it already holds.
    ///
    /// - Returns: false when no service manager listens.
    /// - Throws: `SystemdError` when the notification fails.
    @discardableResult
    public func storeInServiceManager(notifier: any ServiceNotificationSender = Notifier()) throws -> Bool {
        try notifier.storeFileDescriptors([fileDescriptor], name: Self.fileDescriptorName)
    }

    /// Removes the socket file the daemon bound, if it is still that file: for a clean exit, so no
    /// dead socket is left behind. Does nothing for a passed socket (its file belongs to the socket
    /// unit, or to the stored socket that the next start gets back).
    @discardableResult
    public func removeSocketFileIfBound() -> Bool {
        guard let boundFile, let path else { return false }
        return UnixSocketBinder.removeSocketFile(path: path, device: boundFile.device, inode: boundFile.inode)
    }

    /// The socket's identity when it is a listening Unix stream socket, else nil.
    private static func listeningIdentity(of descriptor: Int32) -> FileIdentity? {
        guard (try? ListenFileDescriptors.isListeningUnixStreamSocket(descriptor)) == true else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The path a Unix socket is bound to, or nil for an unnamed or abstract one.
    private static func boundPath(of descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        let path = withUnsafeBytes(of: &address.sun_path) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        // An abstract address starts with NUL, so its prefix is empty.
        return path.isEmpty ? nil : path
    }
}
