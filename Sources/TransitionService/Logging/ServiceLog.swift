/// How the service reports what happens to the daemon's log, without knowing where the log goes: the
/// daemon passes a handler (journald with structured fields, or stderr).
///
/// Entries carry systemd-style fields in UPPER_SNAKE (`CLIENT_PID`, `CLIENT_UID`, `STACK`, `OPERATION`,
/// `TRANSITION_ID`, `ERROR`); every entry about a client names its pid and uid. An `EVENT` field names
/// the kind of entry for the daemon's journal (`stack-created`: its `MESSAGE_ID`, docs/journal.md).
/// Messages follow systemd's style: "Failed to <verb> <object>: <reason>". Each failure is logged once,
/// here; the layers below return errors and never log.
public struct ServiceLog: Sendable {
    /// The severity of an entry, with syslog's numbers (journald's `PRIORITY=`).
    public enum Priority: Int, Sendable, Comparable, CaseIterable {
        /// A failure of the daemon itself (storage).
        case error = 3
        /// Something a client or operator should look at (a client dropped for reading too slowly).
        case warning = 4
        /// Normal but significant (a stack created or deleted, an interaction ended by a disconnect).
        case notice = 5
        /// Informational (the daemon is serving).
        case info = 6
        /// Per-call and per-connection detail (rejected calls, connections opening and closing).
        case debug = 7

        /// More severe sorts first: `.error < .debug`.
        public static func < (left: Priority, right: Priority) -> Bool { left.rawValue < right.rawValue }
    }

    /// One log entry.
    public struct Entry: Sendable, Equatable {
        /// Its severity.
        public var priority: Priority
        /// One line for people.
        public var message: String
        /// Structured fields, names in UPPER_SNAKE (journal field rules), in a stable order.
        public var fields: [(name: String, value: String)]
        /// The code that logged it (`#fileID`, such as `TransitionService/TransitionService+Stacks.swift`),
        /// for journald's `CODE_FILE`; empty when unknown.
        public var fileID: String
        /// The line of `fileID` that logged it (`CODE_LINE`); 0 when unknown.
        public var line: Int
        /// The function that logged it (`CODE_FUNC`); empty when unknown.
        public var function: String

        /// Creates an entry.
        public init(
            priority: Priority, message: String, fields: [(name: String, value: String)] = [],
            fileID: String = "", line: Int = 0, function: String = ""
        ) {
            self.priority = priority
            self.message = message
            self.fields = fields
            self.fileID = fileID
            self.line = line
            self.function = function
        }

        /// The value of the field `name`, if present.
        public func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }

        /// Entries are equal when their priority, message and fields are (wherever they were logged).
        public static func == (left: Entry, right: Entry) -> Bool {
            left.priority == right.priority && left.message == right.message
                && left.fields.map(\.name) == right.fields.map(\.name)
                && left.fields.map(\.value) == right.fields.map(\.value)
        }
    }

    /// Receives entries; runs on whatever thread logs (the event loop, a task, the clock's) and must not
    /// block for long.
    public var handler: (@Sendable (Entry) -> Void)?
    /// Entries less severe than this are not even built.
    public var minimumPriority: Priority

    /// `message` as the reason part of an entry ("Failed to <verb> <object>: <reason>, ignoring"): without
    /// the full stop that closes an error's message, so that the entry's sentence goes on.
    public static func reason(_ message: String) -> String {
        message.hasSuffix(".") ? String(message.dropLast()) : message
    }

    /// Creates a log.
    public init(minimumPriority: Priority = .info, handler: (@Sendable (Entry) -> Void)? = nil) {
        self.minimumPriority = minimumPriority
        self.handler = handler
    }

    /// A log that drops everything.
    public static var disabled: ServiceLog { ServiceLog() }

    /// Whether entries of `priority` reach the handler (check before building costly fields).
    public func isEnabled(_ priority: Priority) -> Bool { handler != nil && priority <= minimumPriority }

    /// Logs an entry when `priority` is enabled; `fields` is built only then. The entry records where it
    /// was logged from (`fileID`, `line`, `function`: leave them to their defaults).
    public func log(
        _ priority: Priority, _ message: @autoclosure () -> String,
        _ fields: @autoclosure () -> [(name: String, value: String)] = [],
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        guard let handler, priority <= minimumPriority else { return }
        handler(
            Entry(
                priority: priority, message: message(), fields: fields(), fileID: fileID, line: line,
                function: function))
    }
}
