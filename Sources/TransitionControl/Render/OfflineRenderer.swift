import JSON
import TransitionCore

/// Compiles the transition that `transitionctl render` describes and produces its frames, with the
/// same compiler and frame grid the daemon uses (`TransitionPlan.renderedFrames`).
public struct OfflineRenderer {
    /// The checked options.
    public var options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions) {
        self.options = options
    }

    /// The animator: a built-in by name, else inline JSON or a file.
    ///
    /// - Throws: ``CommandError`` naming `--animator`: a usage error for a bare name that is neither a
    ///   built-in nor a file, `inputOutput` for an unreadable file, `invalidInput` with the field path
    ///   for a malformed document.
    public func animator() throws(CommandError) -> AnimatorSpecification {
        if let builtin = BuiltinAnimators.named(options.animator) { return builtin }
        let argument = DocumentArgument(option: "--animator", text: options.animator)
        let looksLikeName =
            !options.animator.isEmpty
            && options.animator.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        if looksLikeName, (try? FileContents.read(options.animator, parameter: "--animator")) == nil {
            throw CommandError(
                .invalidValue, parameter: "--animator",
                "--animator: no built-in animator and no file is named \"\(options.animator)\"; "
                    + "the built-ins are \(BuiltinAnimators.names.joined(separator: ", "))")
        }
        return try argument.decode(AnimatorSpecification.self)
    }

    /// The compiled plan.
    ///
    /// - Throws: ``CommandError`` `invalidInput` naming the option and the field path for anything the
    ///   compiler rejects (a malformed screen, an unknown node, an operation the animator lacks), and
    ///   the errors of ``animator()`` and of reading the screens.
    public func plan() throws(CommandError) -> TransitionPlan {
        try compile().plan
    }

    /// Every frame, the settled one last: with `--style custom`, a present settles as the daemon settles
    /// it (the from screen, the presentation's chrome, the presented screen in its frame).
    public func frames() throws(CommandError) -> [Frame] {
        let (plan, request, presentation) = try compile()
        var settled: [NodeState]?
        if let presentation, request.operation == .present {
            settled = SettledLayout.nodes(
                of: [
                    SettledScreen(request.from),
                    SettledScreen(request.to, rootFrame: presentation.frame, chrome: presentation.chrome),
                ], containerSize: request.containerSize)
        }
        return plan.renderedFrames(framesPerSecond: options.framesPerSecond, stack: options.stack, settled: settled)
    }

    /// The plan, its request, and the animator's presentation in the container with `--style custom`.
    private func compile() throws(CommandError) -> (
        plan: TransitionPlan, request: TransitionRequest, presentation: AnimatorPresentation.Resolved?
    ) {
        let animator = try animator()
        let fromArgument = DocumentArgument(option: "--from", text: options.from)
        let toArgument = DocumentArgument(option: "--to", text: options.to)
        var presentation: AnimatorPresentation.Resolved?
        if options.customPresentation {
            guard let declared = animator.presentation else {
                throw CommandError(
                    .invalidValue, parameter: "--style",
                    "--style custom: animator \"\(animator.name)\" declares no presentation")
            }
            do {
                presentation = try declared.resolved(in: options.containerSize)
            } catch {
                let located = TransitionCoreError(
                    code: error.code, message: error.message, parameter: "animator." + error.parameter)
                throw Self.commandError(located, from: fromArgument, to: toArgument, animator: options.animator)
            }
        }
        let isPresent = options.operation == .present
        let request = TransitionRequest(
            animator: animator, operation: options.operation, from: try fromArgument.decode(Screen.self),
            to: try toArgument.decode(Screen.self), containerSize: options.containerSize,
            containerLayout: ContainerLayout(
                fromFrame: isPresent ? nil : presentation?.frame, toFrame: isPresent ? presentation?.frame : nil),
            sourceNode: options.sourceNode, reducingMotion: options.reducingMotion)
        do {
            return (try TransitionPlan(compiling: request), request, presentation)
        } catch {
            throw Self.commandError(error, from: fromArgument, to: toArgument, animator: options.animator)
        }
    }

    /// Maps a compiler error's path (`from.root.children[1].frame`) to the option it came from
    /// (`--from FILE: root.children[1].frame: …`).
    static func commandError(
        _ error: TransitionCoreError, from: DocumentArgument, to: DocumentArgument, animator: String
    ) -> CommandError {
        let path = error.parameter
        let head = String(path.prefix { $0 != "." && $0 != "[" })
        var rest = String(path.dropFirst(head.count))
        if rest.hasPrefix(".") { rest.removeFirst() }
        let label: String
        let option: String
        switch head {
        case "from": (label, option) = (from.label, "--from")
        case "to": (label, option) = (to.label, "--to")
        case "animator":
            option = "--animator"
            label = animator.hasPrefix("{") ? "--animator (inline JSON)" : "--animator " + animator
        case "containerSize": (label, option, rest) = ("--size", "--size", "")
        case "sourceNode": (label, option, rest) = ("--source", "--source", "")
        default: (label, option, rest) = (path, "", "")
        }
        let place = rest.isEmpty ? label : label + ": " + rest
        return CommandError(
            .invalidInput, parameter: rest.isEmpty ? option : option + " " + rest, place + ": " + error.message)
    }
}
