/// Everything a command's handler works with: its parsed arguments, the streams, the environment and
/// the terminal width.
public struct CommandInvocation {
    /// The tool's name, for messages (`transitionctl`).
    public var toolName: String
    /// The command line as parsed, global options included.
    public var arguments: ParsedArguments
    /// Standard input, output and error.
    public var streams: StandardStreams
    /// The environment variables.
    public var environment: [String: String]
    /// The width tables and texts are laid out for, in columns; see ``TerminalWidth``.
    public var terminalWidth: Int

    /// Creates an invocation.
    public init(
        toolName: String, arguments: ParsedArguments, streams: StandardStreams, environment: [String: String],
        terminalWidth: Int
    ) {
        self.toolName = toolName
        self.arguments = arguments
        self.streams = streams
        self.environment = environment
        self.terminalWidth = terminalWidth
    }

    /// Standard output.
    public var output: OutputChannel { streams.output }
    /// Standard input.
    public var input: InputChannel { streams.input }
}
