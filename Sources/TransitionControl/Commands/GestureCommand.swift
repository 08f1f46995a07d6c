import JSON
import Synchronization
import SystemPrimitives
import TransitionClient
import TransitionCore

/// `transitionctl gesture STACK --pop|--dismiss|…`: plays a scripted gesture on an interactive
/// transition as a pointer would, so that interactive transitions can be tried and tested without a touch
/// screen. The daemon recognizes the pan: it computes the fraction from the pointer's samples, measures
/// their velocity and decides whether the transition finishes or cancels.
public enum GestureCommand {
    /// The declaration.
    public static let command = Command(
        name: "gesture", group: ControlCommands.group, summary: "Play a scripted gesture on an interactive transition",
        discussion: """
            Begin an interactive transition of STACK (--pop, --dismiss, --push SCREEN, --present SCREEN or \
            --select-tab TAB) with a pan and its touch-down, move the pointer along a scripted gesture \
            with one-way MovePointer calls at --rate per second on absolute deadlines of the monotonic \
            clock, then lift it with ReleasePointer: the daemon decides whether the transition finishes \
            (past halfway, or flicked forward at one distance a second or faster) or cancels, and the \
            command prints its decision and waits until the transition has ended.

            The gesture is --points, FRACTION@SECONDS points such as 0.2@0.1,0.5@0.25,0.7@0.4 (the \
            fraction linear in between, starting from 0 at time 0), or --drag-to FRACTION --over SECONDS, \
            a drag at constant speed. A fraction is a position: the touch-down moved FRACTION times \
            --distance points along --direction; each sample's timestamp is its time in the script.

            The pan is a left-edge pan by default, as UINavigationController's: --edge left, its band \
            --edge-width (20 points), --direction away from the edge, --distance the container's width \
            (its height for down and up). --edge none accepts a touch-down anywhere. The touch-down is \
            --touch-down X,Y, else the middle of the band, halfway along the edge (the container's \
            centre without an edge). --cancelled lifts the pointer as a cancelled gesture: the \
            transition goes back whatever the pointer did. Ctrl-C leaves the transition to the daemon, \
            which cancels it.
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
            .value("rate", valueName: "HZ", summary: "Pointer samples per second, 1 to 1000", defaultValue: "60"),
            .value(
                "edge", summary: "The edge the pan starts from, or none for anywhere",
                choices: ScriptedPan.Edge.allCases.map(\.rawValue) + ["none"], defaultValue: "left"),
            .value(
                "edge-width", valueName: "POINTS", summary: "The band along the edge the pan starts in",
                defaultValue: "20"),
            .value(
                "direction", summary: "The way the pointer drives the transition forward (default: away from the edge)",
                choices: ScriptedPan.Direction.allCases.map(\.rawValue)),
            .value(
                "distance", valueName: "POINTS",
                summary: "The translation that counts as the whole transition (default: the container's extent)"),
            .value("touch-down", valueName: "X,Y", summary: "Where the pointer goes down, in container points"),
            .flag("cancelled", summary: "Lift the pointer as a cancelled gesture: the transition goes back"),
            .value("animator", valueName: "NAME", summary: "Use this animator instead of the one the rules choose"),
            .value("source", valueName: "NODE", summary: "The from-screen node a push starts from"),
        ] + InteractiveCommands.releaseOptions.filter { $0.name != "velocity" && $0.name != "wait" },
        positionals: [NavigationCommands.stackArgument],
        handler: run)

    /// The default number of pointer samples per second: 60, a display's refresh rate, as touch events
    /// come.
    public static let defaultRate = 60.0

    /// The largest coordinate, band or distance accepted, in points: the interface's bound on pointer
    /// coordinates (±1,000,000).
    static let largestCoordinate = 1e6

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let stack = arguments.positionals[0]
        var begin = try beginParameters(arguments, stack: stack)
        let script = try GestureScript.from(arguments)
        let rate = try arguments.number("rate", in: 1...1000, defaultValue: defaultRate)
        var release = try InteractiveCommands.releaseParameters(arguments, stack: stack)
        if arguments.flag("cancelled") { release["cancelled"] = true }
        begin["onDisconnect"] = "cancel"
        let panArguments = try PanArguments(arguments)

        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let state = try connection.call("GetStack", ["name": .string(stack)], action: "get stack \(stack)")
        let description = try DaemonConnection.decode(
            StackDescription.self, from: state["stack"], field: "stack", action: "get stack \(stack)")
        let pan = panArguments.pan(
            containerWidth: description.containerWidth, containerHeight: description.containerHeight)
        begin["gesture"] = pan.gesture
        begin["pointer"] = pan.pointer(at: 0, timestamp: 0)
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
        let moveAction = "move the pointer of the gesture on stack \(stack)"
        for sample in samples.dropLast() {
            try waitFor(sample, from: start, interrupted: interrupted, id: id, stack: stack)
            try connection.callOneway(
                "MovePointer",
                ["stack": .string(stack), "pointer": pan.pointer(at: sample.fraction, timestamp: sample.time)],
                action: moveAction)
        }
        let last = samples[samples.count - 1]
        try waitFor(last, from: start, interrupted: interrupted, id: id, stack: stack)
        release["pointer"] = pan.pointer(at: last.fraction, timestamp: last.time)
        let releaseAction = "release the gesture on stack \(stack)"
        let released = try connection.call("ReleasePointer", release, action: releaseAction)
        let decision = try DaemonConnection.decode(
            PointerRelease.self, from: .object(released), field: "parameters", action: releaseAction)
        if !jsonMode {
            let cancelled = arguments.flag("cancelled") ? ", cancelled" : ""
            invocation.inform(
                "Released at \(NumberText.fixed(decision.fraction, decimals: 3)) after "
                    + "\(NumberText.fixed(script.duration, decimals: 3)) s and \(samples.count) pointer samples, "
                    + "moving \(NumberText.fixed(decision.velocity, decimals: 1)) points/s "
                    + "(\(NumberText.fixed(decision.fractionVelocity, decimals: 3))/s\(cancelled)): "
                    + "the daemon decided to \(decision.decision).")
            try invocation.output.flush()
        }
        let ending = try waiter.waitForEnd(of: id)
        if jsonMode {
            var summary = released
            summary["transitionId"] = .number(Double(id))
            summary["samples"] = .number(Double(samples.count))
            summary["ending"] = .string(OperationResultText.word(ending))
            _ = try invocation.writeJSONIfRequested(.object(summary))
        }
        return try InteractiveBeginCommand.report(ending, id: id, stack: stack, invocation: invocation)
    }

    /// Sleeps until `sample`'s time after `start`; throws once a signal asked to stop.
    private static func waitFor(
        _ sample: GestureScript.Point, from start: Int64, interrupted: borrowing Atomic<Bool>, id: UInt64,
        stack: String
    ) throws(CommandError) {
        MonotonicClock.sleep(untilNanoseconds: start + MonotonicClock.nanoseconds(fromSeconds: sample.time))
        if interrupted.load(ordering: .sequentiallyConsistent) {
            throw CommandError(.failed, "Interrupted; the daemon cancels transition \(id) of stack \(stack)")
        }
    }

    /// The pan options as given (`--edge`, `--edge-width`, `--direction`, `--distance`, `--touch-down`),
    /// checked before anything is sent; the container's size completes them.
    struct PanArguments {
        /// `--edge`; nil for `none`.
        var edge: ScriptedPan.Edge?
        /// `--edge-width`, if given.
        var edgeWidth: Double?
        /// `--direction`, if given.
        var direction: ScriptedPan.Direction?
        /// `--distance`, if given.
        var distance: Double?
        /// `--touch-down`, if given.
        var touchDown: Point?

        /// Reads the options.
        ///
        /// - Throws: ``CommandError`` `invalidValue` (usage) naming the option at fault.
        init(_ arguments: ParsedArguments) throws(CommandError) {
            edge = ScriptedPan.Edge(rawValue: arguments.value("edge") ?? ScriptedPan.Edge.left.rawValue)
            let extent = 1e-6...largestCoordinate
            if arguments.contains("edge-width") {
                edgeWidth = try arguments.number("edge-width", in: extent, defaultValue: ScriptedPan.defaultEdgeWidth)
            }
            if arguments.contains("distance") {
                distance = try arguments.number("distance", in: extent, defaultValue: 1)
            }
            direction = try arguments.choice("direction", as: ScriptedPan.Direction.self)
            if let text = arguments.value("touch-down") {
                touchDown = try ScriptedPan.parsePoint(text, option: "--touch-down")
            }
        }

        /// The pan over a container of this size.
        func pan(containerWidth: Double, containerHeight: Double) -> ScriptedPan {
            ScriptedPan(
                edge: edge, edgeWidth: edgeWidth, direction: direction, distance: distance, touchDown: touchDown,
                containerWidth: containerWidth, containerHeight: containerHeight)
        }
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
        if let points = arguments.value("points") {
            guard !arguments.contains("drag-to") else {
                throw CommandError(.invalidValue, parameter: "--drag-to", "give either --points or --drag-to, not both")
            }
            return try parsePoints(points)
        }
        guard arguments.contains("drag-to") else {
            throw CommandError(.missingOption, parameter: "--points", "gesture needs --points or --drag-to with --over")
        }
        guard arguments.contains("over") else {
            throw CommandError(.missingOption, parameter: "--over", "--drag-to needs --over=SECONDS")
        }
        return try drag(
            to: try arguments.number("drag-to", in: 0...1, defaultValue: 0),
            over: try arguments.number("over", in: 0.001...maximumDuration, defaultValue: 0))
    }
}
