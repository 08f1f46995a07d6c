import SystemdSupport

extension DaemonLog {
    /// One transition, as its journal fields name it.
    public struct Transition: Sendable, Hashable {
        /// The stack's name (`STACK=`).
        public var stack: String
        /// The operation (`OPERATION=`): `push`, `pop`, `popToRoot`, `present`, `dismiss`, `selectTab`, ….
        public var operation: String
        /// The animator's name (`ANIMATOR=`).
        public var animator: String
        /// The transition's id within its stack (`TRANSITION_ID=`).
        public var id: UInt64

        /// Creates a transition record.
        public init(stack: String, operation: String, animator: String, id: UInt64) {
            self.stack = stack
            self.operation = operation
            self.animator = animator
            self.id = id
        }

        var fields: [JournalField] {
            [
                JournalField("STACK", stack), JournalField("OPERATION", operation), JournalField("ANIMATOR", animator),
                JournalField("TRANSITION_ID", String(id)),
            ]
        }
    }

    /// A transition began (its first frame is due).
    public func transitionBegan(
        _ transition: Transition, interactive: Bool = false,
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        let kind = interactive ? "interactive " : ""
        log(
            .transitionBegan,
            "Stack \(transition.stack): \(kind)\(transition.operation) #\(transition.id) began with \(transition.animator)",
            fields: transition.fields + [JournalField("INTERACTIVE", interactive ? "yes" : "no")],
            rateLimitKey: transition.stack, fileID: fileID, line: line, function: function)
    }

    /// A transition completed and its change is committed.
    public func transitionCompleted(
        _ transition: Transition, durationMilliseconds: Int,
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .transitionCompleted,
            "Stack \(transition.stack): \(transition.operation) #\(transition.id) completed in \(durationMilliseconds)ms",
            fields: transition.fields + [JournalField("DURATION_MS", String(durationMilliseconds))],
            rateLimitKey: transition.stack, fileID: fileID, line: line, function: function)
    }

    /// A transition was cancelled; the stack is as before it. `reason`: `cancelled by the client`,
    /// `reversed`, `retargeted`, `daemon stopping`, or a storage error.
    public func transitionCancelled(
        _ transition: Transition, durationMilliseconds: Int, reason: String,
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .transitionCancelled,
            "Stack \(transition.stack): \(transition.operation) #\(transition.id) cancelled after "
                + "\(durationMilliseconds)ms: \(reason)",
            fields: transition.fields + [
                JournalField("DURATION_MS", String(durationMilliseconds)), JournalField("REASON", reason),
            ],
            rateLimitKey: transition.stack, fileID: fileID, line: line, function: function)
    }

    /// An entry of the service layer (`TransitionService`'s `ServiceLog`), which cannot name event
    /// kinds of the daemon: an `EVENT` field naming one (`client-connected`) picks its `MESSAGE_ID` and
    /// is then dropped, and the entry is written at the more important of the event's priority and its
    /// own (a connection logged at debug is still a `client-connected` entry at info); otherwise the
    /// entry is a `service-message` at its own priority. `CLIENT_PID` or else `STACK` is the rate-limit
    /// key. `fileID`, `line` and `function` name the service's code that logged it (`CODE_FILE`…); an
    /// entry that does not know them gets this function's.
    ///
    /// ```swift
    /// serviceConfiguration.log = ServiceLog(minimumPriority: .info) { entry in
    ///     log.serviceEntry(
    ///         syslogLevel: entry.priority.rawValue, message: entry.message, fields: entry.fields,
    ///         fileID: entry.fileID, line: entry.line, function: entry.function)
    /// }
    /// ```
    public func serviceEntry(
        syslogLevel: Int, message: String, fields: [(name: String, value: String)], fileID: String = "",
        line: Int = 0, function: String = "", callerFileID: String = #fileID, callerLine: Int = #line,
        callerFunction: String = #function
    ) {
        let known = !fileID.isEmpty
        let named = fields.first { $0.name == "EVENT" }.flatMap { DaemonLogEvent.named($0.value) }
        let event = named ?? .serviceMessage
        let own = JournalPriority(level: syslogLevel) ?? event.priority
        let priority = named.map { min($0.priority, own) } ?? own
        let key = fields.first { $0.name == "CLIENT_PID" }?.value ?? fields.first { $0.name == "STACK" }?.value ?? ""
        log(
            event, message, priority: priority,
            fields: fields.filter { $0.name != "EVENT" }.map { JournalField($0.name, $0.value) }, rateLimitKey: key,
            fileID: known ? fileID : callerFileID, line: known ? line : callerLine,
            function: known ? function : callerFunction)
    }
}
