import SystemdSupport

/// Why a configuration could not be loaded: every problem found, each with the file and line (or the
/// command-line option) at fault, so one run shows them all.
///
/// ```
/// Failed to load the configuration: 2 problems; fix them, or remove the keys to use the defaults
/// /etc/transitiond/transitiond.conf:4: unknown key FrameRat in [Daemon]; check its spelling or remove it
/// /etc/transitiond/transitiond.conf.d/50-local.conf:2: bad value for Mode: expected an octal file mode …
/// ```
public struct DaemonConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure. Open for extension: compare with `==`, never switch exhaustively.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case invalidConfiguration
            case unreadableConfiguration
            case invalidArgument
            case missingLocation
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A file has a syntax error, an unknown section or key, or a bad value.
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// A file or drop-in directory exists but cannot be read, or `--config` names a missing file.
        public static let unreadableConfiguration = Code(.unreadableConfiguration)
        /// A command-line value (`--socket`, `--instance`, …) is not usable.
        public static let invalidArgument = Code(.invalidArgument)
        /// No socket path or state directory can be chosen (no `XDG_RUNTIME_DIR` for a user); pass one.
        public static let missingLocation = Code(.missingLocation)

        /// The code's name, for example `invalidConfiguration`.
        public var description: String { value.rawValue }
    }

    /// The kind of the first problem.
    public var code: Code
    /// One line saying what failed and what to do.
    public var message: String
    /// The setting at fault in the first problem (`Daemon.FrameRate`, `--socket`).
    public var parameter: String?
    /// Every problem, in file order: `SystemdError`s whose messages start with `file:line:`, or name
    /// the command-line option.
    public var problems: [SystemdError]

    /// Creates an error from its problems (at least one).
    init(code: Code, problems: [SystemdError]) {
        self.code = code
        self.problems = problems
        parameter = problems.first?.parameter
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        message = "Failed to load the configuration: \(count); fix them, or remove the keys to use the defaults"
    }

    /// The message, then each problem on its own line.
    public var description: String {
        ([message] + problems.map(\.description)).joined(separator: "\n")
    }
}
