/// The limits and policies of a `TransitionService` and the server in front of it. Every limit is
/// named in the `LimitExceeded` error it produces (`limit`), and every property has a default.
public struct ServiceConfiguration: Sendable {
    /// How stacks are owned.
    public enum Ownership: String, Sendable, Equatable {
        /// A stack belongs to the uid that created it: its owner, root and the control group may change
        /// it. Needs exact peer credentials (the daemon in the initial user namespace).
        case perUser
        /// Every client may change every stack; the socket file's permissions are the access control
        /// (for a daemon whose peer uids are not exact, as under `PrivateUsers=yes`, which the shipped
        /// units do not set). `stacksPerUser`
        /// then counts every client's stacks together.
        case shared
    }

    /// The largest call accepted, in bytes (default 1 MiB). A longer one ends its connection, nothing else.
    public var maximumMessageBytes: Int
    /// The most client connections at once (default 4096). One more is sent `LimitExceeded`
    /// (`connections`) and closed.
    public var maximumConnections: Int
    /// The most reply bytes queued for all the connections of one uid and not yet read (default 64 MiB).
    /// The connection whose reply takes the user past it is closed, so one user's slow readers hold at
    /// most this much however many connections it opens.
    public var maximumPendingOutputBytesPerUser: Int
    /// The most connections one uid may have open at once (default 256). One more is sent
    /// `LimitExceeded` (`connectionsPerUser`) and closed.
    public var maximumConnectionsPerUser: Int
    /// What one client or one call may make the daemon hold (`ServiceLimits`); changed while running
    /// with `TransitionService.setLimits`.
    public var limits: ServiceLimits
    /// The most reply bytes queued for one connection and not yet read (default 8 MiB). A connection
    /// whose reader falls further behind is closed.
    public var maximumPendingOutputBytes: Int
    /// Events that may wait for one subscriber before it is ended with `LimitExceeded`
    /// (`subscriberEvents`, default 1024).
    public var subscriberEventCapacity: Int
    /// Above this many unread reply bytes on its connection (default 64 KiB), a subscriber is sent nothing
    /// more until it catches up: frames coalesce (`framesMissed`) and events wait.
    public var subscriberBacklogBytes: Int
    /// How often a subscriber held back by `subscriberBacklogBytes` is looked at again, in milliseconds
    /// (default 4: half a frame at 120 Hz). Only held-back subscribers cost these wake-ups.
    public var subscriberRetryMilliseconds: Int
    /// How stacks are owned (default `perUser`).
    public var ownership: Ownership
    /// The group (gid) whose members may change every stack, besides each stack's owner and root;
    /// `nil` (the default) for none.
    public var controlGroup: UInt32?
    /// Where the service logs.
    public var log: ServiceLog

    /// Creates the default configuration.
    public init() {
        maximumMessageBytes = 1 << 20
        maximumConnections = 4096
        maximumConnectionsPerUser = 256
        maximumPendingOutputBytesPerUser = 64 << 20
        limits = ServiceLimits()
        maximumPendingOutputBytes = 8 << 20
        subscriberEventCapacity = 1024
        subscriberBacklogBytes = 64 << 10
        subscriberRetryMilliseconds = 4
        ownership = .perUser
        controlGroup = nil
        log = .disabled
    }
}
