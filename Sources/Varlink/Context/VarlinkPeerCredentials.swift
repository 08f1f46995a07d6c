/// The identity of the process at the other end of a Unix socket, as the kernel reported it when the
/// connection was made (`SO_PEERCRED`, socket(7)).
///
/// The values are those of the peer at `connect()` time; a process that later changes its user keeps
/// the connection's original identity. Use `uid` to authorize.
public struct VarlinkPeerCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The peer's process ID; 0 when unknown.
    public var pid: Int32
    /// The peer's effective user ID.
    public var uid: UInt32
    /// The peer's effective group ID.
    public var gid: UInt32

    /// Creates credentials.
    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    /// `pid=… uid=… gid=…`.
    public var description: String { "pid=\(pid) uid=\(uid) gid=\(gid)" }
}
