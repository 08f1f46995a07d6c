import JSON
import Testing
import TransitionControl

/// Reading recordings and renders into frames for pictures: the timeline, the container, the nodes.
@Suite("Picture frames")
struct PictureFramesTests {
    static func read(_ text: String, rate: Double? = nil) throws(CommandError) -> PictureFrames {
        try PictureFrames(lines: Array(text.utf8), framesPerSecond: rate, source: "test")
    }

    @Test func timelineContainerAndNodes() throws {
        let frames = try Self.read(PictureFixtures.small)
        #expect(frames.frames.count == 3)
        // 10 frames per second from index and time within the transition; the gap keeps its time.
        #expect(frames.framesPerSecond == 10)
        #expect(frames.frames.map(\.time) == [0, 0.1, 0.3])
        #expect(frames.duration == 0.3)
        #expect(frames.containerSize == (200, 100))
        #expect(frames.keys == ["a/root", "a/card", "dim", "a/photo", "a/behind", "b/root"])
        let middle = frames.frames[1]
        #expect(!middle.nodes.contains { $0.key == "a/ghost" }, "hidden nodes are left out")
        #expect(middle.nodes.first { $0.key == "a/behind" }?.quad == nil, "a corner behind the eye")
        #expect(middle.nodes.first { $0.key == "dim" }?.fill == "#000000")
        #expect(middle.progress == 0.5)
        #expect(frames.frames[2].progress == nil)
    }

    @Test func screenLinesGiveTheNodesStyles() throws {
        let nested =
            ##"{"screen":{"id":"a","root":{"id":"root","frame":[0,0,200,100],"style":{"fill":"#112233"},"##
            + #""children":[{"id":"card","frame":[0,0,10,10],"style":{"text":"Hi"}},{"id":"plain","frame":[0,0,1,1]}]}}}"#
        let flat = ##"{"screen":{"id":"b","nodes":[{"id":"root","frame":[0,0,200,100],"style":{"fill":"#445566"}}]}}"##
        let frames = try Self.read(nested + "\n" + PictureFixtures.small + flat + "\n")
        #expect(frames.frames.count == 3, "screen lines are not frames")
        #expect(frames.styles["a/root"] == ["fill": "#112233"])
        #expect(frames.styles["a/card"] == ["text": "Hi"])
        #expect(frames.styles["a/plain"] == .null)
        #expect(frames.styles["b/root"] == ["fill": "#445566"])
        #expect(try Self.read(PictureFixtures.small).styles.isEmpty)
    }

    @Test func givenRateAndSizeWin() throws {
        let frames = try PictureFrames(
            lines: Array(PictureFixtures.small.utf8), framesPerSecond: 20, containerSize: (400, 300), source: "test")
        #expect(frames.frames.map(\.time) == [0, 0.05, 0.15])
        #expect(frames.containerSize == (400, 300))
    }

    @Test func errorsNameTheLine() {
        do {
            _ = try Self.read(PictureFixtures.small + "{not json\n")
            Issue.record("accepted a line that is not JSON")
        } catch {
            #expect(error.message.hasPrefix("test: line 6 is not JSON: "))
            #expect(error.exitCode == .failure)
        }
        #expect(throws: CommandError.self) { try Self.read(#"{"event":{"kind":"began"}}"# + "\n") }
        #expect(throws: CommandError.self) { try Self.read("") }
    }

    @Test func propertiesOfNodes() throws {
        let frames = try Self.read(PictureFixtures.small)
        let card = try #require(frames.frames[1].nodes.first { $0.key == "a/card" })
        #expect(NodeProperty.x.value(of: card) == 80)
        #expect(NodeProperty.alpha.value(of: card) == 0.5)
        #expect(NodeProperty.rotation.value(of: card) == 0)
        #expect(NodeProperty.scale.value(of: card) == 1)
        let plot = PropertyPlot(frames: frames)
        // Only the card moves (x) and the card and the overlay fade (alpha); a node seen once does not change.
        #expect(plot.animatedProperties == [.x, .alpha])
        #expect(plot.series(.x).map(\.key) == ["a/card"])
        #expect(plot.series(.alpha).map(\.key) == ["a/card", "dim"])
    }

    @Test func colorsAreSafeAndEscaped() {
        #expect(PictureColor.isSafe("#0a0B0c"))
        #expect(PictureColor.isSafe("rebeccapurple"))
        #expect(!PictureColor.isSafe("red;background:url(x)"))
        #expect(!PictureColor.isSafe("#12345"))
        #expect(PictureColor.escaped(#"<a href="x">&'"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
        let colors = PictureColor.colors(for: ["a", "b"])
        #expect(colors["a"] != colors["b"])
    }
}
