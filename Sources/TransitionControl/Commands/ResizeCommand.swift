import JSON

/// `transitionctl resize STACK WIDTH HEIGHT`: changes a stack's container size (Resize), as a rotation or a
/// resized window does.
public enum ResizeCommand {
    /// The largest side the daemon accepts, in points.
    static let maximumSide = 1_000_000.0

    /// The declaration: a navigation command (its `--animator`, `--no-animation` and `--wait`).
    public static let command = NavigationCommands.navigation(
        "resize", method: "Resize", summary: "Change the container size of a stack",
        discussion: """
            Change the container of STACK to WIDTH × HEIGHT points, as a rotation or a resized window \
            does: the visible screen is laid out again by its nodes' autoresizing, in a resize transition \
            (0.3 s ease-in-ease-out with the built-in resize unless --animator or a rule for resize names \
            another animator), or at once with --no-animation. During another transition the stack's \
            policy applies, as for the other operations.
            """,
        positionals: [
            NavigationCommands.stackArgument,
            PositionalDeclaration("WIDTH", summary: "The new width in points, above 0 and at most 1000000"),
            PositionalDeclaration("HEIGHT", summary: "The new height in points, above 0 and at most 1000000"),
        ]
    ) { arguments, parameters throws(CommandError) in
        let width = try side(arguments.positionals[1], named: "WIDTH")
        let height = try side(arguments.positionals[2], named: "HEIGHT")
        parameters["width"] = .number(width)
        parameters["height"] = .number(height)
        return "resize stack \(arguments.positionals[0]) to \(arguments.positionals[1])x\(arguments.positionals[2])"
    }

    /// `text` as a side of the container: a decimal number above 0 and at most `maximumSide`.
    ///
    /// - Throws: ``CommandError`` `invalidValue` naming the positional.
    static func side(_ text: String, named name: String) throws(CommandError) -> Double {
        guard let value = ParsedArguments.decimalNumber(text), value > 0, value <= maximumSide else {
            throw CommandError(
                .invalidValue, parameter: name,
                "give \(name) in points, above 0 and at most \(Int(maximumSide)), not \"\(text)\"")
        }
        return value
    }
}
