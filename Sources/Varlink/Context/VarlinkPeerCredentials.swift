/// The identity of the process at the other end of a Unix socket, as the kernel reported it when the
/// connection was made (`SO_PEERCRED` and `SO_PEERGROUPS`, socket(7)).
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
    /// The peer's supplementary groups at connect time (`SO_PEERGROUPS`), as the kernel holds them for
    /// the process, whatever the user database says; empty when it has none or they could not be read.
    public var groups: [UInt32]

    /// Creates credentials.
    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// `pid=… uid=… gid=…`.
    public var description: String { "pid=\(pid) uid=\(uid) gid=\(gid)" }
}
