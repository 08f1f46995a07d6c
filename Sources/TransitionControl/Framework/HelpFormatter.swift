/// Generates `--help` texts from a ``CommandLineTool``'s declarations, laid out like systemd's tools
/// (`systemctl --help`): a usage line, a summary, then sections of two-column entries, wrapped to a
/// terminal width.
public struct HelpFormatter {
    /// The width to wrap to, in columns (at least ``TextWrapper/minimumWidth``).
    public var width: Int

    /// Creates a formatter for `width` columns.
    public init(width: Int) {
        self.width = width
    }

    /// The help of the tool (empty `path`) or of the command at the end of `path`.
    public func help(for path: [Command], in tool: CommandLineTool) -> String {
        guard let command = path.last else { return toolHelp(tool) }
        return commandHelp(command, path: path, in: tool)
    }

    /// The tool's help: usage, summary, commands by group, global options, epilogue.
    public func toolHelp(_ tool: CommandLineTool) -> String {
        var lines = ["\(tool.name) [OPTIONS...] COMMAND ...", ""]
        lines += TextWrapper.wrap(tool.summary, width: width)
        var groups: [String] = []
        for command in tool.commands where !groups.contains(command.group) {
            groups.append(command.group)
        }
        var sections: [(title: String, entries: [(term: String, description: String)])] = []
        for group in groups {
            var entries: [(term: String, description: String)] = []
            for command in tool.commands where command.group == group {
                entries += Self.commandEntries(command, prefix: [])
            }
            sections.append((group + ":", entries))
        }
        sections.append(("Options:", tool.allGlobalOptions.map(Self.optionEntry)))
        lines += layout(sections)
        if !tool.epilogue.isEmpty {
            lines.append("")
            lines += TextWrapper.wrap(tool.epilogue, width: width)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A command's help: usage, discussion (or summary), arguments, subcommands, its options, then the
    /// global options.
    public func commandHelp(_ command: Command, path: [Command], in tool: CommandLineTool) -> String {
        let name = ([tool.name] + path.map(\.name)).joined(separator: " ")
        var usage = name + " [OPTIONS...]"
        if !command.subcommands.isEmpty { usage += " COMMAND ..." }
        for positional in command.positionals {
            usage += " " + positional.usageText
        }
        var lines = [usage, ""]
        let text = command.discussion.isEmpty ? command.summary + "." : command.discussion
        lines += TextWrapper.wrap(text, width: width)
        var sections: [(title: String, entries: [(term: String, description: String)])] = []
        if !command.positionals.isEmpty {
            sections.append(("Arguments:", command.positionals.map { ($0.usageText, $0.summary) }))
        }
        if !command.subcommands.isEmpty {
            sections.append(("Commands:", command.subcommands.flatMap { Self.commandEntries($0, prefix: []) }))
        }
        if !command.options.isEmpty {
            sections.append(("Options:", command.options.map(Self.optionEntry)))
        }
        sections.append(("Global options:", tool.allGlobalOptions.map(Self.optionEntry)))
        lines += layout(sections)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Sections with one shared description column, so the whole text aligns.
    private func layout(_ sections: [(title: String, entries: [(term: String, description: String)])]) -> [String] {
        let column = TextWrapper.descriptionColumn(for: sections.flatMap(\.entries).map(\.term), width: width)
        var lines: [String] = []
        for section in sections where !section.entries.isEmpty {
            lines.append("")
            lines.append(section.title)
            lines += TextWrapper.columns(section.entries, width: width, column: column)
        }
        return lines
    }

    /// The entries listing a command (and, for a group, each subcommand on its own line).
    public static func commandEntries(_ command: Command, prefix: [String]) -> [(term: String, description: String)] {
        let words = prefix + [command.name]
        if !command.subcommands.isEmpty {
            return command.subcommands.flatMap { commandEntries($0, prefix: words) }
        }
        let term = (words + command.positionals.map(\.usageText)).joined(separator: " ")
        return [(term, command.summary)]
    }

    /// An option's help entry: `-q --quiet`, `   --json=pretty|short|off`, with the summary extended by
    /// `(required)` or `(default: …)`.
    public static func optionEntry(_ option: OptionDeclaration) -> (term: String, description: String) {
        var term = option.shortName.map { "-\($0) " } ?? "   "
        term += option.spelling
        if let valueName = option.valueName { term += "=" + valueName }
        var description = option.summary
        if option.isRequired { description += " (required)" }
        if let defaultValue = option.defaultValue { description += " (default: \(defaultValue))" }
        return (term, description)
    }
}
