import JSON
import TransitionClient

/// The commands about stacks themselves: `list`, `status`, `create-stack`, `delete-stack`.
public enum StackCommands {
    /// The help group.
    public static let group = "Stack Commands"

    /// `list`: every stack (ListStacks).
    public static let list = Command(
        name: "list", group: group, summary: "List the stacks",
        discussion: """
            List every stack with its owner, visible screen, depth and whether it animates; with --json, \
            the daemon's ListStacks reply. This is the command run when none is given.
            """
    ) { invocation in
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let action = "list stacks"
        let reply = try connection.call("ListStacks", action: action)
        if try invocation.writeJSONIfRequested(.object(reply)) { return .success }
        let stacks = try DaemonConnection.decode(
            [StackSummary].self, from: reply["stacks"], field: "stacks", action: action)
        invocation.output.write(StackText.list(stacks, showsLegend: invocation.showsLegend))
        return .success
    }

    /// `status STACK`: a stack's state and running transition (GetStack).
    public static let status = Command(
        name: "status", group: group, summary: "Show a stack's screens, rules and running transition",
        discussion: """
            Show STACK: its owner, container size, tabs, screens, presented screens, policy, rules and the \
            running transition with its progress. --screens adds the screen objects to --json output.
            """,
        options: [.flag("screens", summary: "Include the screen objects in JSON output")],
        positionals: [NavigationCommands.stackArgument]
    ) { invocation in
        let name = invocation.arguments.positionals[0]
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        var parameters: JSONObject = ["name": .string(name)]
        if invocation.arguments.flag("screens") { parameters["includeScreens"] = true }
        let action = "get stack \(name)"
        let reply = try connection.call("GetStack", parameters, action: action)
        if try invocation.writeJSONIfRequested(.object(reply)) { return .success }
        let stack = try DaemonConnection.decode(
            StackDescription.self, from: reply["stack"], field: "stack", action: action)
        invocation.output.write(StackText.status(stack))
        return .success
    }

    /// `create-stack NAME [SCREEN] --size WxH`: a new stack (CreateStack).
    public static let create = Command(
        name: "create-stack", group: group, summary: "Create a stack",
        discussion: """
            Create the stack NAME, owned by you, in a container of the given size, with SCREEN as its root \
            or with --tabs: a file or inline JSON array of {"name": …, "screens": [screen, …]}, the first \
            tab selected. Exactly one of SCREEN and --tabs.
            """,
        options: [
            .value(
                "size", valueName: "WxH", summary: "The container's size in points, such as 375x667", isRequired: true),
            .value("tabs", valueName: "TABS", summary: "Tabs instead of a root screen: a file or inline JSON array"),
            .value(
                "policy", summary: "What happens to operations arriving during a transition",
                choices: ["queue", "retarget", "reject"], defaultValue: "queue"),
            .value("rules", valueName: "RULES", summary: "Animator rules: a file or inline JSON array (see rules)"),
            .value(
                "reduce-motion", summary: "The stack's Reduce Motion setting (see reduce-motion)",
                choices: ReduceMotionCommand.settings, defaultValue: "followDaemon"),
        ],
        positionals: [
            PositionalDeclaration("NAME", summary: "The new stack's name"),
            PositionalDeclaration("SCREEN", summary: "The root screen: a file or inline JSON", arity: .optional),
        ]
    ) { invocation in
        let arguments = invocation.arguments
        let name = arguments.positionals[0]
        let size = try RenderOptions.size(try arguments.requiredValue("size"))
        var parameters: JSONObject = [
            "name": .string(name), "width": .number(size.width), "height": .number(size.height),
        ]
        switch (arguments.positional(1), arguments.value("tabs")) {
        case (let screen?, nil):
            parameters["root"] = try DocumentArgument(option: "SCREEN", text: screen).object()
        case (nil, let tabs?):
            parameters["tabs"] = try DocumentArgument(option: "--tabs", text: tabs).json()
        default:
            throw CommandError(
                .missingArgument, parameter: "SCREEN",
                "\(invocation.toolName) create-stack needs either a root SCREEN or --tabs, not both")
        }
        if let policy = arguments.value("policy") { parameters["policy"] = .string(policy) }
        if let rules = arguments.value("rules") {
            parameters["rules"] = try DocumentArgument(option: "--rules", text: rules).json()
        }
        if let reduceMotion = arguments.value("reduce-motion") { parameters["reduceMotion"] = .string(reduceMotion) }
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let action = "create stack \(name)"
        let reply = try connection.call("CreateStack", parameters, action: action)
        if try invocation.writeJSONIfRequested(.object(reply)) { return .success }
        let stack = try DaemonConnection.decode(
            StackDescription.self, from: reply["stack"], field: "stack", action: action)
        invocation.inform("Created stack \(stack.name) showing \(stack.visibleScreen ?? "nothing").")
        return .success
    }

    /// `delete-stack NAME...` (DeleteStack).
    public static let delete = Command(
        name: "delete-stack", group: group, summary: "Delete stacks",
        discussion: """
            Delete each NAME in turn; a running transition is abandoned and subscribers are told. Stops at \
            the first failure.
            """,
        positionals: [PositionalDeclaration("NAME", summary: "The stacks to delete", arity: .repeated(minimum: 1))]
    ) { invocation in
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        var replies: [JSONValue] = []
        for name in invocation.arguments.positionals {
            let reply = try connection.call("DeleteStack", ["name": .string(name)], action: "delete stack \(name)")
            replies.append(.object(reply))
            if invocation.jsonMode == .off { invocation.inform("Deleted stack \(name).") }
        }
        _ = try invocation.writeJSONIfRequested(replies.count == 1 ? replies[0] : .array(replies))
        return .success
    }
}
