/// One structured log entry: a priority, a message, an optional message id, user fields
/// and the code location it was logged from.
///
/// The C macros that add `CODE_FILE`, `CODE_LINE` and `CODE_FUNC` do not reach Swift, so the
/// initializer records `#fileID`, `#line` and `#function` of its caller instead.
///
/// ```swift
/// let entry = JournalEntry(
///     .error, "Failed to restore stack main: file is truncated, ignoring",
///     messageID: stackRestoreFailed, fields: ["STACK": "main", "STATE_FILE": path])
/// try writer.write(entry)
/// ```
public struct JournalEntry: Sendable, Hashable {
    /// The priority, sent as `PRIORITY=`.
    public var priority: JournalPriority
    /// The human-readable message, sent as `MESSAGE=`. May be empty or span several lines.
    public var message: String
    /// The kind of event, sent as `MESSAGE_ID=` when present.
    public var messageID: JournalMessageID?
    /// User fields in the order given. Names are checked when the entry is turned into
    /// assignments; a name may appear more than once (journald keeps every value).
    public var fields: [JournalField]
    /// The source file, sent as `CODE_FILE=` (a `#fileID` such as `TransitionDaemon/Main.swift`).
    public var codeFile: String
    /// The source line, sent as `CODE_LINE=`.
    public var codeLine: Int
    /// The function, sent as `CODE_FUNC=`.
    public var codeFunction: String

    /// An entry with fields written as a dictionary literal, kept in the literal's order.
    public init(
        _ priority: JournalPriority,
        _ message: String,
        messageID: JournalMessageID? = nil,
        fields: KeyValuePairs<String, String> = [:],
        fileID: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) {
        self.init(
            priority,
            message,
            messageID: messageID,
            fieldList: fields.map { JournalField($0.key, $0.value) },
            fileID: fileID,
            line: line,
            function: function
        )
    }

    /// An entry with fields built at run time.
    public init(
        _ priority: JournalPriority,
        _ message: String,
        messageID: JournalMessageID? = nil,
        fieldList: [JournalField],
        fileID: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) {
        self.priority = priority
        self.message = message
        self.messageID = messageID
        self.fields = fieldList
        self.codeFile = fileID
        self.codeLine = line
        self.codeFunction = function
    }

    /// The `NAME=value` assignments sent to journald, in this order: `MESSAGE`, `PRIORITY`,
    /// `MESSAGE_ID` (when set), `SYSLOG_IDENTIFIER` (when `identifier` is given), the user
    /// fields, `CODE_FILE`, `CODE_LINE`, `CODE_FUNC`.
    ///
    /// - Throws: `SystemdError` with `.invalidJournalField` and the field as `parameter` when
    ///   a user field name is invalid (see `JournalField`) or is one the entry sets itself
    ///   (`MESSAGE`, `PRIORITY`, `MESSAGE_ID`, `SYSLOG_IDENTIFIER`, `CODE_FILE`, `CODE_LINE`,
    ///   `CODE_FUNC`).
    public func assignments(identifier: String? = nil) throws -> [String] {
        try validateFields()
        var result = ["MESSAGE=\(message)", "PRIORITY=\(priority.level)"]
        if let messageID { result.append("MESSAGE_ID=\(messageID)") }
        if let identifier { result.append("SYSLOG_IDENTIFIER=\(identifier)") }
        result += fields.map { "\($0.name)=\($0.value)" }
        result += ["CODE_FILE=\(codeFile)", "CODE_LINE=\(codeLine)", "CODE_FUNC=\(codeFunction)"]
        return result
    }

    /// Throws for the first user field whose name is invalid or reserved.
    public func validateFields() throws {
        for field in fields {
            guard JournalField.isValidName(field.name) else {
                throw SystemdError(
                    code: .invalidJournalField,
                    message: "Failed to log field \"\(field.name)\": use 1 to 64 upper case letters, digits and '_', "
                        + "not starting with a digit or '_'",
                    parameter: field.name
                )
            }
            guard !JournalField.reservedNames.contains(field.name) else {
                throw SystemdError(
                    code: .invalidJournalField,
                    message: "Failed to log field \(field.name): the entry sets it itself; set the entry's priority, "
                        + "message or message id instead",
                    parameter: field.name
                )
            }
        }
    }
}
