import TransitionCore

/// The options of `transitionctl render`, checked: everything that can be wrong with them without
/// reading a file is a usage error (exit status 2).
public struct RenderOptions: Sendable, Equatable {
    /// The lowest frame rate accepted, in frames per second.
    public static let minimumFramesPerSecond = 1.0
    /// The highest frame rate accepted: 1000 Hz, past any display and the limit of
    /// `TransitionPlan.renderedFrames`.
    public static let maximumFramesPerSecond = 1000.0
    /// The frame rate when `--fps` is absent: 60 Hz, the classic display refresh rate.
    public static let defaultFramesPerSecond = 60.0
    /// The stack name written into frames when `--stack` is absent.
    public static let defaultStack = "offline"

    /// `--animator`: a built-in name, a file, or inline JSON starting with `{`.
    public var animator: String
    /// `--operation`.
    public var operation: TransitionOperation
    /// `--from`: a screen file or inline JSON.
    public var from: String
    /// `--to`: a screen file or inline JSON.
    public var to: String
    /// `--size`: the container size in points.
    public var containerSize: Size
    /// `--fps`: frames per second, 1…1000.
    public var framesPerSecond: Double
    /// `--source`: the from-screen node the transition starts from, if any.
    public var sourceNode: NodeID?
    /// `--stack`: the stack name written into every frame.
    public var stack: String
    /// `--reduce-motion`: run the animator's reduced variant, else a cross-fade of the same duration, as
    /// a stack with Reduce Motion on does.
    public var reducingMotion: Bool
    /// `--style custom`: a present or dismiss in the custom presentation style, the presented screen laid
    /// out in the frame the animator's `presentation` gives (docs/animators.md, "Presentations").
    public var customPresentation: Bool

    /// Creates options.
    public init(
        animator: String, operation: TransitionOperation, from: String, to: String, containerSize: Size,
        framesPerSecond: Double = RenderOptions.defaultFramesPerSecond, sourceNode: NodeID? = nil,
        stack: String = RenderOptions.defaultStack, reducingMotion: Bool = false, customPresentation: Bool = false
    ) {
        self.customPresentation = customPresentation
        self.animator = animator
        self.operation = operation
        self.from = from
        self.to = to
        self.containerSize = containerSize
        self.framesPerSecond = framesPerSecond
        self.sourceNode = sourceNode
        self.stack = stack
        self.reducingMotion = reducingMotion
    }

    /// Reads and checks the options of a parsed `render` command line.
    ///
    /// - Throws: ``CommandError`` with a usage code naming the option: a missing required option, an
    ///   unknown operation, a size that is not `WIDTHxHEIGHT` with positive numbers, a frame rate
    ///   outside 1…1000, an empty stack name, `--style custom` with an operation other than present or
    ///   dismiss.
    public init(arguments: ParsedArguments) throws(CommandError) {
        let operationText = try arguments.requiredValue("operation")
        // A resize lays one screen out at two sizes, which a render of two screens at one size cannot say.
        guard let operation = TransitionOperation(rawValue: operationText), operation.isNavigation else {
            let accepted = TransitionOperation.allCases.filter(\.isNavigation).map(\.rawValue)
            throw CommandError(
                .invalidValue, parameter: "--operation",
                "--operation must be one of \(accepted.joined(separator: ", ")), got \"\(operationText)\"")
        }
        let custom = arguments.value("style") == "custom"
        guard !custom || operation == .present || operation == .dismiss else {
            throw CommandError(
                .invalidValue, parameter: "--style", "--style custom needs --operation present or dismiss")
        }
        let stack = arguments.value("stack") ?? Self.defaultStack
        guard !stack.isEmpty else {
            throw CommandError(.invalidValue, parameter: "--stack", "--stack must not be empty")
        }
        self.init(
            animator: try arguments.requiredValue("animator"),
            operation: operation,
            from: try arguments.requiredValue("from"),
            to: try arguments.requiredValue("to"),
            containerSize: try Self.size(try arguments.requiredValue("size")),
            framesPerSecond: try arguments.number(
                "fps", in: Self.minimumFramesPerSecond...Self.maximumFramesPerSecond,
                defaultValue: Self.defaultFramesPerSecond),
            sourceNode: arguments.value("source").map(NodeID.init(rawValue:)),
            stack: stack, reducingMotion: arguments.flag("reduce-motion"), customPresentation: custom)
    }

    /// Parses `WIDTHxHEIGHT` (`375x667`, `1024.5x768`) into a size with positive finite sides.
    ///
    /// - Throws: ``CommandError`` `invalidValue` for `--size`.
    public static func size(_ text: String) throws(CommandError) -> Size {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = ParsedArguments.decimalNumber(String(parts[0])),
            let height = ParsedArguments.decimalNumber(String(parts[1])), width > 0, height > 0
        else {
            throw CommandError(
                .invalidValue, parameter: "--size",
                "--size must be WIDTHxHEIGHT in points with positive numbers, such as 375x667, got \"\(text)\"")
        }
        return Size(width: width, height: height)
    }
}
