import JSON
import Synchronization
import SystemPrimitives
import TransitionClient

/// `transitionctl gesture STACK --pop|--dismiss|…`: plays a scripted gesture on an interactive
/// transition, so that interactive transitions can be tried and tested without a touch screen.
public enum GestureCommand {
    /// The declaration.
    public static let command = Command(
        name: "gesture", group: ControlCommands.group, summary: "Play a scripted gesture on an interactive transition",
        discussion: """
            Begin an interactive transition of STACK (--pop, --dismiss, --push SCREEN, --present SCREEN or \
            --select-tab TAB), move it along a scripted gesture with one-way UpdateInteractive calls at \
            --rate per second on absolute deadlines of the monotonic clock, then release it: finish or \
            cancel by --rule, and wait until it has ended.

            The gesture is --points, FRACTION@SECONDS points such as 0.2@0.1,0.5@0.25,0.7@0.4 (the \
            fraction linear in between, starting from 0 at time 0), or --drag-to FRACTION --over SECONDS, \
            a drag at constant speed. The release velocity is --release-velocity, else the last \
            segment's speed, in fractions per second.

            --rule position (the default) finishes past halfway and cancels otherwise, as the seeds' \
            UIPercentDrivenInteractiveTransition does, on the completion curve. --rule velocity finishes \
            on a flick of at least 1 fraction per second toward completion, cancels on one as fast back, \
            and otherwise decides by position; the release velocity is sent so that a spring continues \
            the gesture. --release finish or cancel overrides the rule. Ctrl-C leaves the transition to \
            the daemon, which cancels it.
            """,
        options: [
            .flag("pop", summary: "Pop the top screen (with --to-screen, pop to that screen)"),
            .flag("dismiss", summary: "Dismiss the top presented screen"),
            .value("push", valueName: "SCREEN", summary: "Push this screen: a file or inline JSON"),
            .value("present", valueName: "SCREEN", summary: "Present this screen: a file or inline JSON"),
            .value("select-tab", valueName: "TAB", summary: "Switch to this tab"),
            .value("to-screen", valueName: "SCREEN_ID", summary: "With --pop, the screen to pop to"),
            .value("points", valueName: "LIST", summary: "The gesture as FRACTION@SECONDS points, comma-separated"),
            .value("drag-to", valueName: "FRACTION", summary: "The gesture as a drag to FRACTION …"),
            .value("over", valueName: "SECONDS", summary: "… over SECONDS"),
            .value("release-velocity", valueName: "V", summary: "The velocity at release, fractions per second"),
            .value("rate", valueName: "HZ", summary: "Updates per second, 1 to 1000", defaultValue: "60"),
            .value(
                "rule", summary: "How the release decides between finish and cancel",
                choices: GestureDecision.Rule.allCases.map(\.rawValue), defaultValue: "position"),
            .value(
                "release", summary: "Finish or cancel regardless of the rule", choices: ["auto", "finish", "cancel"],
                defaultValue: "auto"),
            .value("animator", valueName: "NAME", summary: "Use this animator instead of the one the rules choose"),
            .value("source", valueName: "NODE", summary: "The from-screen node a push starts from"),
        ] + InteractiveCommands.releaseOptions.filter { $0.name != "velocity" && $0.name != "wait" },
        positionals: [NavigationCommands.stackArgument],
        handler: run)

    /// The default number of updates per second: 60, a display's refresh rate, as touch events come.
    public static let defaultRate = 60.0

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let stack = arguments.positionals[0]
        var begin = try beginParameters(arguments, stack: stack)
        let script = try GestureScript.from(arguments)
        let rate = try arguments.number("rate", in: 1...1000, defaultValue: defaultRate)
        let rule = try arguments.choice("rule", as: GestureDecision.Rule.self) ?? .position
        var release = try InteractiveCommands.releaseParameters(arguments, stack: stack)
        begin["onDisconnect"] = "cancel"

        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let waiter = try TransitionWaiter(connection: connection, stack: stack)
        // Installed before the transition begins: a signal from then on stops the gesture cleanly.
        let interrupted = Atomic<Bool>(false)
        InterruptSignals.onInterrupt { _ in
            interrupted.store(true, ordering: .sequentiallyConsistent)
            waiter.interrupt()
        }
        let operation = begin["operation"]?.stringValue ?? ""
        let action = "begin an interactive \(operation) on stack \(stack)"
        let reply = try connection.call("BeginInteractive", begin, action: action)
        let result = try DaemonConnection.decode(
            OperationResult.self, from: reply["result"], field: "result", action: action)
        let id = result.transitionId
        let jsonMode = invocation.jsonMode != .off
        if !jsonMode {
            invocation.inform("Transition \(id) of stack \(stack) began (\(operation)), driven by the gesture.")
            try invocation.output.flush()
        }

        let samples = script.samples(rate: rate)
        let start = MonotonicClock.now()
        let updateAction = "update the interactive transition of stack \(stack)"
        for sample in samples {
            MonotonicClock.sleep(untilNanoseconds: start + MonotonicClock.nanoseconds(fromSeconds: sample.time))
            if interrupted.load(ordering: .sequentiallyConsistent) {
                throw CommandError(.failed, "Interrupted; the daemon cancels transition \(id) of stack \(stack)")
            }
            try connection.callOneway(
                "UpdateInteractive", ["stack": .string(stack), "fraction": .number(sample.fraction)],
                action: updateAction)
        }

        var (finish, reason) = GestureDecision.decide(
            rule: rule, fraction: script.releaseFraction, velocity: script.releaseVelocity)
        switch arguments.value("release") {
        case "finish": (finish, reason) = (true, "--release finish")
        case "cancel": (finish, reason) = (false, "--release cancel")
        default: break
        }
        let sendsVelocity = rule == .velocity || script.velocityIsGiven
        if sendsVelocity && release["velocity"] == nil { release["velocity"] = .number(script.releaseVelocity) }
        let verb = finish ? "finish" : "cancel"
        if !jsonMode {
            invocation.inform(
                "Released at \(NumberText.fixed(script.releaseFraction, decimals: 3)) after "
                    + "\(NumberText.fixed(script.duration, decimals: 3)) s and \(samples.count) updates, moving "
                    + "\(NumberText.fixed(script.releaseVelocity, decimals: 3))/s: \(verb) (\(reason)).")
            try invocation.output.flush()
        }
        _ = try connection.call(
            finish ? "FinishInteractive" : "CancelInteractive", release,
            action: "\(verb) the interactive transition of stack \(stack)")
        let ending = try waiter.waitForEnd(of: id)
        if jsonMode {
            let summary: JSONValue = [
                "transitionId": .number(Double(id)), "updates": .number(Double(samples.count)),
                "fraction": .number(script.releaseFraction), "velocity": .number(script.releaseVelocity),
                "decision": .string(verb), "reason": .string(reason),
                "ending": .string(OperationResultText.word(ending)),
            ]
            _ = try invocation.writeJSONIfRequested(summary)
        }
        return try InteractiveBeginCommand.report(ending, id: id, stack: stack, invocation: invocation)
    }

    /// BeginInteractive's parameters from the operation options; exactly one operation.
    static func beginParameters(_ arguments: ParsedArguments, stack: String) throws(CommandError) -> JSONObject {
        var parameters: JSONObject = ["stack": .string(stack)]
        var operations: [String] = []
        if arguments.flag("pop") {
            operations.append("pop")
            if let screen = arguments.value("to-screen") { parameters["toScreen"] = .string(screen) }
        }
        if arguments.flag("dismiss") { operations.append("dismiss") }
        for (option, operation) in [("push", "push"), ("present", "present")] {
            if let text = arguments.value(option) {
                operations.append(operation)
                parameters["screen"] = try DocumentArgument(option: "--" + option, text: text).object()
            }
        }
        if let tab = arguments.value("select-tab") {
            operations.append("selectTab")
            parameters["tab"] = .string(tab)
        }
        guard operations.count == 1 else {
            throw CommandError(
                .missingOption, parameter: "--pop",
                "gesture needs exactly one of --pop, --dismiss, --push, --present, --select-tab")
        }
        if arguments.contains("to-screen") && operations[0] != "pop" {
            throw CommandError(.invalidValue, parameter: "--to-screen", "--to-screen goes with --pop")
        }
        parameters["operation"] = .string(operations[0])
        if let animator = arguments.value("animator") { parameters["animator"] = .string(animator) }
        if let source = arguments.value("source") { parameters["sourceNode"] = .string(source) }
        return parameters
    }
}

extension GestureScript {
    /// The script the command line gives: `--points`, or `--drag-to` with `--over`.
    static func from(_ arguments: ParsedArguments) throws(CommandError) -> GestureScript {
        let velocity =
            arguments.contains("release-velocity")
            ? try arguments.number("release-velocity", in: -1000...1000, defaultValue: 0) : nil
        if let points = arguments.value("points") {
            guard !arguments.contains("drag-to") else {
                throw CommandError(.invalidValue, parameter: "--drag-to", "give either --points or --drag-to, not both")
            }
            return try parsePoints(points, releaseVelocity: velocity)
        }
        guard arguments.contains("drag-to") else {
            throw CommandError(.missingOption, parameter: "--points", "gesture needs --points or --drag-to with --over")
        }
        guard arguments.contains("over") else {
            throw CommandError(.missingOption, parameter: "--over", "--drag-to needs --over=SECONDS")
        }
        return try drag(
            to: try arguments.number("drag-to", in: 0...1, defaultValue: 0),
            over: try arguments.number("over", in: 0.001...maximumDuration, defaultValue: 0), releaseVelocity: velocity)
    }
}
