/// Who may change stacks in this run: `Ownership=` resolved against the user namespace the daemon
/// finds itself in at start.
///
/// ```swift
/// let access = EffectiveAccess.resolve(configuration.access, mapping: UserNamespaceMapping.current())
/// log.accessMode(access)                      // one entry saying which mode and why
/// serviceConfiguration.ownership = access.ownership == .shared ? .shared : .perUser
/// serviceConfiguration.controlGroup = access.controlGroupID
/// ```
public struct EffectiveAccess: Sendable, Hashable {
    /// How stacks are owned in this run.
    public enum Ownership: String, Sendable, Hashable {
        /// A stack belongs to the uid that created it; its owner, root and the control group may change it.
        case perUser = "per-user"
        /// Every client that can open the socket may change every stack.
        case shared
    }

    /// The mode in force.
    public var ownership: Ownership
    /// Members of this group may change every stack (per-user ownership only).
    public var controlGroupID: UInt32?
    /// Whether peer uids are exact: false when the user namespace collapses clients onto the
    /// overflow uid (`PrivateUsers=yes`).
    public var peerUserIDsAreExact: Bool
    /// The uid that clients outside the namespace's map read as.
    public var overflowUserID: UInt32
    /// One sentence saying which mode is in force and why, for the log.
    public var explanation: String

    /// Resolves `settings` for a process whose user namespace has `mapping` (nil: unknown, treated as
    /// the initial namespace, where /proc is missing only in unusual sandboxes).
    ///
    /// - `auto`: per-user when peer uids are exact, shared otherwise.
    /// - `per-user` or `shared`: as written. Per-user in a collapsing namespace is allowed (every
    ///   non-root client then reads as the same overflow uid and so owns every stack it can see); the
    ///   explanation says so.
    public static func resolve(
        _ settings: DaemonConfiguration.AccessSettings,
        mapping: UserNamespaceMapping?,
        overflowUserID: UInt32 = UserNamespaceMapping.overflowUserID()
    ) -> EffectiveAccess {
        let exact = mapping?.distinguishesRegularUsers ?? true
        let ownership: Ownership
        let explanation: String
        switch (settings.ownership, exact) {
        case (.automatic, true):
            ownership = .perUser
            explanation = "Stacks are owned per user: client user ids are exact"
        case (.automatic, false):
            ownership = .shared
            explanation =
                "Stacks are shared by every client that can open the socket: the daemon runs in a user namespace "
                + "(PrivateUsers=yes) where client user ids read as \(overflowUserID)"
        case (.perUser, true):
            ownership = .perUser
            explanation = "Stacks are owned per user (Ownership=per-user)"
        case (.perUser, false):
            ownership = .perUser
            explanation =
                "Stacks are owned per user (Ownership=per-user), but the daemon runs in a user namespace where "
                + "every non-root client reads as uid \(overflowUserID), so those clients share ownership"
        case (.shared, _):
            ownership = .shared
            explanation = "Stacks are shared by every client that can open the socket (Ownership=shared)"
        }
        return EffectiveAccess(
            ownership: ownership,
            controlGroupID: ownership == .perUser ? settings.controlGroup?.id : nil,
            peerUserIDsAreExact: exact,
            overflowUserID: overflowUserID,
            explanation: explanation
        )
    }
}
