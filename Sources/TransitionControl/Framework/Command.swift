/// One subcommand of a tool (`render`, `status`), or a group of subcommands (`interactive` with
/// `begin`, `update`, …): its name, help texts, options, positional arguments and what it runs.
///
/// The tool's command table is an array of these values, so a new command is one new declaration and
/// never a change to the parser or the help formatter.
public struct Command: Sendable {
    /// What a command runs: it gets the parsed arguments and the process's streams, and returns the
    /// exit status. Throwing a ``CommandError`` prints its message and exits with its status; any other
    /// error is printed and exits with status 1.
    ///
    /// Handlers are synchronous and may block (socket calls, subscriptions, timed loops):
    /// ``CommandLineTool/run(arguments:streams:environment:)`` runs them on a thread of their own.
    public typealias Handler = @Sendable (CommandInvocation) throws -> ExitCode

    /// The name typed on the command line (`render`, `pop-to-root`).
    public var name: String
    /// The heading under which `--help` lists the command (`Offline Commands`).
    public var group: String
    /// One line for the tool's `--help`, without a trailing period.
    public var summary: String
    /// Paragraphs for the command's own `--help`, separated by blank lines; wrapped to the terminal.
    public var discussion: String
    /// The command's own options; the tool's global options are accepted too.
    public var options: [OptionDeclaration]
    /// The positional arguments, in order.
    public var positionals: [PositionalDeclaration]
    /// Subcommands chosen by the next word (`interactive begin`); empty for a plain command.
    public var subcommands: [Command]
    /// What runs; nil for a group, which only dispatches to its subcommands.
    public var handler: Handler?

    /// Creates a plain command.
    public init(
        name: String, group: String, summary: String, discussion: String = "", options: [OptionDeclaration] = [],
        positionals: [PositionalDeclaration] = [], handler: @escaping Handler
    ) {
        self.name = name
        self.group = group
        self.summary = summary
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.subcommands = []
        self.handler = handler
    }

    /// Creates a group of subcommands.
    public init(name: String, group: String, summary: String, discussion: String = "", subcommands: [Command]) {
        self.name = name
        self.group = group
        self.summary = summary
        self.discussion = discussion
        self.options = []
        self.positionals = []
        self.subcommands = subcommands
        self.handler = nil
    }

    /// The subcommand named `name`, if any.
    public func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }
}
