#if canImport(Glibc)
    import Glibc
#endif

/// Connections made by another process, as another user or as this one: a child process (`python3`,
/// started with `setpriv --reuid --regid --clear-groups` for another user) connects to the daemon, so the
/// daemon reads that process's credentials (`SO_PEERCRED` is taken at `connect`), and hands the connected
/// sockets back over a socket pair (`SCM_RIGHTS`, unix(7)). The test then talks on them like on any
/// ``RawConnection``.
///
/// The child stays alive until the connections are given back with ``release()``, so that the pid the
/// daemon saw still names a process of that user.
public final class OtherProcessConnections {
    /// `nobody` on Debian: a uid and gid no file of the test belongs to.
    public static let nobody: UInt32 = 65534

    /// The connections, in the order the child made them, all with the child's credentials.
    public let connections: [RawConnection]
    /// The first connection.
    public var connection: RawConnection { connections[0] }
    /// The process the daemon sees as the client.
    public var pid: pid_t { child.pid }
    private let child: ChildProcess
    private var channel: Int32

    /// The child's program: connect to argv[1] argv[2] times, send the sockets over descriptor 3, wait for
    /// its end to close. `-I` keeps it from reading anything of root's (the user site, the environment).
    private static let script = """
        import socket, sys
        connections = [socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) for _ in range(int(sys.argv[2]))]
        for connection in connections:
            connection.connect(sys.argv[1])
        channel = socket.socket(fileno=3)
        socket.send_fds(channel, [b"c"], [connection.fileno() for connection in connections])
        channel.recv(1)
        """

    /// Connects to `socketPath` `count` times from a child process: as `uid` (and gid `uid`) with no
    /// supplementary groups, or as this process's user when `uid` is nil.
    public init(socketPath: String, uid: UInt32? = nobody, count: Int = 1) throws {
        if let uid, geteuid() != 0 {
            throw HarnessFailure("connecting as uid \(uid) needs root (setpriv changes the uid); run the tests as root")
        }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HarnessFailure.systemCall("socketpair")
        }
        let python = ["/usr/bin/python3", "-I", "-c", Self.script, socketPath, String(count)]
        let spawned: ChildProcess
        do {
            // The child's descriptor 3 (dup2 clears close-on-exec on it only).
            if let uid {
                spawned = try ChildProcess(
                    executable: "/usr/bin/setpriv",
                    arguments: ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"] + python,
                    environment: ["PATH=/usr/bin:/bin"], descriptors: [(pair[1], 3)])
            } else {
                spawned = try ChildProcess(
                    executable: python[0], arguments: Array(python.dropFirst()), environment: ["PATH=/usr/bin:/bin"],
                    descriptors: [(pair[1], 3)])
            }
        } catch {
            for descriptor in pair { _ = Glibc.close(descriptor) }
            throw error
        }
        _ = Glibc.close(pair[1])
        child = spawned
        channel = pair[0]
        do {
            connections = try Self.receiveDescriptors(on: pair[0], count: count).map {
                try RawConnection(adopting: $0)
            }
        } catch {
            _ = Glibc.close(pair[0])
            channel = -1
            _ = spawned.finishBlocking()
            throw error
        }
    }

    /// Closes the connections and lets the child exit.
    public func release() {
        for connection in connections { connection.close() }
        if channel >= 0 {
            _ = Glibc.close(channel)
            channel = -1
            _ = child.finishBlocking()
        }
    }

    deinit { release() }

    /// Receives `count` descriptors sent with `SCM_RIGHTS` on `channel`, blocking until they come or the
    /// child ends (which fails).
    private static func receiveDescriptors(on channel: Int32, count: Int) throws -> [Int32] {
        guard let message = NotifyReceiver.receiveMessage(on: channel, waiting: true), !message.text.isEmpty else {
            throw HarnessFailure("the child sent no connection (is /usr/bin/python3 there?)")
        }
        guard message.fileDescriptors.count == count else {
            for descriptor in message.fileDescriptors { _ = Glibc.close(descriptor) }
            throw HarnessFailure(
                "the child's message carried \(message.fileDescriptors.count) descriptors, not \(count)")
        }
        return message.fileDescriptors
    }
}
