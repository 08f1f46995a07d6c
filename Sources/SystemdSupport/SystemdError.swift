import SystemPrimitives

/// An error from a systemd wrapper or the configuration parser.
///
/// Every wrapper checks the return value of the `sd_*` function it calls and throws this
/// error when the call fails; nothing in this module logs. `message` is a complete sentence
/// that says what failed and what to do; `errno` is the positive system error number when a
/// system or libsystemd call failed (libsystemd returns `-errno`; the sign is removed here).
public struct SystemdError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Open for extension: new codes may be added, so never switch
    /// exhaustively over them; compare with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case invalidArgument
            case notificationFailed
            case listenFileDescriptorsFailed
            case wrongSocketType
            case watchdogFailed
            case invalidJournalField
            case journalWriteFailed
            case standardErrorWriteFailed
            case unreadableFile
            case syntaxError
            case badValue
            case unknownKey
            case unknownSection
        }

        private let value: Value

        private init(_ value: Value) { self.value = value }

        /// An argument the caller passed cannot be sent as given (for example a newline in a
        /// notification value, or an empty list of file descriptors).
        public static let invalidArgument = Code(.invalidArgument)
        /// `sd_notify` or `sd_pid_notify_with_fds` failed.
        public static let notificationFailed = Code(.notificationFailed)
        /// `sd_listen_fds_with_names` failed.
        public static let listenFileDescriptorsFailed = Code(.listenFileDescriptorsFailed)
        /// A passed file descriptor is not the kind of socket the caller requires.
        public static let wrongSocketType = Code(.wrongSocketType)
        /// `sd_watchdog_enabled` failed (for example a malformed `WATCHDOG_USEC`).
        public static let watchdogFailed = Code(.watchdogFailed)
        /// A journal field name or message id is not valid.
        public static let invalidJournalField = Code(.invalidJournalField)
        /// `sd_journal_sendv` failed.
        public static let journalWriteFailed = Code(.journalWriteFailed)
        /// Writing the plain line to standard error failed.
        public static let standardErrorWriteFailed = Code(.standardErrorWriteFailed)
        /// A configuration file or drop-in directory exists but cannot be read.
        public static let unreadableFile = Code(.unreadableFile)
        /// A configuration line is not a comment, a section header or a `Key=Value` assignment
        /// inside a section, or is not valid UTF-8.
        public static let syntaxError = Code(.syntaxError)
        /// A configuration value cannot be read as the type its key requires.
        public static let badValue = Code(.badValue)
        /// A configuration key that the program does not know (reported by a schema layer).
        public static let unknownKey = Code(.unknownKey)
        /// A configuration section that the program does not know (reported by a schema layer).
        public static let unknownSection = Code(.unknownSection)

        /// The code's name, for example `badValue`.
        public var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence saying what failed and what to do. For configuration errors it starts with
    /// `file:line: `.
    public var message: String
    /// The argument or configuration setting at fault (`status`, `Daemon.FrameRate`), if any.
    public var parameter: String?
    /// The positive system error number (`EINVAL`, `ENOENT`, …), when a call reported one.
    public var errno: Int32?
    /// Where in a configuration file the fault is, for configuration errors.
    public var location: ConfigurationLocation?

    /// Creates an error.
    public init(
        code: Code,
        message: String,
        parameter: String? = nil,
        errno: Int32? = nil,
        location: ConfigurationLocation? = nil
    ) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.errno = errno
        self.location = location
    }

    /// The message, followed by the system error's text and number when there is one, for
    /// example `Failed to send notification: No such file or directory (errno 2)`.
    public var description: String {
        guard let errno else { return message }
        return "\(message): \(Errno(rawValue: errno)) (errno \(errno))"
    }
}
