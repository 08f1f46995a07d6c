/// One option a tool or command accepts: a flag (`--no-legend`, `-q`) or an option with a value
/// (`--fps 60`, `--fps=60`, `-o FILE`).
///
/// Declarations drive both parsing and the generated `--help` text, so adding an option never touches
/// the parser.
///
/// ```swift
/// OptionDeclaration.value("fps", valueName: "RATE", summary: "Frames per second, 1 to 1000", defaultValue: "60")
/// OptionDeclaration.flag("quiet", short: "q", summary: "Do not print informational messages")
/// ```
public struct OptionDeclaration: Sendable, Hashable {
    /// The long name without its dashes, such as `fps`; letters, digits and `-`.
    public var name: String
    /// The one-letter short form (`q` for `-q`), if any.
    public var shortName: Character?
    /// What the value is called in help (`RATE`), or nil for a flag, which takes no value.
    public var valueName: String?
    /// One line for `--help`: what the option does, without a trailing period.
    public var summary: String
    /// The accepted values, or empty for any value. The parser rejects others as a usage error.
    public var choices: [String]
    /// Whether the command cannot run without it; the parser reports it missing as a usage error.
    public var isRequired: Bool
    /// The value used when the option is absent, shown in help as `(default: …)`; the command applies
    /// it, the parser only documents it.
    public var defaultValue: String?

    /// Creates a declaration; see the properties. Prefer ``flag(_:short:summary:)`` and
    /// ``value(_:short:valueName:summary:choices:isRequired:defaultValue:)``.
    public init(
        name: String, shortName: Character? = nil, valueName: String? = nil, summary: String,
        choices: [String] = [], isRequired: Bool = false, defaultValue: String? = nil
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.summary = summary
        self.choices = choices
        self.isRequired = isRequired
        self.defaultValue = defaultValue
    }

    /// A flag: present or absent, never with a value.
    public static func flag(_ name: String, short: Character? = nil, summary: String) -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: short, summary: summary)
    }

    /// An option that takes a value.
    ///
    /// - Parameters:
    ///   - valueName: the value's name in help; nil shows the choices joined by `|`
    ///     (`--json=pretty|short|off`), or `VALUE` when there are none.
    ///   - choices: the accepted values; empty accepts any.
    public static func value(
        _ name: String, short: Character? = nil, valueName: String? = nil, summary: String, choices: [String] = [],
        isRequired: Bool = false, defaultValue: String? = nil
    ) -> OptionDeclaration {
        OptionDeclaration(
            name: name, shortName: short,
            valueName: valueName ?? (choices.isEmpty ? "VALUE" : choices.joined(separator: "|")),
            summary: summary, choices: choices, isRequired: isRequired, defaultValue: defaultValue)
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }

    /// `--name`, as written on the command line and in messages.
    public var spelling: String { "--" + name }
}
