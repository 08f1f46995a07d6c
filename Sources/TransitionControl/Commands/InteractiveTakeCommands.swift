import JSON

/// `transitionctl interactive catch STACK` and `interactive take-over STACK`: take a transition that is
/// already running and drive it from standard input, as `interactive begin` does the one it begins.
///
/// `catch` grabs a running transition that no gesture drives (CatchTransition, as a finger stops
/// UIViewPropertyAnimator's interruptible animation where it is); `take-over` takes a gesture another
/// connection drives (TakeOverInteraction, root and the daemon's control group only).
public enum InteractiveTakeCommands {
    /// `interactive catch STACK`.
    static let catchCommand = Command(
        name: "catch", group: ControlCommands.group, summary: "Catch the running transition and drive it",
        discussion: """
            Catch the running transition of STACK where it is (CatchTransition): it pauses at its current \
            fraction and becomes interactive, driven from here as interactive begin drives the \
            transition it begins: standard input takes a fraction such as 0.42, "finish [VELOCITY]" or \
            "cancel [VELOCITY]", one per line, and the command stays connected until the transition \
            ends. A transition a gesture already drives cannot be caught (TransitionInProgress; see \
            take-over), nor one the stack's rules forbid to be interactive. Ctrl-C leaves the transition \
            to the --on-disconnect rule. Exits 0 when the transition completes or is cancelled.
            """,
        options: [onDisconnectOption],
        positionals: [NavigationCommands.stackArgument]
    ) { invocation in
        let stack = invocation.arguments.positionals[0]
        return try take(invocation, method: "CatchTransition", action: "catch the running transition of stack \(stack)")
        { reply in
            let fraction = NumberText.fixed(reply["fraction"]?.doubleValue ?? 0, decimals: 3)
            return "Caught transition \(transitionId(reply)) of stack \(stack) at \(fraction); "
        }
    }

    /// `interactive take-over STACK`.
    static let takeOverCommand = Command(
        name: "take-over", group: ControlCommands.group,
        summary: "Take over the gesture another client drives, and drive it",
        discussion: """
            Make this command the driver of the gesture on STACK (TakeOverInteraction): the client that \
            began it can no longer move or end it, and subscribers see an interactionTakenOver event. \
            Only root and members of the daemon's control group may. The transition is then driven \
            from here as interactive begin drives the transition it begins: standard input takes a \
            fraction, "finish [VELOCITY]" or "cancel [VELOCITY]", one per line, and the command stays \
            connected until the transition ends. Ctrl-C leaves the transition to the --on-disconnect \
            rule.
            """,
        options: [onDisconnectOption],
        positionals: [NavigationCommands.stackArgument]
    ) { invocation in
        let stack = invocation.arguments.positionals[0]
        return try take(
            invocation, method: "TakeOverInteraction", action: "take over the gesture on stack \(stack)"
        ) { reply in "Took over the gesture driving transition \(transitionId(reply)) of stack \(stack); " }
    }

    /// `--on-disconnect`, as `interactive begin` has it.
    static let onDisconnectOption = OptionDeclaration.value(
        "on-disconnect", summary: "What the daemon does if this command ends first", choices: ["cancel", "finish"],
        defaultValue: "cancel")

    /// Calls `method` (which replies with the `transitionId` it now drives) and drives that transition from
    /// standard input until it ends; `sentence` says what was done, before the prompt.
    private static func take(
        _ invocation: CommandInvocation, method: String, action: String, sentence: (JSONObject) -> String
    ) throws(CommandError) -> ExitCode {
        let stack = invocation.arguments.positionals[0]
        var parameters: JSONObject = ["stack": .string(stack)]
        if let rule = invocation.arguments.value("on-disconnect") { parameters["onDisconnect"] = .string(rule) }
        let connection = try DaemonConnection(for: invocation)
        let driving = DrivingConnection(connection)
        defer { driving.close() }
        let waiter = try TransitionWaiter(connection: connection, stack: stack)
        InterruptSignals.onInterrupt { _ in waiter.interrupt() }
        let reply = try connection.call(method, parameters, action: action)
        guard reply["transitionId"]?.doubleValue != nil else {
            throw CommandError(
                .connectionFailed, parameter: "transitionId",
                "Failed to \(action): the reply has no transitionId; is the daemon the same version as transitionctl?")
        }
        if try !invocation.writeJSONIfRequested(.object(reply)) {
            invocation.inform(sentence(reply) + InteractiveBeginCommand.standardInputPrompt)
        }
        return try InteractiveBeginCommand.drive(
            transitionId(reply), of: stack, on: driving, waiter: waiter, invocation: invocation)
    }

    /// The reply's `transitionId`.
    private static func transitionId(_ reply: JSONObject) -> UInt64 {
        UInt64(max(0, reply["transitionId"]?.doubleValue ?? 0))
    }
}
