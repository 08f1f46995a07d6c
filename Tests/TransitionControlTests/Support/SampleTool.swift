import TransitionControl

/// A small tool declared only for testing the framework: plain commands with options and
/// positionals, and a group with subcommands, as the online commands will have.
enum SampleTool {
    static let tool = CommandLineTool(
        name: "sample", version: "9.1", summary: "A tool that exists to test the command-line framework.",
        globalOptions: [
            .value("json", summary: "Output format", choices: ["pretty", "short", "off"]),
            .flag("quiet", short: "q", summary: "Say less"),
            .value("socket", valueName: "PATH", summary: "The socket to talk to"),
        ],
        commands: [
            Command(
                name: "push", group: "Stack Commands", summary: "Push a screen",
                options: [
                    .value("animator", short: "a", valueName: "NAME", summary: "The animator", isRequired: true),
                    .value("velocity", valueName: "V", summary: "Initial velocity", defaultValue: "0"),
                    .flag("wait", short: "w", summary: "Wait for completion"),
                ],
                positionals: [
                    PositionalDeclaration("STACK", summary: "The stack"),
                    PositionalDeclaration("SCREEN", summary: "The screen file"),
                ],
                handler: echo),
            Command(
                name: "list", group: "Stack Commands", summary: "List stacks",
                positionals: [PositionalDeclaration("PATTERN", summary: "Glob patterns", arity: .repeated(minimum: 0))],
                handler: echo),
            Command(
                name: "interactive", group: "Interactive Commands", summary: "Drive interactive transitions",
                subcommands: [
                    Command(
                        name: "update", group: "", summary: "Set the progress",
                        positionals: [
                            PositionalDeclaration("STACK", summary: "The stack"),
                            PositionalDeclaration("FRACTION", summary: "Progress in [0, 1]", arity: .optional),
                        ],
                        handler: echo),
                    Command(
                        name: "cancel", group: "", summary: "Cancel",
                        positionals: [PositionalDeclaration("STACK", summary: "The stack")],
                        handler: echo),
                ]),
        ],
        defaultCommandName: "list",
        epilogue: "See sample(1).")

    /// Prints the parse result: the command path, sorted options and positionals.
    @Sendable static func echo(_ invocation: CommandInvocation) throws -> ExitCode {
        invocation.output.write(describe(invocation.arguments) + "\n")
        return .success
    }

    static func describe(_ arguments: ParsedArguments) -> String {
        let options = arguments.options.keys.sorted().map { "\($0)=\(arguments.values($0).joined(separator: ","))" }
        return
            "\(arguments.commandPath.joined(separator: " ")) | \(options.joined(separator: " ")) | \(arguments.positionals.joined(separator: " "))"
    }

    /// Parses `arguments` and describes the outcome as one line.
    static func outcome(_ arguments: [String]) -> String {
        do {
            switch try ArgumentParser(tool: tool).parse(arguments) {
            case .run(_, let parsed): return "run " + describe(parsed)
            case .help(let path): return "help " + path.map(\.name).joined(separator: " ")
            case .version: return "version"
            }
        } catch {
            return "error \(error.code) \(error.parameter): \(error.message)"
        }
    }
}
