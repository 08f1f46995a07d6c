import JSON
import Testing
import TransitionControl
import TransitionCore
import TransitionTestSupport

/// `transitionctl render` in-process: the output is the frames' JSON lines, and every bad option gets
/// its exit status and message.
@Suite("render command")
struct RenderCommandTests {
    @Test func readmeCommandMatchesItsGoldenFile() async throws {
        let run = await ToolRun.transitionctl(SeedFiles.readmeArgumentsWithAbsolutePaths)
        #expect(run.status == .success)
        #expect(run.errors.isEmpty)
        GoldenFile.check(run.output, named: "render-readme-zoom-push")
        // The two screen documents come first, then the same text as writing the plan's frames directly.
        let lines = run.output.split(separator: "\n")
        for (line, screen) in zip(lines.prefix(2), ["seed000-index", "seed000-detail"]) {
            let document = try JSONReader.parse(TextFile.readBytes(SeedFiles.screenPath(screen)) ?? [])
            #expect(String(line) == RecordingLine.screenText(document))
        }
        let request = TransitionRequest(
            animator: BuiltinAnimators.zoom, operation: .push, from: try SeedFiles.screen("seed000-index"),
            to: try SeedFiles.screen("seed000-detail"), containerSize: Size(width: 375, height: 667),
            sourceNode: "tile3")
        let frames = try TransitionPlan(compiling: request).renderedFrames(framesPerSecond: 60, stack: "offline")
        #expect(lines.dropFirst(2).joined(separator: "\n") + "\n" == frames.map { $0.json + "\n" }.joined())
    }

    @Test func noScreensWritesFramesOnly() async throws {
        let withScreens = await ToolRun.transitionctl(SeedFiles.readmeArgumentsWithAbsolutePaths)
        let framesOnly = await ToolRun.transitionctl(SeedFiles.readmeArgumentsWithAbsolutePaths + ["--no-screens"])
        #expect(framesOnly.status == .success)
        #expect(framesOnly.errors.isEmpty)
        let lines = framesOnly.output.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines == Recording.frameLines(of: withScreens.output))
    }

    /// `--reduce-motion` renders the reduced variant: the zoom push's cross-fade, the same frames as the
    /// plan of the reduced request, in which the tapped tile never leaves its place.
    @Test func reduceMotionRendersTheReducedVariant() async throws {
        let run = await ToolRun.transitionctl(
            SeedFiles.readmeArgumentsWithAbsolutePaths + ["--no-screens", "--reduce-motion"])
        #expect(run.status == .success, "\(run.errors)")
        let request = TransitionRequest(
            animator: BuiltinAnimators.zoom, operation: .push, from: try SeedFiles.screen("seed000-index"),
            to: try SeedFiles.screen("seed000-detail"), containerSize: Size(width: 375, height: 667),
            sourceNode: "tile3", reducingMotion: true)
        let frames = try TransitionPlan(compiling: request).renderedFrames(framesPerSecond: 60, stack: "offline")
        #expect(run.output == frames.map { $0.json + "\n" }.joined())
        let tiles = frames.dropLast().compactMap { $0.nodes.first { $0.screen == "index" && $0.node == "tile3" }?.quad }
        #expect(tiles.count == frames.count - 1)
        #expect(Set(tiles.map { "\($0)" }).count == 1, "the tile stays where it rests")
        let full = await ToolRun.transitionctl(SeedFiles.readmeArgumentsWithAbsolutePaths + ["--no-screens"])
        #expect(full.output != run.output)
    }

    /// `--style custom` renders a present with the example sheet's presentation: the presented screen in
    /// the sheet's frame (667 × 0.4 = 266.8 down, 667 × 0.6 = 400.2 tall) in every frame, and a settled
    /// frame of the index, the dimming at 0.4 and the sheet, as the daemon settles it.
    @Test func customStyleRendersTheSheetInItsFrame() async throws {
        let arguments = [
            "render", "--animator", RepositoryFiles.path("etc/animators/sheet.json"), "--operation", "present",
            "--from", SeedFiles.screenPath("seed000-index"), "--to", SeedFiles.screenPath("seed000-detail"),
            "--size", "375x667", "--no-screens",
        ]
        let run = await ToolRun.transitionctl(arguments + ["--style", "custom"])
        #expect(run.status == .success, "\(run.errors)")
        let frames = try run.output.split(separator: "\n").map { try JSONReader.parse(String($0)) }
        #expect(frames.count > 10)
        for frame in frames {
            guard case .array(let nodes)? = frame["nodes"] else {
                Issue.record("no nodes in \(frame)")
                continue
            }
            let root = try #require(nodes.first { $0["screen"] == "detail" && $0["node"] == "view" })
            #expect(root["size"] == [375, 400.2], "\(root)")
            if frame["transition"] == .null {
                #expect(nodes.first?["screen"] == "index")
                #expect(nodes.contains { $0["node"] == "dimming" && $0["alpha"] == 0.4 && $0["kind"] == "overlay" })
                #expect(root["quad"]?[0] == [0, 266.8])
            }
        }
        #expect(frames.last?["transition"] == .null)
        // Without the style, the same animator lays the detail out over the whole container.
        let plain = await ToolRun.transitionctl(arguments)
        #expect(plain.status == .success)
        #expect(plain.output.contains(#""size":[375,667]"#))
        #expect(!plain.output.contains("400.2"))
    }

    @Test func customStyleNeedsAPresentOrDismissAndAPresentation() async {
        let push = await ToolRun.transitionctl(SeedFiles.readmeArgumentsWithAbsolutePaths + ["--style", "custom"])
        #expect(push.status == .usage)
        #expect(push.errors == "transitionctl: --style custom needs --operation present or dismiss\n")
        let slideUp = await ToolRun.transitionctl([
            "render", "--animator", "slideUp", "--operation", "present", "--from",
            SeedFiles.screenPath("seed000-index"),
            "--to", SeedFiles.screenPath("seed000-detail"), "--size", "375x667", "--style", "custom",
        ])
        #expect(slideUp.status == .usage)
        #expect(slideUp.errors == "transitionctl: --style custom: animator \"slideUp\" declares no presentation\n")
        #expect(slideUp.output.isEmpty)
    }

    @Test func stackAndRateAppearInTheFrames() async {
        var arguments = SeedFiles.readmeArgumentsWithAbsolutePaths
        arguments += ["--stack", "main", "--fps=30"]
        let run = await ToolRun.transitionctl(arguments)
        let lines = Recording.frameLines(of: run.output)
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"stack":"main","#) })
        #expect(lines.dropFirst().first?.contains(#""index":1,"time":0.033333,"#) == true)
    }

    @Test(
        arguments: [
            (
                ["--size", "375"], ExitCode.usage,
                "transitionctl: --size must be WIDTHxHEIGHT in points with positive numbers, such as 375x667, got \"375\"\n"
            ),
            (
                ["--size=0x667"], .usage,
                "transitionctl: --size must be WIDTHxHEIGHT in points with positive numbers, such as 375x667, got \"0x667\"\n"
            ),
            (["--fps", "0"], .usage, "transitionctl: --fps must be a number from 1 to 1000, got \"0\"\n"),
            (["--fps", "1001"], .usage, "transitionctl: --fps must be a number from 1 to 1000, got \"1001\"\n"),
            (
                ["--operation", "sideways"], .usage,
                "transitionctl: --operation must be one of push, pop, present, dismiss, selectTab, got \"sideways\"\n"
            ),
            (
                ["--animator", "zom"], .usage,
                "transitionctl: --animator: no built-in animator and no file is named \"zom\"; the built-ins are zoom, pageTurn, slideUp, magicMove, slide, fade, resize, none\n"
            ),
            (["--colour", "red"], .usage, "transitionctl: unknown option --colour; see transitionctl render --help\n"),
            (["--fps"], .usage, "transitionctl: option --fps needs a value (RATE)\n"),
            (["extra"], .usage, "transitionctl: unexpected argument \"extra\" for transitionctl render\n"),
            (
                ["--from", "/nonexistent.json"], .failure,
                "transitionctl: --from: cannot open /nonexistent.json: No such file or directory\n"
            ),
            (
                ["--source", "tile9"], .failure,
                "transitionctl: --source: the from screen \"index\" has no node \"tile9\"\n"
            ),
        ] as [([String], ExitCode, String)])
    func badOptions(extra: [String], status: ExitCode, errors: String) async {
        let run = await ToolRun.transitionctl(SeedFiles.readmeArgumentsWithAbsolutePaths + extra)
        #expect(run.status == status)
        #expect(run.output.isEmpty)
        #expect(run.errors == errors)
    }

    @Test func missingRequiredOptionsAreUsageErrors() async {
        let run = await ToolRun.transitionctl(["render", "--animator", "zoom", "--operation", "push"])
        #expect(run.status == .usage)
        #expect(run.errors == "transitionctl: transitionctl render needs --from=SCREEN\n")
    }

    @Test func aMalformedScreenFileNamesItsPathAndField() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("bad.json")
        try TextFile.write(
            #"{"id":"index","root":{"id":"view","frame":[0,0,375,667],"children":[{"id":"t","frame":{"x":0}}]}}"#,
            to: path)
        var arguments = SeedFiles.readmeArgumentsWithAbsolutePaths
        arguments[arguments.firstIndex(of: "--from")! + 1] = path
        let run = await ToolRun.transitionctl(arguments)
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("transitionctl: --from \(path): root.children[0].frame: "))
    }
}
