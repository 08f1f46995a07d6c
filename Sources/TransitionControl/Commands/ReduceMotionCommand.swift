import JSON
import TransitionClient

/// `transitionctl reduce-motion STACK [SETTING]`: shows a stack's Reduce Motion setting, or sets it
/// (SetReduceMotion).
public enum ReduceMotionCommand {
    /// The settings SetReduceMotion accepts, in help order.
    static let settings = ["on", "off", "followDaemon"]

    /// The declaration.
    public static let command = Command(
        name: "reduce-motion", group: StackCommands.group, summary: "Show or set a stack's Reduce Motion setting",
        discussion: """
            Without SETTING, print the Reduce Motion setting of STACK. With it, set it: on runs every \
            transition of the stack as its animator's reduced variant (else a cross-fade of the same \
            duration), as iOS does with Reduce Motion; off runs the full animations; followDaemon \
            follows the daemon's ReduceMotion= (transitiond.conf(5)), the default.

            A change waits for the running transition like an operation does; that transition keeps \
            its animator.
            """,
        options: [OperationCall.waitOption],
        positionals: [
            NavigationCommands.stackArgument,
            PositionalDeclaration("SETTING", summary: "on, off or followDaemon", arity: .optional),
        ],
        handler: run)

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let positionals = invocation.arguments.positionals
        let stack = positionals[0]
        guard positionals.count > 1 else { return try show(invocation, stack: stack) }
        let setting = positionals[1]
        guard settings.contains(setting) else {
            throw CommandError(
                .invalidValue, parameter: "SETTING", "give SETTING as on, off or followDaemon, not \"\(setting)\"")
        }
        return try OperationCall.run(
            invocation, method: "SetReduceMotion", stack: stack,
            parameters: ["stack": .string(stack), "reduceMotion": .string(setting)],
            action: "set Reduce Motion of stack \(stack)")
    }

    static func show(_ invocation: CommandInvocation, stack: String) throws(CommandError) -> ExitCode {
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let setting = try connection.stack(stack).description.reduceMotion ?? "followDaemon"
        if try invocation.writeJSONIfRequested(["reduceMotion": .string(setting)]) { return .success }
        invocation.output.write(setting + "\n")
        return .success
    }
}
