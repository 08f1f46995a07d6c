/// A failure of a command-line invocation: a usage error (exit status 2) or a failure of the command
/// itself (exit status 1).
///
/// The tool prints `<tool>: <message>` on standard error. `parameter` names what is at fault, as the
/// option (`--size`), the argument (`STACK`) or a field path inside a document
/// (`--from root.children[2].frame`), so that scripts and tests need not parse the message.
public struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is. An open set: new codes may be added; compare with the static
    /// members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case unknownCommand, unknownOption, missingValue, unexpectedValue, invalidValue, missingOption
            case missingArgument, unexpectedArgument, invalidInput, inputOutput, failed
            case serviceError, connectionFailed
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The command name is not one the tool knows (usage).
        public static let unknownCommand = Code(.unknownCommand)
        /// An option is not declared for the command or the tool (usage).
        public static let unknownOption = Code(.unknownOption)
        /// An option that takes a value was given none (usage).
        public static let missingValue = Code(.missingValue)
        /// A flag was given a value with `--flag=value` (usage).
        public static let unexpectedValue = Code(.unexpectedValue)
        /// An option or argument has a value of the wrong form or out of range (usage).
        public static let invalidValue = Code(.invalidValue)
        /// A required option is missing (usage).
        public static let missingOption = Code(.missingOption)
        /// A required positional argument is missing (usage).
        public static let missingArgument = Code(.missingArgument)
        /// More positional arguments were given than the command takes (usage).
        public static let unexpectedArgument = Code(.unexpectedArgument)
        /// A document the command read (a file, inline JSON, standard input) is malformed or
        /// describes something that cannot be done (failure).
        public static let invalidInput = Code(.invalidInput)
        /// Reading or writing a file or stream failed (failure).
        public static let inputOutput = Code(.inputOutput)
        /// Any other failure of the command (failure).
        public static let failed = Code(.failed)
        /// The daemon answered a call with an error, named in the message with its parameter (failure).
        public static let serviceError = Code(.serviceError)
        /// The daemon could not be reached, or the connection failed during a call (failure).
        public static let connectionFailed = Code(.connectionFailed)

        /// Whether the code describes a malformed command line, which exits with status 2.
        public var isUsageError: Bool {
            switch kind {
            case .unknownCommand, .unknownOption, .missingValue, .unexpectedValue, .invalidValue, .missingOption,
                .missingArgument, .unexpectedArgument:
                return true
            case .invalidInput, .inputOutput, .failed, .serviceError, .connectionFailed:
                return false
            }
        }

        /// The code's name, such as `unknownOption`.
        public var description: String { kind.rawValue }
    }

    /// The kind of problem.
    public var code: Code
    /// What is wrong and what to do about it, for people; printed after `<tool>: `.
    public var message: String
    /// What is at fault: an option with its dashes (`--fps`), an argument name (`STACK`), a command
    /// name, or an option followed by a field path (`--from root.frame`). Empty when nothing in
    /// particular is.
    public var parameter: String

    /// Creates an error.
    public init(_ code: Code, parameter: String = "", _ message: String) {
        self.code = code
        self.parameter = parameter
        self.message = message
    }

    /// The status the tool exits with: 2 for usage errors, 1 otherwise.
    public var exitCode: ExitCode { code.isUsageError ? .usage : .failure }

    /// The message.
    public var description: String { message }
}
