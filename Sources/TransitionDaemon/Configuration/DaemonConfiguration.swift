import SystemdSupport
import TransitionEngine
import TransitionService

/// Everything the daemon reads from its configuration files and command line, typed and validated.
///
/// Start from `defaults(instance:environment:)` (the daemon runs with no configuration file at all),
/// or load the files with `load(overrides:searchDirectories:environment:)`. Every key of `transitiond.conf` maps
/// to one property here; `DaemonConfigurationSchema` lists them with their defaults and documentation.
public struct DaemonConfiguration: Sendable, Hashable {
    /// The listening socket, when the daemon binds it itself (without socket activation).
    public var socket: SocketSettings
    /// Where stacks are persisted: an absolute directory path.
    public var stateDirectory: String
    /// The display link's rate in frames per second, 1…240.
    public var frameRate: Int
    /// Where user animators (JSON, docs/animators.md) are loaded from: an absolute directory path. A
    /// missing directory means none.
    public var animatorDirectory: String
    /// The least important journal priority logged (`LogLevel=info` drops debug entries).
    public var logLevel: JournalPriority
    /// How long running transitions may take to settle on SIGTERM before they are cancelled, in
    /// microseconds. Must stay below the unit's `TimeoutStopSec=`.
    public var shutdownSettleMicroseconds: UInt64
    /// Whether the display link's threads ask for real-time scheduling (`RealTimeScheduling=`): `auto`
    /// (`.whenAllowed`, the default), `yes` (`.required`: the daemon does not start without it) or `no`.
    public var realTimeScheduling: RealTimeScheduling = .whenAllowed
    /// Whether transitions reduce motion (`ReduceMotion=`, default no), as iOS's Reduce Motion: each runs
    /// its animator's reduced variant, else a cross-fade of the same duration, on every stack without a
    /// setting of its own (SetReduceMotion). A reload applies it to transitions that begin afterwards.
    public var reduceMotion = false
    /// Limits on what clients may use.
    public var limits: Limits
    /// Who may change stacks.
    public var access: AccessSettings
    /// When the watchdog is fed.
    public var watchdog: WatchdogSettings
    /// The daemon instance (`--instance`, `transitiond@NAME.service`), or nil for the only daemon.
    public var instance: String?
    /// The files the configuration was read from, in order (empty: built-in defaults only).
    public var files: [String]

    /// The listening socket the daemon binds when no socket is passed by systemd.
    public struct SocketSettings: Sendable, Hashable {
        /// The socket's absolute path, at most `maximumPathBytes` bytes.
        public var path: String
        /// The socket file's permission bits (0…0777), set with `chmod` after binding.
        public var mode: UInt32
        /// The group the socket file is handed to (`chown`), or nil to keep the daemon's own.
        public var group: GroupReference?

        /// Longest socket path in bytes: `sun_path` holds 108 bytes with the terminating NUL (unix(7)).
        public static let maximumPathBytes = 107
    }

    /// Limits on what clients may use. Each one is named in the `LimitExceeded` error it causes.
    public struct Limits: Sendable, Hashable {
        /// The largest message accepted, in bytes; a longer one ends its connection.
        public var maximumMessageBytes: Int
        /// The most client connections at once.
        public var maximumConnections: Int
        /// The most connections one user may have open at once.
        public var maximumConnectionsPerUser: Int
        /// The most reply bytes queued for one connection and not yet read; a reader further behind
        /// is disconnected.
        public var maximumPendingOutputBytes: Int
        /// The most reply bytes queued for all of one user's connections and not yet read; the connection
        /// that takes the user past it is disconnected.
        public var maximumPendingOutputBytesPerUser: Int
        /// What one user or one call may make the daemon hold (stacks and animators per user, nodes per
        /// call, subscriptions per user); applied on reload.
        public var service: ServiceLimits
        /// What the engine holds: stacks, and per stack screens, tabs, nodes, rules, queued operations,
        /// subscribers and stored bytes; applied on reload.
        public var engine: TransitionEngine.Limits
    }

    /// Who may change stacks (anyone who can open the socket may read and subscribe).
    public struct AccessSettings: Sendable, Hashable {
        /// How stacks are owned; `auto` decides at start from the user namespace (`EffectiveAccess`).
        public var ownership: OwnershipMode
        /// The group whose members may change every stack in per-user ownership, or nil for none.
        public var controlGroup: GroupReference?
    }

    /// When the daemon feeds systemd's watchdog (`WatchdogSec=` in the unit arms it).
    public struct WatchdogSettings: Sendable, Hashable {
        /// How long the clock may go without a tick while something animates, or the engine without
        /// answering, before the daemon stops sending `WATCHDOG=1`, in microseconds.
        public var stallTimeoutMicroseconds: UInt64
    }

    /// How stacks are owned.
    public enum OwnershipMode: String, Sendable, Hashable, CaseIterable {
        /// `per-user` when peer user ids are exact (the daemon is in the initial user namespace or one
        /// that maps every id), `shared` otherwise (`PrivateUsers=yes`).
        case automatic = "auto"
        /// A stack belongs to the uid that created it; its owner, root and the control group may
        /// change it. Needs exact peer credentials.
        case perUser = "per-user"
        /// Every client that can open the socket may change every stack: the socket file's
        /// permissions are the access control.
        case shared
    }

    /// A group given by name or number, resolved when the configuration is loaded.
    public struct GroupReference: Sendable, Hashable, CustomStringConvertible {
        /// The name as written (a number when written as one).
        public var name: String
        /// The group id.
        public var id: UInt32

        /// Creates a reference.
        public init(name: String, id: UInt32) {
            self.name = name
            self.id = id
        }

        /// `name (gid N)`, or `N` when written as a number.
        public var description: String { name == String(id) ? name : "\(name) (gid \(id))" }
    }
}

extension RealTimeScheduling {
    /// How `transitiond.conf` spells the setting: `auto`, `yes` or `no`.
    public var configurationValue: String {
        switch self {
        case .off: "no"
        case .whenAllowed: "auto"
        case .required: "yes"
        }
    }
}
