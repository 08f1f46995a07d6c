import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Connections made by another user: a child process started with `setpriv --reuid --regid
/// --clear-groups` connects to the daemon, so the daemon reads that user's credentials (`SO_PEERCRED`
/// is taken at `connect`), and hands the connected socket back over a socket pair (`SCM_RIGHTS`,
/// unix(7)). The test then talks on it like on any ``RawConnection``.
///
/// The child stays alive until the connection is given back with ``release()``, so that the pid the
/// daemon saw still names a process of that user.
final class OtherUserConnection {
    /// `nobody` on Debian: a uid and gid no file of the test belongs to.
    static let nobody: UInt32 = 65534

    /// The connection, as the other user.
    let connection: RawConnection
    private let child: ChildProcess
    private var channel: Int32

    /// The child's program: connect to argv[1], send the socket over descriptor 3, wait for its end to
    /// close. `-I` keeps it from reading anything of root's (the user site, the environment).
    private static let script = """
        import socket, sys
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(sys.argv[1])
        channel = socket.socket(fileno=3)
        socket.send_fds(channel, [b"c"], [connection.fileno()])
        channel.recv(1)
        """

    /// Connects to `socketPath` as `uid` (and gid `uid`) with no supplementary groups.
    init(socketPath: String, uid: UInt32 = nobody) throws {
        guard geteuid() == 0 else {
            throw HarnessFailure("connecting as uid \(uid) needs root (setpriv changes the uid); run the tests as root")
        }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HarnessFailure.systemCall("socketpair")
        }
        let command = [
            "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "/usr/bin/python3", "-I", "-c", Self.script,
            socketPath,
        ]
        let spawned: ChildProcess
        do {
            // The child's descriptor 3 (dup2 clears close-on-exec on it only).
            spawned = try ChildProcess(
                executable: "/usr/bin/setpriv", arguments: command, environment: ["PATH=/usr/bin:/bin"],
                descriptors: [(pair[1], 3)])
        } catch {
            for descriptor in pair { _ = Glibc.close(descriptor) }
            throw error
        }
        _ = Glibc.close(pair[1])
        child = spawned
        channel = pair[0]
        do {
            connection = try RawConnection(adopting: try Self.receiveDescriptor(on: pair[0]))
        } catch {
            _ = Glibc.close(pair[0])
            channel = -1
            _ = spawned.finishBlocking()
            throw error
        }
    }

    /// Closes the connection and lets the child exit.
    func release() {
        connection.close()
        if channel >= 0 {
            _ = Glibc.close(channel)
            channel = -1
            _ = child.finishBlocking()
        }
    }

    deinit { release() }

    /// Receives one descriptor sent with `SCM_RIGHTS` on `channel`, blocking until it comes or the child
    /// ends (which fails).
    private static func receiveDescriptor(on channel: Int32) throws -> Int32 {
        guard let message = NotifyReceiver.receiveMessage(on: channel, waiting: true), !message.text.isEmpty else {
            throw HarnessFailure("the setpriv child sent no connection (is /usr/bin/python3 there?)")
        }
        guard let descriptor = message.fileDescriptors.first else {
            throw HarnessFailure("the setpriv child's message carried no descriptor")
        }
        return descriptor
    }
}
