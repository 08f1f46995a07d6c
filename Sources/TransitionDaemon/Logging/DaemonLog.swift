import SystemdSupport

/// The daemon's structured log: journald entries with a `MESSAGE_ID` per event kind, `PRIORITY`, the
/// fields operators filter on (`STACK=`, `OPERATION=`, `ANIMATOR=`, `TRANSITION_ID=`, `DURATION_MS=`,
/// `CLIENT_PID=`, `CLIENT_UID=`) and `CODE_FILE`/`CODE_LINE`/`CODE_FUNC` of the code that logged; plain
/// lines on standard error when the daemon does not run under systemd (`JournalWriter` decides).
///
/// - Each failure is logged once, here, by the daemon; the layers below return errors.
/// - Events that can repeat are rate-limited per key (a client, a stack): at most the event's burst per
///   window, and the first entry after a window that suppressed some says how many
///   (`… (17 similar messages suppressed)`, `SUPPRESSED=17`).
/// - Nothing is logged per frame: there is no event for it.
///
/// Thread-safe; entries are written synchronously on the calling thread (`sd_journal_sendv` is one
/// datagram, `write(2)` on fd 2 one line), so call from the event loop or a task, never per frame.
///
/// ```swift
/// let log = DaemonLog(level: configuration.logLevel, instance: configuration.instance)
/// log.transitionBegan(DaemonLog.Transition(stack: "main", operation: "push", animator: "slide", id: 7))
/// ```
public final class DaemonLog: Sendable {
    private struct State {
        var level: JournalPriority
        var limiters: [String: LogRateLimiter<String>] = [:]
        var failedWrites = 0
    }

    /// The `SYSLOG_IDENTIFIER` of every entry.
    public static let identifier = "transitiond"
    /// Fields every entry sets itself (`JournalEntry.assignments`); a user field may not use them.
    static let entryFieldNames: Set<String> = [
        "MESSAGE", "PRIORITY", "MESSAGE_ID", "SYSLOG_IDENTIFIER", "CODE_FILE", "CODE_LINE", "CODE_FUNC",
    ]
    /// Longest key kept for rate limiting; longer keys are cut (they come from clients).
    static let maximumRateLimitKeyLength = 256

    /// The instance (`INSTANCE=` on every entry), or nil.
    public let instance: String?
    private let state: MonotonicCondition<State>
    private let clock: @Sendable () -> UInt64
    private let sink: @Sendable (JournalEntry) throws -> Void

    /// A log writing to journald under systemd, else to standard error.
    ///
    /// - Parameters:
    ///   - destination: where to write; nil decides from `INVOCATION_ID` / `JOURNAL_STREAM`.
    ///   - level: the least important priority written (`LogLevel=`).
    ///   - instance: the daemon instance, added as `INSTANCE=`.
    public convenience init(
        destination: JournalWriter.Destination? = nil, level: JournalPriority = .info, instance: String? = nil
    ) {
        let writer = JournalWriter(destination: destination, identifier: Self.identifier, maximumPriority: .debug)
        self.init(level: level, instance: instance, clock: SystemdClock.monotonicMicroseconds) { entry in
            try writer.write(entry)
        }
    }

    /// A log writing entries to `sink`, with time from `clock` (microseconds) for the rate limits.
    init(
        level: JournalPriority,
        instance: String?,
        clock: @escaping @Sendable () -> UInt64,
        sink: @escaping @Sendable (JournalEntry) throws -> Void
    ) {
        self.instance = instance
        self.clock = clock
        self.sink = sink
        state = MonotonicCondition(State(level: level))
    }

    /// The least important priority written.
    public var level: JournalPriority { state.withLock { $0.level } }

    /// Changes the level (on reload).
    public func setLevel(_ level: JournalPriority) {
        state.withLock { $0.level = level }
    }

    /// Whether entries of `priority` are written; check before building costly messages.
    public func isEnabled(_ priority: JournalPriority) -> Bool { priority <= level }

    /// Entries that could not be written (journald gone, standard error closed). The log cannot report
    /// its own failures, so it counts them; `GetStats` or a test may show the count.
    public var failedWriteCount: Int { state.withLock { $0.failedWrites } }

    /// Writes one entry of `event`.
    ///
    /// - Parameters:
    ///   - event: the kind; gives `MESSAGE_ID`, the default priority and the rate limit.
    ///   - message: one line in systemd's style ("Failed to <verb> <object>: <reason>", ", ignoring"
    ///     for failures the daemon survives).
    ///   - priority: overrides the event's priority.
    ///   - fields: structured fields; names must be valid journal field names (invalid ones are dropped
    ///     rather than losing the entry).
    ///   - rateLimitKey: what repeats independently (a client pid, a stack); entries of a rate-limited
    ///     event with the same key share one budget.
    /// - Returns: whether the entry was written (false: below the level, rate-limited, or failed).
    @discardableResult
    public func log(
        _ event: DaemonLogEvent,
        _ message: String,
        priority: JournalPriority? = nil,
        fields: [JournalField] = [],
        rateLimitKey: String = "",
        fileID: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> Bool {
        let priority = priority ?? event.priority
        guard isEnabled(priority) else { return false }
        var message = message
        var fields = fields.filter { JournalField.isValidName($0.name) && !Self.entryFieldNames.contains($0.name) }
        if let burst = event.rateLimitBurst {
            let key = event.name + "|" + String(rateLimitKey.prefix(Self.maximumRateLimitKeyLength))
            let now = clock()
            let admission = state.withLock { state -> LogRateLimiter<String>.Admission in
                var limiter =
                    state.limiters[event.name]
                    ?? LogRateLimiter(intervalMicroseconds: event.rateLimitIntervalMicroseconds, burst: burst)!
                let admission = limiter.admit(key, nowMicroseconds: now)
                state.limiters[event.name] = limiter
                return admission
            }
            guard admission.isAdmitted else { return false }
            if admission.suppressedBefore > 0 {
                message += " (\(admission.suppressedBefore) similar messages suppressed)"
                fields.append(JournalField("SUPPRESSED", String(admission.suppressedBefore)))
            }
        }
        if let instance { fields.append(JournalField("INSTANCE", instance)) }
        let entry = JournalEntry(
            priority, message, messageID: event.messageID, fieldList: fields, fileID: fileID, line: line,
            function: function)
        do {
            try sink(entry)
            return true
        } catch {
            state.withLock { $0.failedWrites += 1 }
            return false
        }
    }
}
