import Testing
import TransitionControl
import TransitionTestSupport

/// `picture` from files and standard input, and its errors.
@Suite("picture command")
struct PictureCommandTests {
    @Test func fromStandardInputAndFromAFile() async throws {
        let svg = await ToolRun.transitionctl(["picture", "-", "--format", "svg"], input: PictureFixtures.small)
        #expect(svg.status == .success, "\(svg.errors)")
        #expect(svg.output.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(svg.output.contains("stack main: push with fade — every frame of 3 at 10 fps"))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try TextFile.write(PictureFixtures.small, to: directory.file("small.jsonl"))
        let html = await ToolRun.transitionctl([
            "picture", directory.file("small.jsonl"), "--format=html", "--out", directory.file("small.html"), "--title",
            "T",
        ])
        #expect(html.status == .success, "\(html.errors)")
        #expect(html.output.isEmpty)
        #expect(TextFile.read(directory.file("small.html"))?.contains("<title>T</title>") == true)
    }

    @Test(arguments: [
        (["picture", "-"], ExitCode.usage, "--format"),
        (["picture", "-", "--format", "png"], .usage, "--format"),
        (["picture", "-", "--format", "svg", "--every", "0"], .usage, "--every"),
        (["picture", "-", "--format", "svg", "--every", "1.5"], .usage, "--every"),
        (["picture", "-", "--format", "svg", "--size", "0x1"], .usage, "--size"),
        (["picture", "/nonexistent.jsonl", "--format", "svg"], .failure, "cannot open /nonexistent.jsonl"),
    ])
    func errors(arguments: [String], status: ExitCode, text: String) async {
        let run = await ToolRun.transitionctl(arguments, input: PictureFixtures.small)
        #expect(run.status == status, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(text), "\(arguments): \(run.errors)")
    }

    @Test func inputWithoutFramesFails() async {
        let run = await ToolRun.transitionctl(["picture", "-", "--format", "svg"], input: "{}\n")
        #expect(run.status == .failure)
        #expect(run.errors == "transitionctl: standard input holds no frames (JSON lines with \"nodes\")\n")
    }
}
