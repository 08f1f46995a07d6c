import Varlink

/// Who may change a stack: its owner, root, and members of the control group. Anyone connected may read
/// and subscribe.
///
/// Identities come from `SO_PEERCRED` (uid, gid and pid at connect time). Group membership counts the
/// peer's primary gid and its supplementary groups as the kernel held them at connect time
/// (`SO_PEERGROUPS`, `VarlinkPeerCredentials.groups`): what the process really holds (a client started
/// with `setpriv --clear-groups` has none), read with no user database and no `/proc`, which the shipped
/// unit hides (`ProtectProc=invisible`). A peer whose credentials could not be read (uid `UInt32.max`) may
/// change nothing.
struct AccessPolicy: Sendable {
    /// The uid with every right.
    static let rootUid: UInt32 = 0

    /// Whether every client may change every stack (`ServiceConfiguration.Ownership.shared`).
    var shared = false
    /// The group whose members may change every stack, or `nil` for none.
    var controlGroup: UInt32?

    /// Whether `peer` may change a stack owned by `owner`.
    func mayChange(ownedBy owner: UInt32, peer: VarlinkPeerCredentials) -> Bool {
        if shared { return true }
        guard peer.uid != .max else { return false }
        return peer.uid == owner || isPrivileged(peer)
    }

    /// Whether `peer` may take over a gesture another connection drives: root and the control group (and
    /// everyone when ownership is shared), not a stack's owner, whose own connection drives it or may.
    func mayTakeOverGestures(peer: VarlinkPeerCredentials) -> Bool {
        if shared { return true }
        guard peer.uid != .max else { return false }
        return isPrivileged(peer)
    }

    /// Whether `peer` is root or a member of the control group.
    private func isPrivileged(_ peer: VarlinkPeerCredentials) -> Bool {
        if peer.uid == Self.rootUid { return true }
        guard let controlGroup else { return false }
        return peer.gid == controlGroup || peer.groups.contains(controlGroup)
    }
}
