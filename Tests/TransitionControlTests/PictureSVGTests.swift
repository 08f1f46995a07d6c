import Testing
import TransitionControl
import TransitionTestSupport

/// The SVG picture: a golden file of a small recording, and what it must contain.
@Suite("SVG pictures")
struct PictureSVGTests {
    @Test func smallRecordingMatchesItsGoldenFile() throws {
        let frames = try PictureFrames(lines: Array(PictureFixtures.small.utf8), source: "test")
        let svg = PictureSVG.document(frames, every: 1, highlight: "card", title: "stack main: push with fade")
        GoldenFile.check(svg, named: "picture-small-svg")
        // Every node with a quad and some opacity, in each of the 3 frames: 2 + 4 + 1 polygons (the
        // hidden node, the one behind the eye and those at alpha 0 are not drawn).
        #expect(svg.components(separatedBy: "<polygon ").count - 1 == 7)
        // The highlighted card is magenta at its alpha; the snapshot is outlined; the overlay keeps its fill.
        #expect(
            svg.contains(##"<polygon points="223,49.5 253,49.5 253,72 223,72" fill="#ff00ff" fill-opacity="0.5"/>"##))
        #expect(svg.contains(##"stroke="#ff9500" stroke-width="2""##))
        #expect(svg.contains(##"fill="#000000" fill-opacity="0.25""##))
        #expect(svg.contains(">t = 0.300 s</text>"))
        #expect(svg.contains(">alpha</text>"))
        #expect(!svg.contains(">rotation</text>"), "rotation does not change")
    }

    @Test func everyNthFrameKeepsTheLast() throws {
        let frames = try PictureFrames(lines: Array(PictureFixtures.small.utf8), source: "test")
        let strip = SVGFilmstrip(frames: frames, every: 2, highlight: nil)
        #expect(strip.shownFrames.map(\.index) == [100, 103])
        let all = SVGFilmstrip(frames: frames, every: 5, highlight: nil)
        #expect(all.shownFrames.map(\.index) == [100, 103])
    }
}

extension String {
    /// The pieces between occurrences of `separator` (this package does not use Foundation).
    fileprivate func components(separatedBy separator: String) -> [Substring] {
        var pieces: [Substring] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            pieces.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        pieces.append(rest)
        return pieces
    }
}
