/// The result of parsing a command line for one command: which command, the options given (global
/// and the command's own) and the positional arguments.
///
/// Options are looked up by their long name without dashes. When an option is repeated every value is
/// kept; ``value(_:)`` returns the last, as `getopt_long` callers conventionally do.
public struct ParsedArguments: Sendable, Equatable {
    /// The names of the command and its subcommands, outermost first (`["interactive", "begin"]`);
    /// empty when no command was given.
    public var commandPath: [String]
    /// The positional arguments in order.
    public var positionals: [String]
    /// Every option given, by long name, with its values in order; a flag has one empty value per
    /// occurrence.
    public private(set) var options: [String: [String]]

    /// Creates a result.
    public init(commandPath: [String] = [], options: [String: [String]] = [:], positionals: [String] = []) {
        self.commandPath = commandPath
        self.options = options
        self.positionals = positionals
    }

    /// Records one occurrence of an option.
    public mutating func add(_ name: String, value: String = "") {
        options[name, default: []].append(value)
    }

    /// Whether the option was given at least once.
    public func contains(_ name: String) -> Bool {
        options[name] != nil
    }

    /// Whether the flag was given.
    public func flag(_ name: String) -> Bool {
        contains(name)
    }

    /// The option's last value, or nil when it was not given.
    public func value(_ name: String) -> String? {
        options[name]?.last
    }

    /// Every value the option was given, in order.
    public func values(_ name: String) -> [String] {
        options[name] ?? []
    }

    /// The positional argument at `index`, or nil.
    public func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }
}
