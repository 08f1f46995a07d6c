import JSON
import TransitionClient

/// `transitionctl define-animator ANIMATOR`: defines an animator in the daemon (DefineAnimator).
public enum DefineAnimatorCommand {
    /// The declaration.
    public static let command = Command(
        name: "define-animator", group: AnimatorsCommand.group, summary: "Define an animator in the daemon",
        discussion: """
            Define the animator ANIMATOR, a file or inline JSON (docs/animators.md), in the daemon, which \
            keeps it across restarts. Each variant is compiled against plain screens first, so a structural \
            fault is reported now with the path of the field. --replace redefines an animator; built-ins \
            cannot be replaced.
            """,
        options: [.flag("replace", summary: "Redefine an animator that is already defined")],
        positionals: [PositionalDeclaration("ANIMATOR", summary: "The animator: a file or inline JSON")],
        handler: run)

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let animator = try DocumentArgument(option: "ANIMATOR", text: invocation.arguments.positionals[0]).object()
        var parameters: JSONObject = ["animator": animator]
        if invocation.arguments.flag("replace") { parameters["replace"] = true }
        let name = animator["name"]?.stringValue ?? "?"
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let action = "define animator \(name)"
        let reply = try connection.call("DefineAnimator", parameters, action: action)
        if try invocation.writeJSONIfRequested(.object(reply)) { return .success }
        let operations = reply["operations"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let defined = reply["name"]?.stringValue ?? name
        invocation.inform("Defined animator \(defined) for \(operations.joined(separator: ", ")).")
        return .success
    }
}
