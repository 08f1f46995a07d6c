import TransitionCore

/// `transitionctl render`: a transition's frames as JSON lines, computed offline.
public enum RenderCommand {
    /// The declaration.
    public static let command = Command(
        name: "render", group: Transitionctl.offlineGroup,
        summary: "Print the frames of a transition as JSON lines, computed offline",
        discussion: """
            Compile the transition that an animator performs between two screens in a container of the \
            given size, and print its frames on the frame grid of the given rate as JSON lines, one \
            frame per line, in the format the daemon streams to subscribers. The last line is the \
            settled frame, whose transition is null. Two lines come first, {"screen": ...} with each \
            screen document, which readers of frames skip and picture draws the nodes' styles from; \
            --no-screens leaves them out.

            Screens and animators are files, or inline JSON when the argument starts with {.
            """,
        options: [
            .value(
                "animator", valueName: "NAME|FILE",
                summary: "A built-in animator's name (see animators), an animator file, or inline JSON",
                isRequired: true),
            .value(
                "operation", valueName: "OPERATION", summary: "push, pop, present, dismiss or selectTab",
                choices: TransitionOperation.allCases.filter(\.isNavigation).map(\.rawValue), isRequired: true),
            .value(
                "from", valueName: "SCREEN", summary: "The screen being left: a file or inline JSON", isRequired: true),
            .value(
                "to", valueName: "SCREEN", summary: "The screen being shown: a file or inline JSON", isRequired: true),
            .value(
                "size", valueName: "WxH", summary: "The container's size in points, such as 375x667", isRequired: true),
            .value(
                "fps", valueName: "RATE", summary: "Frames per second, 1 to 1000",
                defaultValue: "60"),
            .value(
                "source", valueName: "NODE",
                summary: "The from-screen node the transition starts from, such as a tapped tile"),
            .value(
                "stack", valueName: "NAME", summary: "The stack name written into every frame",
                defaultValue: RenderOptions.defaultStack),
            .flag(
                "no-screens",
                summary: "Write frames only, without the two {\"screen\": ...} lines that come first"),
            .flag(
                "reduce-motion",
                summary: "Run the animator's reduced variant, else a cross-fade, as with Reduce Motion on"),
            .value(
                "style",
                summary: "A present's or dismiss's style: custom lays the presented screen out in the "
                    + "animator's presentation", choices: ["fullScreen", "custom"], defaultValue: "fullScreen"),
        ],
        handler: run)

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let options = try RenderOptions(arguments: invocation.arguments)
        let frames = try OfflineRenderer(options: options).frames()
        var bytes: [UInt8] = []
        if !invocation.arguments.flag("no-screens") {
            // The documents as given (nested or flat form): picture reads both.
            for (option, text) in [("--from", options.from), ("--to", options.to)] {
                let screen = try DocumentArgument(option: option, text: text).object()
                bytes.append(contentsOf: RecordingLine.screenText(screen).utf8)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        for frame in frames {
            frame.appendJSON(into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            if bytes.count >= OutputChannel.flushThreshold {
                invocation.output.write(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        invocation.output.write(bytes)
        return .success
    }
}
