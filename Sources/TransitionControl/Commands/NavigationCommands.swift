import JSON

/// The navigation commands, one per method: `push`, `pop`, `pop-to-root`, `pop-to`, `set-screens`,
/// `present`, `dismiss`, `select-tab`.
public enum NavigationCommands {
    /// The help group.
    public static let group = "Navigation Commands"

    static let stackArgument = PositionalDeclaration("STACK", summary: "The stack's name")
    static let screenArgument = PositionalDeclaration(
        "SCREEN", summary: "A screen: a file, or inline JSON starting with { (docs/screens.md)")

    /// `present --style`'s values: the IDL's `PresentationStyle`.
    static let presentationStyles = ["fullScreen", "overCurrentContext", "custom"]

    /// The options every navigation command takes.
    static let commonOptions: [OptionDeclaration] = [
        .value("animator", valueName: "NAME", summary: "Use this animator instead of the one the stack's rules choose"),
        .flag("no-animation", summary: "Change the stack at once, without a transition"),
        OperationCall.waitOption,
    ]

    /// Every navigation command, in help order.
    public static let commands: [Command] = [
        navigation(
            "push", method: "Push", summary: "Push a screen onto a stack",
            discussion: """
                Push SCREEN onto STACK with the animator the stack's rules choose (slide when none \
                matches). --source names the node of the current screen the push starts from, the source \
                of animators such as zoom.
                """,
            positionals: [stackArgument, screenArgument],
            extraOptions: [.value("source", valueName: "NODE", summary: "The from-screen node the push starts from")]
        ) { arguments, parameters throws(CommandError) in
            parameters["screen"] = try DocumentArgument(option: "SCREEN", text: arguments.positionals[1]).object()
            if let source = arguments.value("source") { parameters["sourceNode"] = .string(source) }
            return "push a screen onto stack \(arguments.positionals[0])"
        },
        navigation(
            "pop", method: "Pop", summary: "Pop the top screen of a stack",
            discussion: "Pop the top screen of STACK. Popping the root fails with io.transitiond.StackUnderflow.",
            positionals: [stackArgument]
        ) { arguments, _ throws(CommandError) in "pop stack \(arguments.positionals[0])" },
        navigation(
            "pop-to-root", method: "PopToRoot", summary: "Pop a stack to its root screen",
            positionals: [stackArgument]
        ) { arguments, _ throws(CommandError) in "pop stack \(arguments.positionals[0]) to its root" },
        navigation(
            "pop-to", method: "PopTo", summary: "Pop a stack to one of its screens",
            discussion: "Pop STACK to the screen whose identifier is SCREEN_ID; it must be in the selected tab.",
            positionals: [
                stackArgument, PositionalDeclaration("SCREEN_ID", summary: "The identifier of a screen in the stack"),
            ]
        ) { arguments, parameters throws(CommandError) in
            parameters["screen"] = .string(arguments.positionals[1])
            return "pop stack \(arguments.positionals[0]) to \(arguments.positionals[1])"
        },
        navigation(
            "set-screens", method: "SetScreens", summary: "Replace the screens of a stack",
            discussion: """
                Replace the navigation stack of STACK with the SCREENs, root first. The change is animated \
                as a push when the new top screen is new, as a pop when it was in the stack, and not at all \
                when the top stays.
                """,
            positionals: [
                stackArgument,
                PositionalDeclaration(
                    "SCREEN", summary: "Screens, root first: files or inline JSON", arity: .repeated(minimum: 1)),
            ]
        ) { arguments, parameters throws(CommandError) in
            var screens: [JSONValue] = []
            for text in arguments.positionals.dropFirst() {
                screens.append(try DocumentArgument(option: "SCREEN", text: text).object())
            }
            parameters["screens"] = .array(screens)
            return "set the screens of stack \(arguments.positionals[0])"
        },
        navigation(
            "present", method: "Present", summary: "Present a screen over a stack",
            discussion: """
                Present SCREEN over STACK. --style says what stays drawn under it once the present settles: \
                fullScreen, nothing; overCurrentContext, the screen it is presented over and everything \
                drawn under that; custom, as overCurrentContext, with the presented screen in the frame and \
                over the chrome (a dimming overlay) that the animator's presentation declares, as the \
                example animator sheet does. Dismiss returns to what was drawn before.
                """,
            positionals: [stackArgument, screenArgument],
            extraOptions: [
                .value(
                    "style", summary: "What stays drawn under the presented screen",
                    choices: presentationStyles, defaultValue: "fullScreen")
            ]
        ) { arguments, parameters throws(CommandError) in
            parameters["screen"] = try DocumentArgument(option: "SCREEN", text: arguments.positionals[1]).object()
            if let style = arguments.value("style") { parameters["style"] = .string(style) }
            return "present a screen over stack \(arguments.positionals[0])"
        },
        navigation(
            "dismiss", method: "Dismiss", summary: "Dismiss the top presented screen of a stack",
            positionals: [stackArgument]
        ) { arguments, _ throws(CommandError) in "dismiss the presented screen of stack \(arguments.positionals[0])" },
        navigation(
            "select-tab", method: "SelectTab", summary: "Select a tab of a stack",
            positionals: [stackArgument, PositionalDeclaration("TAB", summary: "The tab's name")]
        ) { arguments, parameters throws(CommandError) in
            parameters["tab"] = .string(arguments.positionals[1])
            return "select tab \(arguments.positionals[1]) of stack \(arguments.positionals[0])"
        },
    ]

    /// Adds the method's own parameters to `parameters` and returns the action for messages.
    typealias ParameterBuilder = @Sendable (ParsedArguments, inout JSONObject) throws(CommandError) -> String

    static func navigation(
        _ name: String, method: String, summary: String, discussion: String = "",
        positionals: [PositionalDeclaration], extraOptions: [OptionDeclaration] = [],
        build: @escaping ParameterBuilder
    ) -> Command {
        Command(
            name: name, group: group, summary: summary,
            discussion: (discussion.isEmpty ? summary + "." : discussion) + "\n\n" + resultText,
            options: extraOptions + commonOptions, positionals: positionals
        ) { invocation in
            let stack = invocation.arguments.positionals[0]
            var parameters: JSONObject = ["stack": .string(stack)]
            let action = try build(invocation.arguments, &parameters)
            if let animator = invocation.arguments.value("animator") { parameters["animator"] = .string(animator) }
            if invocation.arguments.flag("no-animation") { parameters["animated"] = false }
            return try OperationCall.run(
                invocation, method: method, stack: stack, parameters: parameters, action: action)
        }
    }

    /// What every navigation command's help says about its output.
    static let resultText = """
        Prints whether the transition started, was queued behind the running one, reversed it, or changed \
        the stack at once; with --json, the daemon's OperationResult.
        """
}
