import SystemdSupport
import TransitionEngine
import TransitionService

extension DaemonLog {
    /// The daemon starts.
    public func starting(version: String, fileID: String = #fileID, line: Int = #line, function: String = #function) {
        let instance = instance.map { " (instance \($0))" } ?? ""
        log(
            .starting, "Starting transitiond \(version)\(instance)", fields: [JournalField("VERSION", version)],
            fileID: fileID, line: line, function: function)
    }

    /// The configuration was read at start.
    public func configurationLoaded(
        _ configuration: DaemonConfiguration, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        let source =
            configuration.files.isEmpty
            ? "built-in defaults (no configuration file)" : configuration.files.joined(separator: ", ")
        log(
            .configurationLoaded, "Loaded configuration from \(source)",
            fields: configuration.files.map { JournalField("CONFIG_FILE", $0) } + [
                JournalField("STATE_DIRECTORY", configuration.stateDirectory),
                JournalField("FRAME_RATE", String(configuration.frameRate)),
            ], fileID: fileID, line: line, function: function)
    }

    /// A configuration was refused: one entry per problem, each with `CONFIG_FILE=` and `CONFIG_LINE=`
    /// when it has a location. `keepingPrevious` (on reload) adds ", keeping the previous configuration".
    public func configurationRejected(
        _ error: DaemonConfigurationError, keepingPrevious: Bool,
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        let suffix = keepingPrevious ? ", keeping the previous configuration" : ""
        for problem in error.problems.prefix(Self.maximumProblemsLogged) {
            var fields = [JournalField("PARAMETER", problem.parameter ?? "")]
            if let location = problem.location {
                fields += [
                    JournalField("CONFIG_FILE", location.file), JournalField("CONFIG_LINE", String(location.line)),
                ]
            }
            log(
                .configurationRejected, "Failed to load the configuration: \(problem.description)\(suffix)",
                fields: fields, fileID: fileID, line: line, function: function)
        }
    }

    /// Most configuration problems logged at once; a file full of errors is not worth more.
    static let maximumProblemsLogged = 20

    /// The listening socket is ready.
    public func listening(
        _ socket: ListeningSocket, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        let origin = socket.origin == .passed ? "passed by systemd" : "bound by transitiond"
        var message = "Listening on \(socket.path ?? "file descriptor \(socket.fileDescriptor)") (\(origin))"
        if !socket.closedDescriptors.isEmpty {
            message +=
                "; closed \(socket.closedDescriptors.count) other passed descriptors: "
                + socket.closedDescriptors.map { "\($0.fileDescriptor) (\($0.name))" }.joined(separator: ", ")
        }
        log(
            .listening, message,
            fields: [JournalField("SOCKET", socket.path ?? ""), JournalField("SOCKET_ORIGIN", socket.origin.rawValue)],
            fileID: fileID, line: line, function: function)
    }

    /// The listening socket could not be set up (fatal).
    public func socketFailed(
        _ error: LifecycleError, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .socketFailed, error.description, fields: [JournalField("SOCKET", error.parameter ?? "")],
            fileID: fileID, line: line, function: function)
    }

    /// `FDSTORE=1` failed (the daemon goes on; a restart then loses queued connections).
    public func fileDescriptorStoreFailed(
        _ error: any Error, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .fileDescriptorStoreFailed,
            "Failed to store the listening socket in the service manager: \(error), ignoring",
            fileID: fileID, line: line, function: function)
    }

    /// Stacks came back from the state directory.
    public func stateRestored(
        stacks: Int, directory: String, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .stateRestored, "Restored \(stacks) \(stacks == 1 ? "stack" : "stacks") from \(directory)",
            fields: [JournalField("STATE_DIRECTORY", directory), JournalField("STACKS", String(stacks))],
            fileID: fileID, line: line, function: function)
    }

    /// `READY=1` was sent.
    public func ready(
        status: String, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(.ready, "Ready: \(status)", fileID: fileID, line: line, function: function)
    }

    /// A reload took a new configuration; `changed` from `DaemonConfiguration.changedParameters`.
    public func reloaded(
        changed: [String], fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        var message =
            changed.isEmpty
            ? "Reloaded configuration: nothing changed"
            : "Reloaded configuration: changed " + changed.joined(separator: ", ")
        let later = changed.filter(DaemonConfiguration.parametersAppliedAtStart.contains)
        if !later.isEmpty {
            message +=
                "; \(later.joined(separator: ", ")) \(later.count == 1 ? "takes" : "take") effect at the next start"
        }
        log(
            .reloaded, message, fields: changed.map { JournalField("PARAMETER", $0) },
            fileID: fileID, line: line, function: function)
    }

    /// The daemon stops on `signal`, settling `runningTransitions` within `settleMicroseconds`.
    public func stopping(
        signal: String, runningTransitions: Int, settleMicroseconds: UInt64,
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        let settling =
            runningTransitions == 0
            ? "no transition running"
            : "settling \(runningTransitions) \(runningTransitions == 1 ? "transition" : "transitions") within "
                + Self.duration(settleMicroseconds)
        log(
            .stopping, "Stopping on \(signal): \(settling)",
            fields: [JournalField("SIGNAL", signal), JournalField("TRANSITIONS", String(runningTransitions))],
            fileID: fileID, line: line, function: function)
    }

    /// Transitions did not settle within the bound and were cancelled; `pending` says what was left
    /// (`PENDING=`, one item after another: running stacks, queued operations).
    public func transitionsCancelledAtShutdown(
        count: Int, settleMicroseconds: UInt64, pending: [String] = [], fileID: String = #fileID, line: Int = #line,
        function: String = #function
    ) {
        var fields = [JournalField("TRANSITIONS", String(count))]
        if !pending.isEmpty { fields.append(JournalField("PENDING", pending.joined(separator: "; "))) }
        log(
            .transitionsCancelledAtShutdown,
            "Failed to settle \(count) \(count == 1 ? "transition" : "transitions") within "
                + "\(Self.duration(settleMicroseconds)), cancelling them",
            fields: fields, fileID: fileID, line: line, function: function)
    }

    /// The daemon stopped cleanly.
    public func stopped(
        stacks: Int, clients: Int, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .stopped,
            "Stopped: state of \(stacks) \(stacks == 1 ? "stack" : "stacks") written, \(clients) "
                + "\(clients == 1 ? "client" : "clients") disconnected",
            fields: [JournalField("STACKS", String(stacks))], fileID: fileID, line: line, function: function)
    }

    /// Which ownership is in force, and why.
    public func accessMode(
        _ access: EffectiveAccess, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .accessMode, access.explanation,
            fields: [
                JournalField("OWNERSHIP", access.ownership.rawValue),
                JournalField("PEER_UIDS_EXACT", access.peerUserIDsAreExact ? "yes" : "no"),
            ], fileID: fileID, line: line, function: function)
    }

    /// The real-time scheduling setting and whether the system allows it (`RealTimeScheduling.systemAllows`,
    /// probed at start): an error when `yes` is refused (the daemon then stops), a notice when `auto` is.
    public func realTimeScheduling(
        _ setting: RealTimeScheduling, allowed: Bool,
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        let (message, priority): (String, JournalPriority?) =
            switch (setting, allowed) {
            case (.off, _): ("Real-time scheduling off (RealTimeScheduling=no): ticks run at normal priority", nil)
            case (_, true): ("Real-time scheduling allowed: ticks run at SCHED_FIFO priority 1", nil)
            case (.whenAllowed, false):
                (
                    "Real-time scheduling refused by the system (no CAP_SYS_NICE or RLIMIT_RTPRIO, or "
                        + "RestrictRealtime=yes): ticks run at normal priority", .notice
                )
            case (.required, false):
                (
                    "Failed to start: RealTimeScheduling=yes, but the system refuses real-time scheduling (give "
                        + "CAP_SYS_NICE or LimitRTPRIO=1, and RestrictRealtime=no in the unit)", .error
                )
            }
        log(
            .realTimeScheduling, message, priority: priority,
            fields: [
                JournalField("REAL_TIME_SCHEDULING", setting.configurationValue),
                JournalField("REAL_TIME_ALLOWED", allowed ? "yes" : "no"),
            ], fileID: fileID, line: line, function: function)
    }

    /// Logs what `ServiceSupervisor` reports; pass this method as its `onEvent`.
    public func supervisorEvent(_ event: SupervisorEvent) {
        switch event {
        case .watchdogWithheld(let lastPing, let deadline):
            var message =
                "Failed to confirm that transitiond makes progress: the health check failed, withholding "
                + "the watchdog ping"
            if let lastPing, let deadline {
                message += "; systemd restarts the daemon \(Self.duration(deadline &- lastPing)) after the last ping"
            }
            log(.watchdogWithheld, message)
        case .watchdogResumed(let withheld):
            log(
                .watchdogResumed, "Progress confirmed after \(Self.duration(withheld)), watchdog pings resumed",
                fields: [JournalField("DURATION_MS", String(withheld / 1_000))])
        case .notificationFailed(let error):
            log(.notificationFailed, "Failed to notify the service manager: \(error), ignoring")
        }
    }

    /// User animators were loaded.
    public func animatorsLoaded(
        count: Int, directory: String, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .animatorsLoaded, "Loaded \(count) user \(count == 1 ? "animator" : "animators") from \(directory)",
            fields: [JournalField("ANIMATOR_DIRECTORY", directory)], fileID: fileID, line: line, function: function)
    }

    /// A user animator file was refused.
    public func animatorRejected(
        file: String, reason: String, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .animatorRejected, "Failed to load animator \(file): \(ServiceLog.reason(reason)), ignoring",
            fields: [JournalField("ANIMATOR_FILE", file)], rateLimitKey: file,
            fileID: fileID, line: line, function: function)
    }

    /// A time span for messages: `750ms`, `5s`, `1.5s`, `2min` (systemd's style of spans).
    static func duration(_ microseconds: UInt64) -> String {
        if microseconds < 1_000_000 { return "\(microseconds / 1_000)ms" }
        if microseconds % 60_000_000 == 0 { return "\(microseconds / 60_000_000)min" }
        let tenths = microseconds / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
    }
}
