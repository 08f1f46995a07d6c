/// The `transitionctl` tool: its global options and command table.
///
/// Commands are declared one per file (`EvalCommand`, `RenderCommand`, …) and listed in
/// ``commands``; the framework (``CommandLineTool``, ``ArgumentParser``, ``HelpFormatter``) parses
/// and documents them from these declarations alone.
public enum Transitionctl {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The help group of commands that work without the daemon.
    public static let offlineGroup = "Offline Commands"
    /// The help group of the commands that watch the daemon: `watch`, `record`, `stats`.
    public static let monitoringGroup = "Monitoring Commands"

    /// The options every command accepts, after `--help` and `--version`, as in systemd's tools.
    public static let globalOptions: [OptionDeclaration] = [
        .value(
            "json", summary: "Print JSON: pretty (indented), short (one line), or off",
            choices: JSONOutputMode.allCases.map(\.rawValue), defaultValue: JSONOutputMode.off.rawValue),
        .flag("no-legend", summary: "Do not print the column headers and footers of tables"),
        .flag("quiet", short: "q", summary: "Do not print informational messages"),
        .value(
            "socket", valueName: "PATH",
            summary: "The daemon's socket (default: $TRANSITIOND_SOCKET, else the daemon's default path)"),
    ]

    /// Every command, in help order.
    public static let commands: [Command] =
        [
            StackCommands.list, StackCommands.status, StackCommands.create, StackCommands.delete, RulesCommand.command,
            ReduceMotionCommand.command,
        ]
        + NavigationCommands.commands + [ResizeCommand.command]
        + [InteractiveCommands.command, GestureCommand.command] + ControlCommands.commands
        + [AnimatorsCommand.command, DefineAnimatorCommand.command]
        + [WatchCommand.command, RecordCommand.command, StatsCommand.command, WebCommand.command]
        + [EvalCommand.command, RenderCommand.command, PictureCommand.command]

    /// The tool.
    public static let tool = CommandLineTool(
        name: "transitionctl", version: version,
        summary: "Control transitiond, the screen transition service, and compute its transitions offline.",
        globalOptions: globalOptions, commands: commands, defaultCommandName: StackCommands.list.name,
        epilogue: "See the transitionctl(1) man page for details.")

    /// Runs the tool with the process's streams and environment and returns the exit code.
    ///
    /// - Parameter arguments: the command line without the program name.
    public static func main(arguments: [String]) async -> Int32 {
        let status = await tool.run(
            arguments: arguments, streams: .process(), environment: ProcessEnvironment.current())
        return status.code
    }
}

extension CommandInvocation {
    /// `--json=`: how to print machine-readable output; `off` when absent.
    public var jsonMode: JSONOutputMode {
        arguments.value("json").flatMap(JSONOutputMode.init(rawValue:)) ?? .off
    }

    /// False with `--no-legend`: tables leave out their headers and footers.
    public var showsLegend: Bool { !arguments.flag("no-legend") }

    /// True with `-q`/`--quiet`: informational messages are left out.
    public var isQuiet: Bool { arguments.flag("quiet") }
}
