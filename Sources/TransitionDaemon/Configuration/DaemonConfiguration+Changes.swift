extension DaemonConfiguration {
    /// The keys whose values differ between `self` and `previous`, as `Section.Key`, in schema order:
    /// what a reload changed, for its log entry and for deciding what to apply.
    public func changedParameters(comparedTo previous: DaemonConfiguration) -> [String] {
        Self.comparisons.compactMap { parameter, isEqual in isEqual(self, previous) ? nil : parameter }
    }

    /// Settings that only take effect at the next start: the listening socket is bound once (and kept
    /// across restarts by systemd), the state directory opened once, the display link (its rate and its
    /// threads' scheduling), the server's message, connection and output limits, the access policy and
    /// the health check are made once. A reload applies the others: `LogLevel=`, `ShutdownSettleSec=`,
    /// `AnimatorDirectory=`, `ReduceMotion=` (to transitions that begin afterwards) and every other key of
    /// `[Limits]` (a lower limit refuses growth from then on and removes nothing).
    public static let parametersAppliedAtStart: Set<String> = [
        "Socket.Path", "Socket.Mode", "Socket.Group", "Daemon.StateDirectory", "Daemon.FrameRate",
        "Daemon.RealTimeScheduling", "Limits.MaxMessageSize", "Limits.MaxConnections", "Limits.MaxConnectionsPerUser",
        "Limits.MaxPendingOutput", "Limits.MaxPendingOutputPerUser",
        "Access.Ownership", "Access.ControlGroup", "Watchdog.StallTimeoutSec",
    ]

    static let comparisons: [(String, @Sendable (DaemonConfiguration, DaemonConfiguration) -> Bool)] = [
        ("Daemon.FrameRate", { $0.frameRate == $1.frameRate }),
        ("Daemon.StateDirectory", { $0.stateDirectory == $1.stateDirectory }),
        ("Daemon.AnimatorDirectory", { $0.animatorDirectory == $1.animatorDirectory }),
        ("Daemon.LogLevel", { $0.logLevel == $1.logLevel }),
        ("Daemon.ShutdownSettleSec", { $0.shutdownSettleMicroseconds == $1.shutdownSettleMicroseconds }),
        ("Daemon.RealTimeScheduling", { $0.realTimeScheduling == $1.realTimeScheduling }),
        ("Daemon.ReduceMotion", { $0.reduceMotion == $1.reduceMotion }),
        ("Socket.Path", { $0.socket.path == $1.socket.path }),
        ("Socket.Mode", { $0.socket.mode == $1.socket.mode }),
        ("Socket.Group", { $0.socket.group == $1.socket.group }),
        ("Limits.MaxMessageSize", { $0.limits.maximumMessageBytes == $1.limits.maximumMessageBytes }),
        ("Limits.MaxConnections", { $0.limits.maximumConnections == $1.limits.maximumConnections }),
        (
            "Limits.MaxConnectionsPerUser",
            { $0.limits.maximumConnectionsPerUser == $1.limits.maximumConnectionsPerUser }
        ),
        ("Limits.MaxPendingOutput", { $0.limits.maximumPendingOutputBytes == $1.limits.maximumPendingOutputBytes }),
        (
            "Limits.MaxPendingOutputPerUser",
            { $0.limits.maximumPendingOutputBytesPerUser == $1.limits.maximumPendingOutputBytesPerUser }
        ),
        ("Limits.MaxStacks", { $0.limits.engine.stacks == $1.limits.engine.stacks }),
        ("Limits.MaxStacksPerUser", { $0.limits.service.stacksPerUser == $1.limits.service.stacksPerUser }),
        ("Limits.MaxScreensPerStack", { $0.limits.engine.screensPerStack == $1.limits.engine.screensPerStack }),
        ("Limits.MaxTabsPerStack", { $0.limits.engine.tabsPerStack == $1.limits.engine.tabsPerStack }),
        ("Limits.MaxNodesPerScreen", { $0.limits.engine.nodesPerScreen == $1.limits.engine.nodesPerScreen }),
        ("Limits.MaxNodesPerStack", { $0.limits.engine.nodesPerStack == $1.limits.engine.nodesPerStack }),
        ("Limits.MaxNodesPerCall", { $0.limits.service.nodesPerCall == $1.limits.service.nodesPerCall }),
        ("Limits.MaxStackSize", { $0.limits.engine.storedBytesPerStack == $1.limits.engine.storedBytesPerStack }),
        ("Limits.MaxRulesPerStack", { $0.limits.engine.rulesPerStack == $1.limits.engine.rulesPerStack }),
        (
            "Limits.MaxQueuedOperations",
            { $0.limits.engine.queuedOperationsPerStack == $1.limits.engine.queuedOperationsPerStack }
        ),
        (
            "Limits.MaxSubscribersPerStack",
            { $0.limits.engine.subscribersPerStack == $1.limits.engine.subscribersPerStack }
        ),
        (
            "Limits.MaxSubscriptionsPerUser",
            { $0.limits.service.subscriptionsPerUser == $1.limits.service.subscriptionsPerUser }
        ),
        ("Limits.MaxAnimatorsPerUser", { $0.limits.service.animatorsPerUser == $1.limits.service.animatorsPerUser }),
        ("Limits.MaxAnimatorSize", { $0.limits.service.animatorBytes == $1.limits.service.animatorBytes }),
        ("Limits.MaxTracksPerAnimator", { $0.limits.service.tracksPerAnimator == $1.limits.service.tracksPerAnimator }),
        (
            "Limits.MaxKeyframesPerAnimator",
            { $0.limits.service.keyframesPerAnimator == $1.limits.service.keyframesPerAnimator }
        ),
        ("Access.Ownership", { $0.access.ownership == $1.access.ownership }),
        ("Access.ControlGroup", { $0.access.controlGroup == $1.access.controlGroup }),
        ("Watchdog.StallTimeoutSec", { $0.watchdog.stallTimeoutMicroseconds == $1.watchdog.stallTimeoutMicroseconds }),
    ]
}
