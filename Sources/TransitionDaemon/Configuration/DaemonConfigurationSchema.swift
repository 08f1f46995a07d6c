import SystemdSupport
import TransitionCore
import TransitionEngine

/// Every section and key of `transitiond.conf`, in the order the documented file lists them.
///
/// The one place keys are declared: the loader looks values up from this list and reports anything
/// else as unknown, `documentedFile()` writes `etc/transitiond.conf` from it, and the tests check
/// that each default text reads back as the built-in default and that transitiond.conf(5) names
/// every key.
public enum DaemonConfigurationSchema {
    /// The sections, in file order.
    public static let sections = ["Daemon", "Socket", "Limits", "Access", "Watchdog"]

    /// Every key, grouped by section in `sections` order.
    public static let keys: [DaemonConfigurationKey] = daemonKeys + socketKeys + limitKeys + accessKeys + watchdogKeys

    /// The key `name` in `section`, or nil when the schema has none.
    public static func key(_ name: String, in section: String) -> DaemonConfigurationKey? {
        keys.first { $0.section == section && $0.name == name }
    }

    /// Accepted settle bounds: up to a minute; the unit's `TimeoutStopSec=` must be longer.
    static let shutdownSettleRange: ClosedRange<UInt64> = 0...60_000_000
    /// Accepted stall timeouts: 10 ms to 10 min.
    static let stallTimeoutRange: ClosedRange<UInt64> = 10_000...600_000_000

    private static let daemonKeys: [DaemonConfigurationKey] = [
        DaemonConfigurationKey(
            "Daemon", "FrameRate", default: "60",
            ["Frames per second of the display link, 1 to 240; --frame-rate overrides it."]
        ) { assignment, configuration, _ in
            configuration.frameRate = try assignment.integer(in: DaemonConfiguration.frameRates)
        },
        DaemonConfigurationKey(
            "Daemon", "StateDirectory", default: "",
            [
                "Where stacks are kept. Default: $STATE_DIRECTORY (StateDirectory= of the unit), else",
                "/var/lib/transitiond as root, else $XDG_STATE_HOME/transitiond or ~/.local/state/transitiond.",
            ]
        ) { assignment, configuration, _ in
            configuration.stateDirectory = try assignment.absolutePath()
        },
        DaemonConfigurationKey(
            "Daemon", "AnimatorDirectory", default: DaemonConfiguration.defaultAnimatorDirectory,
            ["User animators, one JSON file each (see docs/animators.md); a missing directory holds none."]
        ) { assignment, configuration, _ in
            configuration.animatorDirectory = try assignment.absolutePath()
        },
        DaemonConfigurationKey(
            "Daemon", "LogLevel", default: "info",
            ["The least important journal priority logged: emerg, alert, crit, err, warning, notice, info, debug."]
        ) { assignment, configuration, _ in
            configuration.logLevel = try assignment.priority()
        },
        DaemonConfigurationKey(
            "Daemon", "ShutdownSettleSec", default: "5s",
            [
                "On SIGTERM, how long running transitions and the operations queued behind them may take",
                "to finish before the rest is cancelled; at most 1min, and shorter than the unit's",
                "TimeoutStopSec=.",
            ]
        ) { assignment, configuration, _ in
            configuration.shutdownSettleMicroseconds = try assignment.timeSpanMicroseconds(in: shutdownSettleRange)
        },
        DaemonConfigurationKey(
            "Daemon", "RealTimeScheduling", default: "auto",
            [
                "Whether the ticks run at real-time priority (SCHED_FIFO 1, the lowest): the timing thread, and",
                "each engine thread while it ticks, so that a busy machine does not delay frames. auto asks and",
                "carries on at normal priority when refused (the shipped units refuse: RestrictRealtime=yes);",
                "yes refuses to start without it; no never asks. Ticking thousands of stacks then takes the",
                "cores before normal threads, within the kernel's real-time throttling (95 %).",
            ]
        ) { assignment, configuration, _ in
            configuration.realTimeScheduling = try assignment.realTimeScheduling()
        },
        DaemonConfigurationKey(
            "Daemon", "ReduceMotion", default: "no",
            [
                "Whether transitions reduce motion, as iOS's Reduce Motion: each runs its animator's reduced",
                "variant, else a cross-fade of the same duration (docs/animators.md). A stack's own setting",
                "(SetReduceMotion, transitionctl reduce-motion) overrides it. A reload applies it to the",
                "transitions that begin afterwards; a running transition keeps its animator.",
            ]
        ) { assignment, configuration, _ in
            configuration.reduceMotion = try assignment.boolean()
        },
    ]

    private static let socketKeys: [DaemonConfigurationKey] = [
        DaemonConfigurationKey(
            "Socket", "Path", default: "",
            [
                "The Varlink socket, used when systemd passes none (socket activation). Default:",
                "$RUNTIME_DIRECTORY/io.transitiond, else /run/transitiond/io.transitiond as root,",
                "else $XDG_RUNTIME_DIR/transitiond/io.transitiond. --socket overrides it.",
            ]
        ) { assignment, configuration, _ in
            let path = try assignment.absolutePath()
            guard path.utf8.count <= DaemonConfiguration.SocketSettings.maximumPathBytes else {
                throw assignment.badValueError(
                    "expected a path of at most \(DaemonConfiguration.SocketSettings.maximumPathBytes) bytes "
                        + "(unix(7)), got \(path.utf8.count)")
            }
            configuration.socket.path = path
        },
        DaemonConfigurationKey(
            "Socket", "Mode", default: "0666",
            [
                "Permissions of the socket file the daemon creates. 0666 lets every local user connect;",
                "stack ownership then decides who may change what (see [Access]).",
            ]
        ) { assignment, configuration, _ in
            let mode = try assignment.fileMode()
            guard mode <= 0o777 else {
                throw assignment.badValueError("expected permission bits from 0 to 0777, got \"\(assignment.value)\"")
            }
            configuration.socket.mode = mode
        },
        DaemonConfigurationKey(
            "Socket", "Group", default: "",
            ["The group the socket file is given to (a name or a number); empty keeps the daemon's own."]
        ) { assignment, configuration, environment in
            configuration.socket.group = try assignment.group(environment: environment)
        },
    ]

    private static let limitKeys: [DaemonConfigurationKey] = [
        DaemonConfigurationKey(
            "Limits", "MaxMessageSize", default: "1M",
            ["The largest message a client may send (base 1024: 64K, 1M); a longer one ends its connection."]
        ) { assignment, configuration, _ in
            configuration.limits.maximumMessageBytes = try assignment.sizeBytes(in: (4 << 10)...(256 << 20))
        },
        DaemonConfigurationKey(
            "Limits", "MaxConnections", default: "4096",
            ["The most client connections at once; keep LimitNOFILE= of the unit above it."]
        ) { assignment, configuration, _ in
            configuration.limits.maximumConnections = try assignment.integer(in: 1...1_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxConnectionsPerUser", default: "256",
            ["The most client connections one user may have open at once."]
        ) { assignment, configuration, _ in
            configuration.limits.maximumConnectionsPerUser = try assignment.integer(in: 1...1_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxPendingOutput", default: "8M",
            ["Reply bytes a client may leave unread before it is disconnected (base 1024)."]
        ) { assignment, configuration, _ in
            configuration.limits.maximumPendingOutputBytes = try assignment.sizeBytes(in: (64 << 10)...(1 << 30))
        },
        DaemonConfigurationKey(
            "Limits", "MaxPendingOutputPerUser", default: "64M",
            ["Reply bytes one user's clients may leave unread together; the connection going over is closed."]
        ) { assignment, configuration, _ in
            configuration.limits.maximumPendingOutputBytesPerUser = try assignment.sizeBytes(
                in: (64 << 10)...(16 << 30))
        },
        DaemonConfigurationKey(
            "Limits", "MaxStacks", default: "100000",
            ["The most stacks of all users together."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.stacks = try assignment.integer(in: 1...1_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxStacksPerUser", default: "64",
            ["The most stacks one user may own; with shared ownership, all clients together."]
        ) { assignment, configuration, _ in
            configuration.limits.service.stacksPerUser = try assignment.integer(in: 1...1_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxScreensPerStack", default: "64",
            ["The most screens one stack holds: every tab's and the presented ones."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.screensPerStack = try assignment.integer(in: 1...100_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxTabsPerStack", default: "16",
            ["The most tabs of one stack."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.tabsPerStack = try assignment.integer(in: 1...10_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxNodesPerScreen", default: "1024",
            ["The most nodes of one screen (at most 4096, what the screen format allows)."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.nodesPerScreen = try assignment.integer(in: 1...Screen.maximumNodeCount)
        },
        DaemonConfigurationKey(
            "Limits", "MaxNodesPerStack", default: "16384",
            ["The most nodes across all the screens of one stack."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.nodesPerStack = try assignment.integer(in: 1...10_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxNodesPerCall", default: "8192",
            ["The most nodes the screens of one call may have together (CreateStack, SetScreens)."]
        ) { assignment, configuration, _ in
            configuration.limits.service.nodesPerCall = try assignment.integer(in: 1...10_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxStackSize", default: "1M",
            ["The most bytes one stack's stored state may take, styles included (base 1024, at most 63M)."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.storedBytesPerStack = try assignment.sizeBytes(
                in: (4 << 10)...StackState.maximumStoredBytes)
        },
        DaemonConfigurationKey(
            "Limits", "MaxRulesPerStack", default: "64",
            ["The most animator rules of one stack."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.rulesPerStack = try assignment.integer(in: 1...10_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxQueuedOperations", default: "64",
            ["The most operations waiting behind one stack's running transition."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.queuedOperationsPerStack = try assignment.integer(in: 1...10_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxSubscribersPerStack", default: "1024",
            ["The most subscribers of one stack."]
        ) { assignment, configuration, _ in
            configuration.limits.engine.subscribersPerStack = try assignment.integer(in: 1...1_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxSubscriptionsPerUser", default: "256",
            ["The most subscriptions one user may hold open at once, gesture leases (HoldGestures) included."]
        ) { assignment, configuration, _ in
            configuration.limits.service.subscriptionsPerUser = try assignment.integer(in: 1...1_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxAnimatorsPerUser", default: "64",
            ["The most animators one user may define; the daemon's own (AnimatorDirectory=) do not count."]
        ) { assignment, configuration, _ in
            configuration.limits.service.animatorsPerUser = try assignment.integer(in: 1...100_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxAnimatorSize", default: "256K",
            ["The most bytes of one animator's definition (base 1024)."]
        ) { assignment, configuration, _ in
            configuration.limits.service.animatorBytes = try assignment.sizeBytes(in: (1 << 10)...(64 << 20))
        },
        DaemonConfigurationKey(
            "Limits", "MaxTracksPerAnimator", default: "256",
            ["The most tracks of one animator, across its variants and phases."]
        ) { assignment, configuration, _ in
            configuration.limits.service.tracksPerAnimator = try assignment.integer(in: 1...1_000_000)
        },
        DaemonConfigurationKey(
            "Limits", "MaxKeyframesPerAnimator", default: "4096",
            ["The most keyframe values of one animator, across its tracks."]
        ) { assignment, configuration, _ in
            configuration.limits.service.keyframesPerAnimator = try assignment.integer(in: 1...10_000_000)
        },
    ]

    private static let accessKeys: [DaemonConfigurationKey] = [
        DaemonConfigurationKey(
            "Access", "Ownership", default: "auto",
            [
                "per-user: a stack belongs to the user who created it; the owner, root and ControlGroup=",
                "may change it. shared: every client that can open the socket may change every stack.",
                "auto: per-user unless the daemon runs in a user namespace that hides client user ids",
                "(PrivateUsers=yes, which the shipped units do not set), where it must be shared.",
                "See transitiond.conf(5).",
            ]
        ) { assignment, configuration, _ in
            configuration.access.ownership = try assignment.enumeration(DaemonConfiguration.OwnershipMode.self)
        },
        DaemonConfigurationKey(
            "Access", "ControlGroup", default: "",
            ["With per-user ownership, a group (name or number) whose members may change every stack."]
        ) { assignment, configuration, environment in
            configuration.access.controlGroup = try assignment.group(environment: environment)
        },
    ]

    private static let watchdogKeys: [DaemonConfigurationKey] = [
        DaemonConfigurationKey(
            "Watchdog", "StallTimeoutSec", default: "2s",
            [
                "With WatchdogSec= in the unit: how long the clock may go without a tick while something",
                "animates, or the engine without answering, before the daemon stops feeding the watchdog",
                "and systemd restarts it.",
            ]
        ) { assignment, configuration, _ in
            configuration.watchdog.stallTimeoutMicroseconds = try assignment.timeSpanMicroseconds(
                in: stallTimeoutRange)
        }
    ]
}
