import JSON
import TransitionClient

/// `transitionctl interactive begin|catch|take-over|update|finish|cancel`: the interactive methods, one
/// subcommand each.
public enum InteractiveCommands {
    /// The group.
    public static let command = Command(
        name: "interactive", group: ControlCommands.group, summary: "Drive an interactive transition",
        discussion: """
            Drive a transition by hand, as a gesture would: begin it (or catch a running one, or take over \
            another client's gesture), move it to fractions, then finish or cancel it. Only the connection \
            that began, caught or took over a gesture may drive it, so begin, catch and take-over stay \
            connected and read the fractions, finish and cancel from standard input; update, finish and \
            cancel from another shell are refused (io.transitiond.NotGestureDriver) unless they run as \
            root or in the daemon's control group, whose call takes the gesture over. See gesture for \
            scripted gestures played as a pointer.
            """,
        subcommands: [
            InteractiveBeginCommand.command, InteractiveTakeCommands.catchCommand,
            InteractiveTakeCommands.takeOverCommand, update, release(finishing: true), release(finishing: false),
        ])

    /// `interactive update STACK FRACTION`.
    static let update = Command(
        name: "update", group: ControlCommands.group, summary: "Move an interactive transition to a fraction",
        discussion: """
            Move the interactive transition of STACK to FRACTION (0 to 1, linear in the transition's time). \
            --oneway sends it the way a gesture does: nothing is awaited and errors are not reported. \
            Only the connection that drives the gesture may move it: from this command, that is refused \
            (io.transitiond.NotGestureDriver; a oneway update is dropped) unless it runs as root or in \
            the daemon's control group, whose update takes the gesture over, so that the daemon cancels \
            the transition when this command exits. Use the standard input of the interactive begin, \
            catch or take-over that holds the gesture instead.
            """,
        options: [.flag("oneway", summary: "Send without waiting for a reply (errors are not reported)")],
        positionals: [NavigationCommands.stackArgument, PositionalDeclaration("FRACTION", summary: "From 0 to 1")]
    ) { invocation in
        let stack = invocation.arguments.positionals[0]
        let fraction = try ControlCommands.fractionArgument(invocation.arguments.positionals[1], name: "FRACTION")
        let parameters: JSONObject = ["stack": .string(stack), "fraction": .number(fraction)]
        let action = "update the interactive transition of stack \(stack)"
        let done = "Moved the interactive transition of stack \(stack) to \(NumberText.short(fraction, decimals: 6))."
        guard invocation.arguments.flag("oneway") else {
            return try ControlCommands.call(
                invocation, method: "UpdateInteractive", parameters: parameters, action: action, done: done)
        }
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        try connection.callOneway("UpdateInteractive", parameters, action: action)
        if try !invocation.writeJSONIfRequested(.object([:])) { invocation.inform(done) }
        return .success
    }

    /// The options of finish and cancel: how the rest runs.
    static let releaseOptions: [OptionDeclaration] = [
        .value(
            "velocity", valueName: "V",
            summary: "The gesture's speed in fractions per second, positive toward completion (a spring continues it)"),
        .value("completion-speed", valueName: "S", summary: "Divides the remaining time; positive", defaultValue: "1"),
        .value(
            "completion-curve", summary: "The curve of the rest without --velocity",
            choices: ["linear", "easeIn", "easeOut", "easeInEaseOut"], defaultValue: "easeInEaseOut"),
        .flag("wait", summary: "Wait until the transition ends"),
    ]

    /// The release parameters given on the command line.
    static func releaseParameters(_ arguments: ParsedArguments, stack: String) throws(CommandError) -> JSONObject {
        var parameters: JSONObject = ["stack": .string(stack)]
        if arguments.contains("velocity") {
            let velocity = try arguments.number("velocity", in: -1e6...1e6, defaultValue: 0)
            parameters["velocity"] = .number(velocity)
        }
        if arguments.contains("completion-speed") {
            let speed = try arguments.number("completion-speed", in: 1e-6...1e6, defaultValue: 1)
            parameters["completionSpeed"] = .number(speed)
        }
        if let curve = arguments.value("completion-curve") { parameters["completionCurve"] = .string(curve) }
        return parameters
    }

    /// `interactive finish STACK` and `interactive cancel STACK`.
    static func release(finishing: Bool) -> Command {
        let verb = finishing ? "finish" : "cancel"
        return Command(
            name: verb, group: ControlCommands.group,
            summary: finishing
                ? "Animate the rest of an interactive transition to its end"
                : "Animate an interactive transition back to its start",
            discussion: """
                \(finishing ? "Animate the rest of the interactive transition of STACK forward; the stack then shows the new screen." : "Animate the interactive transition of STACK back; the stack is then exactly as before.") \
                With --velocity a spring continues the gesture's motion; without it the rest runs on \
                --completion-curve in the remaining time divided by --completion-speed. --wait waits \
                until the transition has ended. Only the connection that drives the gesture may end it: \
                from this command, that is refused (io.transitiond.NotGestureDriver) unless it runs as \
                root or in the daemon's control group.
                """,
            options: releaseOptions, positionals: [NavigationCommands.stackArgument]
        ) { invocation in
            let stack = invocation.arguments.positionals[0]
            let parameters = try releaseParameters(invocation.arguments, stack: stack)
            let method = finishing ? "FinishInteractive" : "CancelInteractive"
            let action = "\(verb) the interactive transition of stack \(stack)"
            let connection = try DaemonConnection(for: invocation)
            defer { connection.close() }
            guard invocation.arguments.flag("wait") else {
                let reply = try connection.call(method, parameters, action: action)
                if try !invocation.writeJSONIfRequested(.object(reply)) {
                    invocation.inform(
                        finishing
                            ? "Finishing the transition of stack \(stack)."
                            : "Cancelling the transition of stack \(stack).")
                }
                return .success
            }
            let waiter = try TransitionWaiter(connection: connection, stack: stack)
            let state = try connection.call("GetStack", ["name": .string(stack)], action: "get stack \(stack)")
            let id = state["stack"]?["transition"]?["id"]?.doubleValue.map { UInt64($0) }
            var reply = try connection.call(method, parameters, action: action)
            guard let id else { return .success }
            let ending = try waiter.waitForEnd(of: id)
            reply["ending"] = .string(OperationResultText.word(ending))
            _ = try invocation.writeJSONIfRequested(.object(reply))
            return try InteractiveBeginCommand.report(ending, id: id, stack: stack, invocation: invocation)
        }
    }
}
