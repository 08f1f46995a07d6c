import JSON
import SystemPrimitives
import TransitionClient

#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl interactive begin STACK OPERATION [SCREEN]`: begins an interactive transition and stays
/// connected until it ends, because the daemon ends a gesture whose driving connection closes (cancels
/// it, or finishes it with `--on-disconnect finish`).
///
/// Meanwhile it reads standard input, one command per line: a fraction (`0.42`), `finish [VELOCITY]` or
/// `cancel [VELOCITY]`, sent on the connection that began the transition, the only one the daemon lets
/// drive it (other invocations get `NotGestureDriver`, unless they run as root or in the control group,
/// which take the gesture over).
public enum InteractiveBeginCommand {
    /// The declaration.
    public static let command = Command(
        name: "begin", group: ControlCommands.group, summary: "Begin an interactive transition and drive it",
        discussion: """
            Begin an interactive transition of STACK paused at fraction 0. OPERATION is push or present \
            (with SCREEN), pop (with --to-screen to pop to a screen), dismiss, or selectTab (with --tab). \
            The stack must be idle.

            The command stays connected until the transition ends, since the daemon cancels a gesture \
            whose client leaves (or finishes it, with --on-disconnect finish), and only this connection \
            may drive it. Meanwhile it reads standard input, one command per line: a fraction such as \
            0.42, "finish [VELOCITY]" or "cancel [VELOCITY]"; the end of standard input changes nothing. \
            Ctrl-C leaves the transition to the --on-disconnect rule. Exits 0 when the transition \
            completes or is cancelled.
            """,
        options: [
            .value("tab", valueName: "TAB", summary: "The tab to select (selectTab)"),
            .value("to-screen", valueName: "SCREEN_ID", summary: "The screen to pop to (pop)"),
            .value("animator", valueName: "NAME", summary: "Use this animator instead of the one the rules choose"),
            .value("source", valueName: "NODE", summary: "The from-screen node the push starts from"),
            .value(
                "style", summary: "What stays drawn under the presented screen (present; as in present --style)",
                choices: NavigationCommands.presentationStyles, defaultValue: "fullScreen"),
            .value(
                "on-disconnect", summary: "What the daemon does if this command ends first",
                choices: ["cancel", "finish"], defaultValue: "cancel"),
        ],
        positionals: [
            NavigationCommands.stackArgument,
            PositionalDeclaration("OPERATION", summary: "push, pop, present, dismiss or selectTab"),
            PositionalDeclaration(
                "SCREEN", summary: "The screen to push or present: a file or inline JSON", arity: .optional),
        ],
        handler: run)

    /// The operations BeginInteractive accepts.
    static let operations = ["push", "pop", "present", "dismiss", "selectTab"]

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let stack = arguments.positionals[0]
        let operation = arguments.positionals[1]
        guard operations.contains(operation) else {
            throw CommandError(
                .invalidValue, parameter: "OPERATION",
                "OPERATION must be one of \(operations.joined(separator: ", ")), got \"\(operation)\"")
        }
        var parameters: JSONObject = ["stack": .string(stack), "operation": .string(operation)]
        if let screen = arguments.positional(2) {
            parameters["screen"] = try DocumentArgument(option: "SCREEN", text: screen).object()
        }
        let optionFields = [
            ("tab", "tab"), ("to-screen", "toScreen"), ("animator", "animator"), ("source", "sourceNode"),
            ("style", "style"),
        ]
        for (option, field) in optionFields {
            if let value = arguments.value(option) { parameters[field] = .string(value) }
        }
        if let rule = arguments.value("on-disconnect") { parameters["onDisconnect"] = .string(rule) }
        let connection = try DaemonConnection(for: invocation)
        let driving = DrivingConnection(connection)
        defer { driving.close() }
        let waiter = try TransitionWaiter(connection: connection, stack: stack)
        InterruptSignals.onInterrupt { _ in waiter.interrupt() }
        let action = "begin an interactive \(operation) on stack \(stack)"
        let reply = try connection.call("BeginInteractive", parameters, action: action)
        let result = try DaemonConnection.decode(
            OperationResult.self, from: reply["result"], field: "result", action: action)
        if try !invocation.writeJSONIfRequested(.object(reply)) {
            invocation.inform("Transition \(result.transitionId) of stack \(stack) began; \(standardInputPrompt)")
        }
        return try drive(result.transitionId, of: stack, on: driving, waiter: waiter, invocation: invocation)
    }

    /// What the commands that drive from standard input say it takes.
    static let standardInputPrompt =
        "send fractions, \"finish [VELOCITY]\" or \"cancel [VELOCITY]\" on standard input."

    /// Drives transition `id` from standard input on `connection` (a thread of its own reads the lines)
    /// until the transition ends, then reports how it ended. The caller closes `connection`.
    static func drive(
        _ id: UInt64, of stack: String, on connection: DrivingConnection, waiter: TransitionWaiter,
        invocation: CommandInvocation
    ) throws(CommandError) -> ExitCode {
        try invocation.output.flush()
        let input = UncheckedBox(invocation.input)
        let driver = StandardInputDriver(connection: connection, stack: stack)
        SystemThread.startDetachedOrRunHere { driver.run(input.value) }
        let ending = try waiter.waitForEnd(of: id)
        return try report(ending, id: id, stack: stack, invocation: invocation)
    }

    /// Prints how an interactive transition ended: completed and cancelled are both normal ends.
    static func report(
        _ ending: TransitionWaiter.Ending, id: UInt64, stack: String, invocation: CommandInvocation
    ) throws(CommandError) -> ExitCode {
        switch ending {
        case .completed:
            if invocation.jsonMode == .off { invocation.inform("Transition \(id) of stack \(stack) completed.") }
        case .cancelled:
            if invocation.jsonMode == .off { invocation.inform("Transition \(id) of stack \(stack) was cancelled.") }
        case .failed(let error, let message):
            throw CommandError(.serviceError, "Transition \(id) of stack \(stack) failed: \(error): \(message)")
        case .stackDeleted:
            throw CommandError(.failed, "Stack \(stack) was deleted before transition \(id) ended")
        }
        return .success
    }
}
