/// A command-line tool: its name, version, one-line summary, global options and command table.
///
/// `--help`/`-h` and `--version` are built in and need not be declared. Global options may appear
/// anywhere on the command line; a command's own options follow the command's name. Everything after
/// `--` is a positional argument.
///
/// ```swift
/// let tool = CommandLineTool(name: "transitionctl", version: "1", summary: "…",
///                            globalOptions: [.flag("quiet", short: "q", summary: "…")],
///                            commands: [evalCommand, renderCommand])
/// let status = await tool.run(arguments: ["render", "--help"], streams: .process, environment: [:])
/// ```
public struct CommandLineTool: Sendable {
    /// The tool's name, used in usage lines and as the prefix of error messages.
    public var name: String
    /// The version printed by `--version` after the name.
    public var version: String
    /// One paragraph for `--help` under the usage line.
    public var summary: String
    /// Options accepted with every command (`--json`, `-q`), in help order, after `--help` and
    /// `--version`.
    public var globalOptions: [OptionDeclaration]
    /// The commands, listed in help in this order under their groups (groups in order of first
    /// appearance).
    public var commands: [Command]
    /// The command run when none is given (systemd's tools list their objects), or nil to make a
    /// missing command a usage error.
    public var defaultCommandName: String?
    /// A closing line for the tool's `--help`, such as a pointer to the man page; empty for none.
    public var epilogue: String

    /// Creates a tool.
    public init(
        name: String, version: String, summary: String, globalOptions: [OptionDeclaration] = [],
        commands: [Command], defaultCommandName: String? = nil, epilogue: String = ""
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.globalOptions = globalOptions
        self.commands = commands
        self.defaultCommandName = defaultCommandName
        self.epilogue = epilogue
    }

    /// The built-in `--help`, `-h`.
    public static let helpOption = OptionDeclaration.flag("help", short: "h", summary: "Show this help")
    /// The built-in `--version`.
    public static let versionOption = OptionDeclaration.flag("version", summary: "Show the version")

    /// The options every command accepts: the built-ins, then ``globalOptions``.
    public var allGlobalOptions: [OptionDeclaration] {
        [Self.helpOption, Self.versionOption] + globalOptions
    }

    /// The top-level command named `name`, if any.
    public func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }
}
