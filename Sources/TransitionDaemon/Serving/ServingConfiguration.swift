import TransitionCore
import TransitionEngine
import TransitionService

/// What a `DaemonServer` needs to run: where to listen, where to keep state, the clock's rate and the
/// service's limits. A small value on purpose: the daemon's configuration (files, drop-ins, command
/// line) is read elsewhere and turned into one of these.
public struct ServingConfiguration: Sendable {
    /// Where clients connect.
    public enum Listening: Sendable, Equatable {
        /// Bind a Unix socket at `path` (creating its directory, mode 0755, if missing) with the socket
        /// file's permission bits `mode`. A stale socket file (nothing answers on it) is replaced; a live
        /// daemon's socket is left alone and start-up fails.
        case path(String, mode: UInt32)
        /// Adopt a socket already listening, such as one passed by systemd socket activation
        /// (`sd_listen_fds`: descriptor 3 on). `path` is for messages only. The daemon never removes
        /// that socket's file.
        case fileDescriptor(Int32, path: String?)
    }

    /// The default permission bits of a socket file the daemon binds: every local user may connect;
    /// what each may do is decided per call from its credentials (`SO_PEERCRED`).
    public static let defaultSocketMode: UInt32 = 0o666

    /// Where clients connect.
    public var listening: Listening
    /// The directory of the persistent state (created with mode 0700 if missing; its parent must exist),
    /// or `nil` to keep everything in memory.
    public var stateDirectory: String?
    /// The display link's rate, 1 to 240 frames per second (default 60).
    public var framesPerSecond: Int
    /// Whether the display link's threads ask for real-time scheduling (default `.whenAllowed`); a
    /// `.required` the system refuses is the caller's to refuse (`RunningDaemon` does, at start).
    public var realTimeScheduling: RealTimeScheduling
    /// The service's limits, access policy and log.
    public var service: ServiceConfiguration
    /// The engine's limits: stacks, and per stack screens, tabs, nodes, rules, queued operations,
    /// subscribers and stored bytes (default `TransitionEngine.Limits()`).
    public var engineLimits: TransitionEngine.Limits
    /// The daemon's Reduce Motion setting (`ReduceMotion=`, default off): stacks without their own run
    /// their transitions' reduced variants (`TransitionEngine.reducesMotion`).
    public var reducesMotion: Bool
    /// How long a stop waits for running transitions to reach their end before abandoning them
    /// (default 1 s; an abandoned transition leaves its stack as it was, as after a cancel).
    public var settleTimeout: Duration
    /// How long a stop waits for calls in flight and their replies before closing every connection
    /// (default 2 s).
    public var disconnectTimeout: Duration
    /// The version reported by `org.varlink.service.GetInfo`.
    public var version: String
    /// Animators to define at start (read from an animator directory, say), before any client connects.
    /// They are not written to the state directory: they come back from where they were read. An
    /// animator that cannot be defined (a built-in's name, a malformed script) is logged and skipped.
    public var animators: [AnimatorSpecification]
    /// Sees every stack's transition events (began, completed, cancelled, operationFailed), for the log;
    /// called on the stack's executor, so it must return quickly (`TransitionEngine.init`).
    public var transitionObserver: (@Sendable (StackEvent) -> Void)?

    /// Creates a configuration listening as given, with every other setting at its default.
    public init(listening: Listening, stateDirectory: String? = nil, version: String = DaemonServer.version) {
        self.listening = listening
        self.stateDirectory = stateDirectory
        self.framesPerSecond = 60
        self.realTimeScheduling = .whenAllowed
        self.service = ServiceConfiguration()
        self.engineLimits = TransitionEngine.Limits()
        self.reducesMotion = false
        self.settleTimeout = .seconds(1)
        self.disconnectTimeout = .seconds(2)
        self.version = version
        self.animators = []
        self.transitionObserver = nil
    }
}
