import JSON

/// The commands over a running transition, as UIViewPropertyAnimator's controls: `pause`, `resume`,
/// `reverse`, `scrub`.
public enum ControlCommands {
    /// The help group.
    public static let group = "Transition Commands"

    /// Every control command, in help order.
    public static let commands: [Command] = [
        control("pause", method: "Pause", summary: "Pause the running transition of a stack", done: "Paused"),
        resume,
        control(
            "reverse", method: "Reverse",
            summary: "Reverse the running transition of a stack (reaching its start, it ends cancelled)",
            done: "Reversed"),
        Command(
            name: "scrub", group: group, summary: "Move the paused transition of a stack to a fraction",
            discussion: """
                Move the paused transition of STACK to FRACTION, from 0 (its start) to 1 (its end). Pause \
                it first: scrubbing a running transition fails with io.transitiond.TransitionNotPaused.
                """,
            positionals: [
                NavigationCommands.stackArgument, PositionalDeclaration("FRACTION", summary: "From 0 to 1"),
            ]
        ) { invocation in
            let stack = invocation.arguments.positionals[0]
            let fraction = try fractionArgument(invocation.arguments.positionals[1], name: "FRACTION")
            return try call(
                invocation, method: "Scrub", parameters: ["stack": .string(stack), "fraction": .number(fraction)],
                action: "scrub the transition of stack \(stack)",
                done: "Moved the transition of stack \(stack) to \(NumberText.short(fraction, decimals: 6)).")
        },
    ]

    /// `resume STACK [--velocity V] [--curve CURVE] [--duration-factor F]`.
    static let resume = Command(
        name: "resume", group: group, summary: "Resume the paused transition of a stack",
        discussion: """
            Resume the paused transition of STACK in its current direction: at normal speed in linear \
            time, or as UIViewPropertyAnimator's continueAnimation(withTimingParameters:durationFactor:). \
            --velocity continues on a spring that starts at that speed, in fractions of the transition \
            per second toward its end; --curve runs the rest on a curve, --duration-factor makes the rest \
            last that many times the transition's duration. --velocity goes without the other two. With \
            no transition running it fails with io.transitiond.NoTransition.
            """,
        options: [
            .value("velocity", valueName: "V", summary: "Continue on a spring from V fractions per second"),
            .value(
                "curve", summary: "The curve of the rest (default: linear)",
                choices: ["linear", "easeIn", "easeOut", "easeInEaseOut"]),
            .value(
                "duration-factor", valueName: "F",
                summary: "The rest lasts F times the transition's duration; above 0, at most 100"),
        ],
        positionals: [NavigationCommands.stackArgument]
    ) { invocation in
        let arguments = invocation.arguments
        let stack = arguments.positionals[0]
        var parameters: JSONObject = ["stack": .string(stack)]
        if arguments.contains("velocity") {
            guard !arguments.contains("curve"), !arguments.contains("duration-factor") else {
                throw CommandError(
                    .invalidValue, parameter: "--velocity",
                    "--velocity continues on a spring; give it without --curve and --duration-factor")
            }
            parameters["velocity"] = .number(try arguments.number("velocity", in: -1e6...1e6, defaultValue: 0))
        }
        if let curve = arguments.value("curve") { parameters["curve"] = .string(curve) }
        if arguments.contains("duration-factor") {
            let factor = try arguments.number("duration-factor", in: 0...maximumDurationFactor, defaultValue: 1)
            guard factor > 0 else {
                throw CommandError(
                    .invalidValue, parameter: "--duration-factor", "--duration-factor must be above 0, got 0")
            }
            parameters["durationFactor"] = .number(factor)
        }
        return try call(
            invocation, method: "Resume", parameters: parameters, action: "resume the transition of stack \(stack)",
            done: "Resumed the transition of stack \(stack).")
    }

    /// The longest rest Resume takes, as a multiple of the transition's duration: 100, the interface's
    /// bound on `durationFactor`.
    static let maximumDurationFactor = 100.0

    static func control(_ name: String, method: String, summary: String, done: String) -> Command {
        Command(
            name: name, group: group, summary: summary,
            discussion: summary + ". With no transition running it fails with io.transitiond.NoTransition.",
            positionals: [NavigationCommands.stackArgument]
        ) { invocation in
            let stack = invocation.arguments.positionals[0]
            return try call(
                invocation, method: method, parameters: ["stack": .string(stack)],
                action: "\(name) the transition of stack \(stack)", done: "\(done) the transition of stack \(stack).")
        }
    }

    /// Calls a method that replies `{}` and prints `done` (or `{}` with --json).
    static func call(
        _ invocation: CommandInvocation, method: String, parameters: JSONObject, action: String, done: String
    ) throws(CommandError) -> ExitCode {
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let reply = try connection.call(method, parameters, action: action)
        if try !invocation.writeJSONIfRequested(.object(reply)) { invocation.inform(done) }
        return .success
    }

    /// A fraction typed on the command line: a decimal number from 0 to 1.
    ///
    /// - Throws: ``CommandError`` `invalidValue` (usage) naming `name`.
    static func fractionArgument(_ text: String, name: String) throws(CommandError) -> Double {
        guard let fraction = ParsedArguments.decimalNumber(text), (0...1).contains(fraction) else {
            throw CommandError(.invalidValue, parameter: name, "\(name) must be a number from 0 to 1, got \"\(text)\"")
        }
        return fraction
    }
}
