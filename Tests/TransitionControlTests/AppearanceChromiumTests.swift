import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// The HTML pages draw the frames' appearance fields in a real headless Chromium: docs/examples/screens/
/// rounded-card.json's card (240 × 200 points at (60, 160), corner radius 40, clipping, blue background, a
/// 6-point yellow border) inside a wrapper of the same bounds and radius that carries its shadow (black,
/// opacity 1, radius 4, 20 points down), and the card's green photo, which overflows the card to the
/// right and below, drawn at one CSS pixel per point. Each point below is in container points, with what
/// its pixel must be.
@Suite("Appearance in Chromium")
struct AppearanceChromiumTests {
    /// What a pixel must look like.
    enum Expectation {
        /// Within 12 of `#RRGGBB` in every channel.
        case colour(String)
        /// Every channel at least 240: nothing drawn on the white root.
        case white
        /// Every channel at most 80: a shadow of opacity 1 three deviations inside its edge.
        case dark
    }

    /// The pixels, in container points.
    static let points: [(name: String, x: Double, y: Double, expected: Expectation)] = [
        // 2 points inside the bounds' top-left corner, outside the 40-point radius.
        ("corner outside the radius", 62, 162, .white),
        ("inside the card", 100, 200, .colour("#3366CC")),
        ("the photo inside the card", 230, 320, .colour("#00C000")),
        // The photo reaches x = 400: 40 points right of the card, where no shadow reaches.
        ("the photo right of the card", 340, 300, .white),
        ("the left border", 63, 260, .colour("#FFCC00")),
        // The border is drawn over the card's descendants.
        ("the bottom border over the photo", 250, 357, .colour("#FFCC00")),
        // 8 points below the bottom edge, 12 points (3 deviations) inside the shadow moved 20 points down.
        ("the shadow below the card", 120, 368, .dark),
        ("above the card, away from the offset", 120, 154, .white),
    ]

    /// Whether `actual` (`#RRGGBB`) meets `expected`.
    static func meets(_ actual: String, _ expected: Expectation) -> Bool {
        func channels(_ text: String) -> [Int] {
            let digits = Array(text.dropFirst())
            guard digits.count == 6 else { return [] }
            return stride(from: 0, to: 6, by: 2).compactMap { Int(String(digits[$0...$0 + 1]), radix: 16) }
        }
        let values = channels(actual)
        guard values.count == 3 else { return false }
        switch expected {
        case .colour(let colour): return zip(channels(colour), values).allSatisfy { abs($0 - $1) <= 12 }
        case .white: return values.allSatisfy { $0 >= 240 }
        case .dark: return values.allSatisfy { $0 <= 80 }
        }
    }

    /// The colours (`#RRGGBB`) of `points` (container points) in the player's page of a push onto `screen`
    /// (a path or the screen's JSON), at its settled frame; nil when the browser tools are missing.
    static func playerColours(
        pushingOnto screen: String, at points: [(x: Double, y: Double)], check: (JSONValue) throws -> Void = { _ in }
    ) async throws -> [String]? {
        guard ChildProcess.find(["chromium"]) != nil, ChildProcess.find(["chromedriver"]) != nil else {
            Issue.record("chromium and chromium-driver are not installed; scripts/install-dependencies installs them")
            return nil
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A push onto the screen: the render's last frame is the screen settled.
        let render = await ToolRun.transitionctl([
            "render", "--animator", "slide", "--operation", "push", "--from",
            #"{"id":"blank","root":{"id":"view","frame":[0,0,375,667]}}"#, "--to", screen, "--size", "375x667",
        ])
        #expect(render.status == .success, "\(render.errors)")
        try check(try JSONReader.parse(String(Recording.frameLines(of: render.output).last ?? "")))
        let frames = directory.file("card.jsonl")
        try TextFile.write(render.output, to: frames)
        let page = directory.file("card.html")
        let picture = await ToolRun.transitionctl(["picture", frames, "--format", "html", "-o", page])
        #expect(picture.status == .success, "\(picture.errors)")
        let offset = Double(HTMLPlayer.stageOffset)
        let child = try WebPageScript.start(
            url: "file://\(page)#t=99&scale=1", scenario: "player", directory: directory,
            arguments: points.map { "\($0.x + offset),\($0.y + offset)" })
        let result = await child.finish()
        #expect(result.status == 0, "\(result.errors)")
        let report = try result.output.split(separator: "\n").last.map { try JSONReader.parse(String($0)) }
        #expect(report?["console"]?.arrayValue?.isEmpty == true, "\(String(describing: report))")
        let colours = report?["colours"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(colours.count == points.count, "\(String(describing: report))")
        return colours
    }

    @Test func thePlayerDrawsARoundedClippingCardWithItsBorderAndShadow() async throws {
        let colours = try await Self.playerColours(
            pushingOnto: SeedFiles.screenPath("rounded-card"), at: Self.points.map { ($0.x, $0.y) }
        ) { last in
            // The render's frames carry the fields, from the core: the wrapper's shadow, the card's clip.
            let nodes = last["nodes"]?.arrayValue ?? []
            let wrapper = nodes.first { $0["node"] == "cardShadow" }
            #expect(
                wrapper?["shadowOpacity"] == 1 && wrapper?["masksToBounds"] == nil, "\(String(describing: wrapper))")
            let card = nodes.first { $0["node"] == "card" }
            #expect(card?["cornerRadius"] == 40 && card?["masksToBounds"] == true, "\(String(describing: card))")
            let photo = nodes.first { $0["node"] == "photo" }
            #expect(photo?["clippedBy"] == "card", "\(String(describing: photo))")
        }
        guard let colours else { return }
        for (point, colour) in zip(Self.points, colours) {
            #expect(Self.meets(colour, point.expected), "\(point.name) at (\(point.x), \(point.y)) is \(colour)")
        }
    }

    /// A card that clips, with rounded-card.json's shadow on itself rather than on a wrapper, draws no shadow:
    /// Core Animation clips the layer's own shadow with its content. The root stays white just below the
    /// card, where the shadow 20 points down would be dark.
    @Test func thePlayerDrawsNoShadowForANodeThatClips() async throws {
        let screen =
            ##"{"id":"card","root":{"id":"view","frame":[0,0,375,667],"style":{"fill":"#FFFFFF"},"children":["##
            + ##"{"id":"card","frame":[60,160,240,200],"cornerRadius":40,"masksToBounds":true,"##
            + ##""backgroundColor":"#3366CC","shadowOpacity":1,"shadowRadius":4,"shadowOffset":[0,20],"##
            + ##""shadowColor":"#000000"}]}}"##
        let points: [(name: String, x: Double, y: Double, expected: Expectation)] = [
            ("inside the card", 100, 200, .colour("#3366CC")),
            ("4 points below the card", 120, 364, .white),
            ("12 points below the card", 120, 372, .white),
        ]
        let colours = try await Self.playerColours(pushingOnto: screen, at: points.map { ($0.x, $0.y) }) { last in
            let card = last["nodes"]?.arrayValue?.first { $0["node"] == "card" }
            #expect(card?["shadowOpacity"] == 1 && card?["masksToBounds"] == true, "\(String(describing: card))")
        }
        guard let colours else { return }
        for (point, colour) in zip(points, colours) {
            #expect(Self.meets(colour, point.expected), "\(point.name) at (\(point.x), \(point.y)) is \(colour)")
        }
    }

    @Test func theWebPageDrawsARoundedClippingCardWithItsBorderAndShadow() async throws {
        let arguments = Self.points.map { "\($0.x),\($0.y)" }
        try await WebPageChromiumTests.scenario("stagePixels", arguments, root: "rounded-card") { result, _ in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            let colours = result["colours"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(colours.count == Self.points.count, "\(result)")
            for (point, colour) in zip(Self.points, colours) {
                #expect(Self.meets(colour, point.expected), "\(point.name) at (\(point.x), \(point.y)) is \(colour)")
            }
        }
    }

    /// Under perspective: a page turn of the card's screen, at 0.75 s, where the card and its photo turn with
    /// the page. The photo is drawn inside the card's turned quad, and not where it overflows it: its points
    /// are taken at fractions of its quad (bilinearly, a fraction of a pixel from the projective map there).
    @Test func thePlayerClipsInPerspective() async throws {
        guard ChildProcess.find(["chromium"]) != nil, ChildProcess.find(["chromedriver"]) != nil else {
            Issue.record("chromium and chromium-driver are not installed; scripts/install-dependencies installs them")
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let render = await ToolRun.transitionctl([
            "render", "--animator", "pageTurn", "--operation", "push", "--from", SeedFiles.screenPath("rounded-card"),
            "--to", #"{"id":"blank","root":{"id":"view","frame":[0,0,375,667]}}"#, "--size", "375x667",
        ])
        #expect(render.status == .success, "\(render.errors)")
        let frame = try JSONReader.parse(String(Recording.frameLines(of: render.output)[45]))
        #expect(frame["time"]?.doubleValue == 0.75)
        let photo = frame["nodes"]?.arrayValue?.first { $0["node"] == "photo" }
        let quad: [(x: Double, y: Double)] = (0..<4).map { corner in
            (photo?["quad"]?[corner]?[0]?.doubleValue ?? 0, photo?["quad"]?[corner]?[1]?.doubleValue ?? 0)
        }
        // The turn's perspective: the photo's right edge is not as long as its left.
        #expect(abs((quad[2].y - quad[1].y) - (quad[3].y - quad[0].y)) > 5, "\(quad)")
        func at(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
            let top = (x: quad[0].x + (quad[1].x - quad[0].x) * u, y: quad[0].y + (quad[1].y - quad[0].y) * u)
            let bottom = (x: quad[3].x + (quad[2].x - quad[3].x) * u, y: quad[3].y + (quad[2].y - quad[3].y) * u)
            return (top.x + (bottom.x - top.x) * v, top.y + (bottom.y - top.y) * v)
        }
        // (0.2, 0.2) of the photo is (180, 144) of the card, inside it; (0.3, 0.85) is (200, 222), 22 points
        // below it (and on the stage, which the page, turning towards the eye, overflows to the right).
        let points = [at(0.2, 0.2), at(0.3, 0.85)]
        let frames = directory.file("turn.jsonl")
        try TextFile.write(render.output, to: frames)
        let page = directory.file("turn.html")
        let picture = await ToolRun.transitionctl(["picture", frames, "--format", "html", "-o", page])
        #expect(picture.status == .success, "\(picture.errors)")
        let offset = Double(HTMLPlayer.stageOffset)
        let child = try WebPageScript.start(
            url: "file://\(page)#t=0.75&scale=1", scenario: "player", directory: directory,
            arguments: points.map { "\($0.x + offset),\($0.y + offset)" })
        let result = await child.finish()
        #expect(result.status == 0, "\(result.errors)")
        let report = try result.output.split(separator: "\n").last.map { try JSONReader.parse(String($0)) }
        let colours = report?["colours"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // Green where the photo is drawn: its green channel well above the others.
        func green(_ text: String) -> Bool {
            let digits = Array(text.dropFirst())
            guard digits.count == 6 else { return false }
            let values = stride(from: 0, to: 6, by: 2).compactMap { Int(String(digits[$0...$0 + 1]), radix: 16) }
            return values.count == 3 && values[1] > values[0] + 60 && values[1] > values[2] + 60
        }
        #expect(colours.count == 2, "\(String(describing: report))")
        #expect(colours.first.map(green) == true, "inside the card: \(colours) at \(points)")
        #expect(colours.last.map(green) == false, "outside the card: \(colours) at \(points)")
    }
}
