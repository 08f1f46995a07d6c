import Varlink

/// Who may change a stack: its owner, root, and members of the control group. Anyone connected may read
/// and subscribe.
///
/// Identities come from `SO_PEERCRED` (uid, gid and pid at connect time). Group membership counts the
/// peer's primary gid and its supplementary groups as `ProcessGroups` reads them. A peer whose
/// credentials could not be read (uid `UInt32.max`) may change nothing.
struct AccessPolicy: Sendable {
    /// The uid with every right.
    static let rootUid: UInt32 = 0

    /// Whether every client may change every stack (`ServiceConfiguration.Ownership.shared`).
    var shared = false
    /// The group whose members may change every stack, or `nil` for none.
    var controlGroup: UInt32?

    /// Whether `peer` may change a stack owned by `owner`. `groups` is asked for the peer's supplementary
    /// groups only when the answer depends on them.
    func mayChange(ownedBy owner: UInt32, peer: VarlinkPeerCredentials, groups: () -> [UInt32]?) -> Bool {
        if shared { return true }
        guard peer.uid != .max else { return false }
        if peer.uid == Self.rootUid || peer.uid == owner { return true }
        guard let controlGroup else { return false }
        if peer.gid == controlGroup { return true }
        return groups()?.contains(controlGroup) ?? false
    }
}
