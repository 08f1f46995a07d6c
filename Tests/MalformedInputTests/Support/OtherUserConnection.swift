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
    private let child: pid_t
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // dup2 clears close-on-exec on descriptor 3 only.
        posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
        let command = [
            "/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups",
            "/usr/bin/python3", "-I", "-c", Self.script, socketPath,
        ]
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        _ = Glibc.close(pair[1])
        guard result == 0 else {
            _ = Glibc.close(pair[0])
            throw HarnessFailure.systemCall("posix_spawn setpriv", result)
        }
        child = pid
        channel = pair[0]
        do {
            connection = try RawConnection(adopting: try Self.receiveDescriptor(on: pair[0]))
        } catch {
            _ = Glibc.close(pair[0])
            channel = -1
            Self.reap(pid)
            throw error
        }
    }

    /// Closes the connection and lets the child exit.
    func release() {
        connection.close()
        if channel >= 0 {
            _ = Glibc.close(channel)
            channel = -1
            Self.reap(child)
        }
    }

    deinit { release() }

    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Receives one descriptor sent with `SCM_RIGHTS` on `channel`, blocking until it comes or the child
    /// ends (which fails).
    private static func receiveDescriptor(on channel: Int32) throws -> Int32 {
        // struct cmsghdr on 64-bit Linux: size_t cmsg_len, int cmsg_level, int cmsg_type, then the data,
        // aligned to 8 bytes; CMSG_SPACE(sizeof(int)) is 24. 8 words leave room to spare.
        var control = [UInt64](repeating: 0, count: 8)
        var byte: UInt8 = 0
        let received: Int = withUnsafeMutablePointer(to: &byte) { bytePointer in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: UnsafeMutableRawPointer(bytePointer), iov_len: 1)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var header = msghdr()
                    header.msg_iov = vectorPointer
                    header.msg_iovlen = 1
                    header.msg_control = controlBytes.baseAddress
                    header.msg_controllen = controlBytes.count
                    var count = 0
                    repeat {
                        count = recvmsg(channel, &header, Int32(MSG_CMSG_CLOEXEC))
                    } while count < 0 && errno == EINTR
                    return count
                }
            }
        }
        guard received == 1 else {
            throw HarnessFailure("the setpriv child sent no connection (is /usr/bin/python3 there?)")
        }
        let length = Int(control[0])
        // cmsg_level then cmsg_type, two ints in one little-endian word (x86-64, AArch64).
        let levelAndType = control[1]
        let level = Int32(truncatingIfNeeded: levelAndType & 0xFFFF_FFFF)
        let type = Int32(truncatingIfNeeded: levelAndType >> 32)
        guard length >= 20, level == SOL_SOCKET, type == Int32(SCM_RIGHTS) else {
            throw HarnessFailure("the setpriv child's message carried no descriptor")
        }
        return Int32(truncatingIfNeeded: control[2] & 0xFFFF_FFFF)
    }
}
