import JSON
import TransitionClient

/// `transitionctl rules STACK`: shows a stack's animator rules and policy, or replaces them (SetRules).
public enum RulesCommand {
    /// The declaration.
    public static let command = Command(
        name: "rules", group: StackCommands.group, summary: "Show or change a stack's animator rules and policy",
        discussion: """
            Without options, list the animator rules of STACK in the order they are tried, and its \
            policy. --set replaces the rules with a file or inline JSON array of rules such as \
            [{"operation": "push", "toKind": "photo", "animator": "zoom"}, {"animator": "fade", \
            "interactive": false}]; a rule matches when every field it sets matches (operation, \
            fromKind, toKind, fromScreen, toScreen), and the first match chooses the animator. --clear \
            removes every rule (slide for everything). --policy alone keeps the rules.

            A change waits for the running transition like an operation does.
            """,
        options: [
            .value("set", valueName: "RULES", summary: "Replace the rules: a file or inline JSON array"),
            .flag("clear", summary: "Remove every rule"),
            .value(
                "policy", summary: "Set the policy for operations arriving during a transition",
                choices: ["queue", "retarget", "reject"]),
            OperationCall.waitOption,
        ],
        positionals: [NavigationCommands.stackArgument],
        handler: run)

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let stack = arguments.positionals[0]
        if arguments.contains("set") && arguments.flag("clear") {
            throw CommandError(.invalidValue, parameter: "--clear", "give either --set or --clear, not both")
        }
        var rules: JSONValue?
        if let text = arguments.value("set") { rules = try DocumentArgument(option: "--set", text: text).json() }
        if arguments.flag("clear") { rules = .array([]) }
        let policy = arguments.value("policy")
        guard rules != nil || policy != nil else { return try show(invocation, stack: stack) }
        if rules == nil {
            // SetRules always replaces the rules: send the current ones back with the new policy.
            let connection = try DaemonConnection(for: invocation)
            defer { connection.close() }
            let reply = try connection.call("GetStack", ["name": .string(stack)], action: "get stack \(stack)")
            rules = reply["stack"]?["rules"] ?? .array([])
        }
        var parameters: JSONObject = ["stack": .string(stack), "rules": rules ?? .array([])]
        if let policy { parameters["policy"] = .string(policy) }
        return try OperationCall.run(
            invocation, method: "SetRules", stack: stack, parameters: parameters,
            action: "set the rules of stack \(stack)")
    }

    static func show(_ invocation: CommandInvocation, stack: String) throws(CommandError) -> ExitCode {
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let (state, object) = try connection.stack(stack)
        let json: JSONValue = ["policy": .string(state.policy), "rules": object?["rules"] ?? .array([])]
        if try invocation.writeJSONIfRequested(json) { return .success }
        invocation.output.write(StackText.rules(state.rules, policy: state.policy, showsLegend: invocation.showsLegend))
        return .success
    }
}
