/// `transitionctl picture FILE --format svg|html`: pictures of recorded or rendered frames.
public enum PictureCommand {
    /// The declaration.
    public static let command = Command(
        name: "picture", group: Transitionctl.offlineGroup,
        summary: "Draw recorded or rendered frames as an SVG filmstrip or an HTML player",
        discussion: """
            Read the JSON lines of record or render from FILE (- for standard input) and draw them.

            --format svg writes a filmstrip, every Nth frame side by side with each node drawn as its \
            resolved quad at its alpha, shared elements in flight outlined in orange and a time label \
            under each frame, then a plot of each animated property (x, y, width, height, alpha, rotation, \
            scale) against time, one line per node, where each timing curve's shape shows.

            --format html writes one self-contained page that plays the transition at its real timing, \
            with play and pause, a scrubber and 0.1x, 0.25x and 1x speed; every node is mapped onto its \
            quad by a projective transform, so perspective shows. Its URL fragment selects a moment: \
            #t=0.5 shows 0.5 s paused; speed=0.25, scale=1 (CSS pixels per point) and play may follow, as \
            in #t=0.5&scale=1.

            The timeline counts frame indexes at --fps (inferred from the frames when absent). --highlight \
            draws one node in magenta.
            """,
        options: [
            .value("format", summary: "What to draw", choices: ["svg", "html"], isRequired: true),
            .value("out", short: "o", valueName: "FILE", summary: "Write to FILE instead of standard output"),
            .value("every", valueName: "N", summary: "SVG: show every Nth frame (default: at most 12 frames)"),
            .value("highlight", valueName: "NODE", summary: "Draw this node (node or screen/node) in magenta"),
            .value("size", valueName: "WxH", summary: "The container's size (default: the largest view's)"),
            .value("fps", valueName: "RATE", summary: "The frame rate of the timeline (default: inferred, else 60)"),
            .value("title", valueName: "TEXT", summary: "The picture's title (default: stack, operation, animator)"),
        ],
        positionals: [
            PositionalDeclaration("FILE", summary: "JSON lines from record or render, or - for standard input")
        ],
        handler: run)

    /// The most frames the filmstrip shows when `--every` is not given.
    public static let defaultFrameCount = 12
    /// The largest input read: 256 MiB, a recording of many minutes.
    public static let maximumInputBytes = 256 << 20

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let path = arguments.positionals[0]
        let size = try arguments.value("size").map { text throws(CommandError) in try RenderOptions.size(text) }
        let rate = arguments.contains("fps") ? try arguments.number("fps", in: 1...1000, defaultValue: 60) : nil
        let every =
            arguments.contains("every") ? Int(try arguments.number("every", in: 1...1_000_000, defaultValue: 1)) : nil
        if let every, Double(every) != ParsedArguments.decimalNumber(arguments.value("every") ?? "") {
            throw CommandError(.invalidValue, parameter: "--every", "--every must be a whole number of frames")
        }
        let bytes =
            path == "-"
            ? try invocation.input.readAll(maximumBytes: maximumInputBytes)
            : try FileContents.read(path, parameter: "FILE", maximumBytes: maximumInputBytes)
        let frames = try PictureFrames(
            lines: bytes, framesPerSecond: rate, containerSize: size.map { ($0.width, $0.height) },
            source: path == "-" ? "standard input" : path)
        let title = arguments.value("title") ?? defaultTitle(bytes)
        let highlight = arguments.value("highlight")
        let text: String
        switch arguments.value("format") {
        case "html":
            text = HTMLPlayer.document(frames, highlight: highlight, title: title)
        default:
            let chosen = every ?? max(1, (frames.frames.count + defaultFrameCount - 1) / defaultFrameCount)
            text = PictureSVG.document(frames, every: chosen, highlight: highlight, title: title)
        }
        let file = try OutputFile(
            path: arguments.value("out") ?? "-", parameter: "--out", standardOutput: invocation.output)
        file.channel.write(text)
        try file.close()
        return .success
    }

    /// `stack main: push with zoom` from the first frame of a transition, or the stack alone.
    static func defaultTitle(_ bytes: [UInt8]) -> String {
        var stack = "frames"
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard case .frame(let frame)? = try? RecordingLine.parse(Array(line)) else { continue }
            if let name = frame["stack"]?.stringValue { stack = "stack " + name }
            if let transition = frame["transition"]?.objectValue,
                let operation = transition["operation"]?.stringValue, let animator = transition["animator"]?.stringValue
            {
                return "\(stack): \(operation) with \(animator)"
            }
        }
        return stack
    }
}
