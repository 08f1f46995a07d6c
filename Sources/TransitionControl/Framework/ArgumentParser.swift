/// Parses a command line against a ``CommandLineTool``'s declarations, in the manner of
/// `getopt_long(3)` with argument permutation as systemd's tools use it.
///
/// - `--name value` and `--name=value` for options with values, `--name` for flags; `-x`, `-xVALUE`,
///   `-x VALUE` and clusters of short flags (`-qh`).
/// - Global options anywhere; a command's options after its name. `--` ends option parsing.
/// - An argument that looks like a negative number (`-0.5`) is positional unless a short option uses
///   that digit.
/// - `--help` anywhere asks for the help of the command named so far; it wins over every usage error
///   except an unknown command.
public struct ArgumentParser {
    /// What the command line asks for.
    public enum Outcome {
        /// Run `command` with `arguments`.
        case run(Command, ParsedArguments)
        /// Show the help of the tool (empty path) or of the command path (`[interactive, begin]`).
        case help([Command])
        /// Show the version.
        case version
    }

    /// The tool whose declarations drive parsing.
    public let tool: CommandLineTool

    /// Creates a parser for `tool`.
    public init(tool: CommandLineTool) {
        self.tool = tool
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``CommandError`` with a usage code (exit status 2) for the first problem found.
    public func parse(_ arguments: [String]) throws(CommandError) -> Outcome {
        var state = State(tool: tool)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if state.optionsEnded {
                state.word(argument)
            } else if argument == "--" {
                state.optionsEnded = true
            } else if argument.hasPrefix("--") {
                state.longOption(argument, arguments: arguments, index: &index)
            } else if argument.count > 1, argument.hasPrefix("-"), !state.isNegativeNumber(argument) {
                state.shortOptions(argument, arguments: arguments, index: &index)
            } else {
                state.word(argument)
            }
            if state.stopped { break }
        }
        return try state.finish()
    }
}

/// The parser's progress through one command line.
private struct State {
    let tool: CommandLineTool
    var path: [Command] = []
    var parsed = ParsedArguments()
    var optionsEnded = false
    var firstError: CommandError?
    var unknownCommand: CommandError?
    var helpRequested = false
    var versionRequested = false
    /// Set after an unknown command: the rest cannot be interpreted.
    var stopped = false

    init(tool: CommandLineTool) {
        self.tool = tool
    }

    /// The options accepted at this point: the global ones and those of the command named so far.
    var activeOptions: [OptionDeclaration] {
        tool.allGlobalOptions + (path.last?.options ?? [])
    }

    /// The tool and the commands named so far, as typed: `transitionctl`, `transitionctl render`.
    var commandText: String {
        ([tool.name] + path.map(\.name)).joined(separator: " ")
    }

    mutating func fail(_ error: CommandError) {
        if firstError == nil { firstError = error }
    }

    func isNegativeNumber(_ argument: String) -> Bool {
        guard let second = argument.dropFirst().first else { return false }
        let startsNumber = second.isASCII && (second.isNumber || second == ".")
        return startsNumber && !activeOptions.contains { $0.shortName == second }
    }

    mutating func word(_ argument: String) {
        let choosingCommand = (path.isEmpty || !(path.last?.subcommands.isEmpty ?? true))
        guard choosingCommand else {
            parsed.positionals.append(argument)
            return
        }
        let candidates = path.last?.subcommands ?? tool.commands
        guard let command = candidates.first(where: { $0.name == argument }) else {
            let names = candidates.map(\.name).joined(separator: ", ")
            unknownCommand = CommandError(
                .unknownCommand, parameter: argument,
                "unknown command \"\(argument)\" for \(commandText); use one of: \(names)")
            stopped = true
            return
        }
        path.append(command)
        parsed.commandPath.append(command.name)
    }

    mutating func longOption(_ argument: String, arguments: [String], index: inout Int) {
        let body = argument.dropFirst(2)
        let name: String
        var inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
        }
        guard let option = activeOptions.first(where: { $0.name == name }) else {
            fail(unknownOptionError("--" + name))
            return
        }
        accept(option, inlineValue: inlineValue, arguments: arguments, index: &index)
    }

    mutating func shortOptions(_ argument: String, arguments: [String], index: inout Int) {
        var rest = Substring(argument.dropFirst())
        while let letter = rest.first {
            rest = rest.dropFirst()
            guard let option = activeOptions.first(where: { $0.shortName == letter }) else {
                fail(unknownOptionError("-" + String(letter)))
                return
            }
            if option.takesValue {
                accept(option, inlineValue: rest.isEmpty ? nil : String(rest), arguments: arguments, index: &index)
                return
            }
            accept(option, inlineValue: nil, arguments: arguments, index: &index)
        }
    }

    mutating func accept(_ option: OptionDeclaration, inlineValue: String?, arguments: [String], index: inout Int) {
        if option.name == CommandLineTool.helpOption.name { helpRequested = true }
        if option.name == CommandLineTool.versionOption.name { versionRequested = true }
        guard option.takesValue else {
            if inlineValue != nil {
                fail(
                    CommandError(
                        .unexpectedValue, parameter: option.spelling, "option \(option.spelling) takes no value"))
                return
            }
            parsed.add(option.name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < arguments.count {
            value = arguments[index]
            index += 1
        } else {
            fail(
                CommandError(
                    .missingValue, parameter: option.spelling,
                    "option \(option.spelling) needs a value (\(option.valueName ?? "VALUE"))"))
            return
        }
        if !option.choices.isEmpty, !option.choices.contains(value) {
            fail(
                CommandError(
                    .invalidValue, parameter: option.spelling,
                    "\(option.spelling) must be one of \(option.choices.joined(separator: ", ")), got \"\(value)\""))
            return
        }
        parsed.add(option.name, value: value)
    }

    func unknownOptionError(_ spelling: String) -> CommandError {
        let owners = tool.commands.filter { command in
            command.options.contains { "--" + $0.name == spelling || $0.shortName.map { "-" + String($0) } == spelling }
        }
        let hint: String
        if path.isEmpty, let owner = owners.first {
            hint = "; it is an option of \(tool.name) \(owner.name) and follows the command's name"
        } else {
            hint = "; see \(commandText) --help"
        }
        return CommandError(.unknownOption, parameter: spelling, "unknown option \(spelling)\(hint)")
    }

    mutating func finish() throws(CommandError) -> ArgumentParser.Outcome {
        if let unknownCommand { throw unknownCommand }
        if helpRequested { return .help(path) }
        if versionRequested { return .version }
        if let firstError { throw firstError }
        if path.isEmpty {
            guard let name = tool.defaultCommandName, let command = tool.command(named: name) else {
                throw CommandError(
                    .missingArgument, parameter: "COMMAND", "no command given; see \(tool.name) --help")
            }
            path.append(command)
            parsed.commandPath.append(command.name)
        }
        guard let command = path.last, command.handler != nil else {
            let names = path.last?.subcommands.map(\.name).joined(separator: ", ") ?? ""
            throw CommandError(
                .missingArgument, parameter: "COMMAND", "\(commandText) needs a subcommand: \(names)")
        }
        for option in command.options where option.isRequired && !parsed.contains(option.name) {
            throw CommandError(
                .missingOption, parameter: option.spelling,
                "\(commandText) needs \(option.spelling)=\(option.valueName ?? "VALUE")")
        }
        try checkPositionals(of: command)
        return .run(command, parsed)
    }

    func checkPositionals(of command: Command) throws(CommandError) {
        var minimum = 0
        var maximum: Int? = 0
        for positional in command.positionals {
            switch positional.arity {
            case .required:
                minimum += 1
                maximum = maximum.map { $0 + 1 }
            case .optional:
                maximum = maximum.map { $0 + 1 }
            case .repeated(let least):
                minimum += least
                maximum = nil
            }
        }
        let count = parsed.positionals.count
        if count < minimum {
            // The first declaration not yet filled names what is missing.
            var filled = count
            var missing = command.positionals.last?.name ?? "ARGUMENT"
            for positional in command.positionals {
                let needed: Int
                switch positional.arity {
                case .required: needed = 1
                case .optional: needed = 0
                case .repeated(let least): needed = least
                }
                if filled < needed {
                    missing = positional.name
                    break
                }
                filled -= needed
            }
            throw CommandError(.missingArgument, parameter: missing, "\(commandText) needs \(missing)")
        }
        if let maximum, count > maximum {
            let extra = parsed.positionals[maximum]
            throw CommandError(
                .unexpectedArgument, parameter: extra, "unexpected argument \"\(extra)\" for \(commandText)")
        }
    }
}
