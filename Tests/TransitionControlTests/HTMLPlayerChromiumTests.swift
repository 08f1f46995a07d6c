import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// The HTML player in a real headless Chromium: scrubbed by its URL fragment to a known time, the
/// highlighted node's drawn corners match the frame's quad, with perspective.
@Suite("HTML player in Chromium")
struct HTMLPlayerChromiumTests {
    /// A page turn whose from-screen holds a card: the card turns with the page, in perspective.
    static let from =
        #"{"id":"a","root":{"id":"page","frame":[0,0,375,667],"children":[{"id":"card","frame":[40,160,240,300]}]}}"#
    static let to = #"{"id":"b","root":{"id":"page","frame":[0,0,375,667]}}"#

    @Test(arguments: [(45, "0.75"), (60, "1")])
    func theDrawnQuadMatchesTheFrame(frameIndex: Int, time: String) async throws {
        guard let chromium = ChildProcess.find(["chromium", "chromium-browser"]) else {
            Issue.record(
                "chromium is not installed (Debian package chromium); scripts/install-dependencies installs it")
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let render = await ToolRun.transitionctl([
            "render", "--animator", "pageTurn", "--operation", "push", "--from", Self.from, "--to", Self.to,
            "--size", "375x667",
        ])
        #expect(render.status == .success, "\(render.errors)")
        let frames = directory.file("turn.jsonl")
        try TextFile.write(render.output, to: frames)
        let page = directory.file("turn.html")
        let picture = await ToolRun.transitionctl([
            "picture", frames, "--format", "html", "--highlight", "a/card", "-o", page,
        ])
        #expect(picture.status == .success, "\(picture.errors)")

        // The expected corners: the card's quad in the frame at that time, on the page at scale 1. The
        // render's screen lines come first; a reader of frames skips them.
        let lines = Recording.frameLines(of: render.output)
        let frame = try JSONReader.parse(String(lines[frameIndex]))
        #expect(frame["time"]?.doubleValue == Double(time))
        let card = frame["nodes"]?.arrayValue?.first { $0["node"] == "card" }
        let offset = Double(HTMLPlayer.stageOffset)
        let quad: [(x: Double, y: Double)] = (0..<4).map { corner in
            (
                offset + (card?["quad"]?[corner]?[0]?.doubleValue ?? 0),
                offset + (card?["quad"]?[corner]?[1]?.doubleValue ?? 0)
            )
        }
        // Perspective: the right edge is longer than the left (a trapezoid, no affine map makes it).
        let left = quad[3].y - quad[0].y
        let right = quad[2].y - quad[1].y
        #expect(right > left + 10)

        let screenshot = directory.file("turn.png")
        let browser = try ChildProcess(
            executable: chromium,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--user-data-dir=\(directory.file("profile"))", "--window-size=420,800", "--virtual-time-budget=2000",
                "--screenshot=\(screenshot)", "file://\(page)#t=\(time)&scale=1",
            ],
            environment: ["PATH=\(ChildProcess.searchPath)", "HOME=\(directory.path)", "LC_ALL=C"])
        let browsed = await browser.finish()
        #expect(browsed.status == 0, "\(browsed.errors)")
        guard
            let result = try await ScreenshotAnalysis.run(
                png: screenshot, red: 255, green: 0, blue: 255, quad: quad, margin: 1.5)
        else { return }
        // Every corner is drawn where the frame puts it, to antialiasing.
        #expect(result.cornerDistances.count == 4)
        for (corner, distance) in result.cornerDistances.enumerated() {
            #expect(distance <= 2.0, "corner \(corner) is \(distance) px from the frame's")
        }
        // Nothing magenta outside the quad, and it is filled.
        #expect(result.outside == 0)
        #expect(abs(Double(result.pixels) - result.expectedArea) <= result.expectedArea * 0.02, "\(result)")
    }
}

/// The HTML player draws the screens' content when its input holds the screens.
@Suite("HTML player with screens in Chromium")
struct HTMLPlayerScreensChromiumTests {
    @Test func aRenderWithItsScreensIsDrawnAsTheAppWould() async throws {
        guard ChildProcess.find(["chromium"]) != nil, ChildProcess.find(["chromedriver"]) != nil else {
            Issue.record("chromium and chromium-driver are not installed; scripts/install-dependencies installs them")
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var pages: [String] = []
        for withScreens in [true, false] {
            let render = await ToolRun.transitionctl(
                SeedFiles.readmeArgumentsWithAbsolutePaths + (withScreens ? [] : ["--no-screens"]))
            #expect(render.status == .success, "\(render.errors)")
            let frames = directory.file("zoom-\(withScreens).jsonl")
            try TextFile.write(render.output, to: frames)
            let page = directory.file("zoom-\(withScreens).html")
            let picture = await ToolRun.transitionctl(["picture", frames, "--format", "html", "-o", page])
            #expect(picture.status == .success, "\(picture.errors)")
            pages.append(page)
        }
        let offset = Double(HTMLPlayer.stageOffset)
        // At 0 s, seed 000's index: tile 3's centre is teal, the view white; at the end, the detail screen's
        // "Hello World".
        let points = ["\(offset + 227.5),\(offset + 125)", "\(offset + 100),\(offset + 400)"]
        func browse(_ url: String) async throws -> JSONValue? {
            let child = try WebPageScript.start(url: url, scenario: "player", directory: directory, arguments: points)
            let result = await child.finish()
            #expect(result.status == 0, "\(result.errors)")
            return try result.output.split(separator: "\n").last.map { try JSONReader.parse(String($0)) }
        }
        let start = try await browse("file://\(pages[0])#t=0&scale=1")
        #expect(start?["colours"] == ["#56CEBA", "#FFFFFF"], "\(String(describing: start))")
        #expect(start?["console"]?.arrayValue?.isEmpty == true)
        let end = try await browse("file://\(pages[0])#t=5&scale=1")
        #expect(end?["texts"] == ["Hello World"], "\(String(describing: end))")
        // Without the screens, the same frames still play, in debug colours with the nodes' names.
        let old = try await browse("file://\(pages[1])#t=0&scale=1")
        #expect(old?["colours"]?[0] != "#56CEBA", "\(String(describing: old))")
        #expect(old?["console"]?.arrayValue?.isEmpty == true)
    }
}
