import JSON
import Testing
import TransitionControl

/// Pictures draw the frames' appearance fields (docs/frames.md, "Appearance and clipping"): a rounded card
/// that clips a photo overflowing it, with a background and a border, inside a wrapper of the same bounds
/// that carries its shadow (a node that clips draws no shadow), in Core Animation's order.
@Suite("Picture appearance")
struct PictureAppearanceTests {
    /// The card's screen: root (300 × 200) › wrapper (50, 40, 200 × 100) › card (its bounds) › photo, and
    /// root › label.
    static let screen =
        #"{"screen":{"id":"a","root":{"id":"root","frame":[0,0,300,200],"children":["#
        + #"{"id":"wrapper","frame":[50,40,200,100],"children":[{"id":"card","frame":[0,0,200,100],"#
        + #""children":[{"id":"photo","frame":[100,60,200,100]}]}]},"#
        + #"{"id":"label","frame":[10,170,100,20]}]}}}"#

    /// One settled frame of that screen. The wrapper: corner radius 20, a shadow of opacity 0.5, radius 6,
    /// offset (0, 8). The card: corner radius 20, clipping, white background, a 4-point red border. The
    /// photo overflows the card to the right and below, with a blue background.
    static let frame = PictureFixtures.frame(
        index: 0, time: 0, progress: nil,
        nodes: [
            PictureFixtures.node("a", "root", x: 0, y: 0, width: 300, height: 200),
            PictureFixtures.node(
                "a", "wrapper", x: 50, y: 40, width: 200, height: 100,
                appearance: #""cornerRadius":20,"shadowOpacity":0.5,"shadowRadius":6,"shadowOffset":[0,8]"#),
            PictureFixtures.node(
                "a", "card", x: 50, y: 40, width: 200, height: 100,
                appearance:
                    #""cornerRadius":20,"masksToBounds":true,"backgroundColor":[1,1,1,1],"borderWidth":4,"#
                    + #""borderColor":[1,0,0,1]"#),
            PictureFixtures.node(
                "a", "photo", x: 150, y: 100, width: 200, height: 100,
                appearance: #""clippedBy":"card","backgroundColor":[0,0,1,1]"#),
            PictureFixtures.node("a", "label", x: 10, y: 170, width: 100, height: 20),
        ])

    static func frames() throws -> PictureFrames {
        try PictureFrames(lines: Array((screen + "\n" + frame + "\n").utf8), source: "test")
    }

    @Test func framesCarryTheFieldsAndTheParents() throws {
        let frames = try Self.frames()
        let nodes = frames.frames[0].nodes
        #expect(nodes[0].appearance == nil)
        let wrapper = nodes[1].appearance
        #expect(wrapper?.masksToBounds == false)
        #expect(wrapper?.shadowOffset == [0, 8])
        #expect(wrapper?.shadowColor == [0, 0, 0, 1], "the default")
        #expect(wrapper?.hasShadow == true)
        let card = nodes[2].appearance
        #expect(card?.cornerRadius == 20)
        #expect(card?.masksToBounds == true)
        #expect(card?.borderColor == [1, 0, 0, 1])
        #expect(nodes[3].clippedBy == "a/card")
        #expect(
            frames.parents == [
                "a/wrapper": "a/root", "a/card": "a/wrapper", "a/photo": "a/card", "a/label": "a/root",
            ])
        #expect(frames.hasAppearance)
    }

    /// A node whose `masksToBounds` is true has no shadow, whatever its shadow's opacity and colour: Core
    /// Animation clips the layer's own shadow with its content.
    @Test func aClippingNodeHasNoShadow() throws {
        var appearance = PictureAppearance()
        appearance.shadowOpacity = 1
        #expect(appearance.hasShadow)
        appearance.masksToBounds = true
        #expect(!appearance.hasShadow)
    }

    /// The cell is at (14, 42) and draws 0.5 SVG units per point (150 units for 300 points): the wrapper's
    /// and the card's bounds are (39, 62)–(139, 112), their radius 10 units.
    @Test func theSVGHasTheShadowTheClipTheRoundedShapeAndTheBorderInOrder() throws {
        let svg = PictureSVG.document(try Self.frames(), every: 1, highlight: nil, title: "card")
        // The rounded outline, from the end of the top-left corner: (20, 0) in the node's points.
        let outline = "M49,62 L129,62 C"
        // The wrapper's shadow: blurred with a deviation of 6 points (3 units), the outline 8 points
        // (4 units) lower, at half opacity; then the wrapper's own content.
        let filter = try #require(svg.firstRange(of: #"<filter id="frame0-shadow1""#))
        #expect(svg.contains(#"<feGaussianBlur stdDeviation="3"/></filter>"#))
        let shadow = try #require(svg.firstRange(of: ##"<path d="M49,66 L129,66 C"##))
        #expect(svg.contains(##"fill="#000000" fill-opacity="0.5" filter="url(#frame0-shadow1)"/>"##))
        let wrapper = try #require(svg.firstRange(of: ##"<path d="\##(outline)"##, after: shadow.upperBound))
        // The card, which clips.
        let clip = try #require(svg.firstRange(of: #"<clipPath id="frame0-clip2"><path d="\#(outline)"#))
        let background = try #require(svg.firstRange(of: ##"<path d="\##(outline)"##, after: clip.upperBound))
        // The background is white, then the content in the same rounded shape, outlined in its palette colour.
        #expect(svg.contains(##"fill="#ffffff" fill-opacity="1"/>"##))
        let content = try #require(svg.firstRange(of: ##"<path d="\##(outline)"##, after: background.upperBound))
        // The photo inside a group clipped by the card: its top-left corner is (89, 92), and it reaches
        // (189, 142), past the card's right and bottom edges.
        let group = try #require(svg.firstRange(of: #"<g clip-path="url(#frame0-clip2)">"#))
        let photo = try #require(svg.firstRange(of: ##"<path d="M89,92 L189,92 L189,142 L89,142 Z" fill="#0000ff""##))
        let close = try #require(svg.firstRange(of: "</g>", after: photo.upperBound))
        // The border after the photo (the card's descendant), outside the clip: the bounds and the bounds
        // inset by 4 points (2 units), whose radius is 16 points (8 units), as one even-odd ring.
        let border = try #require(
            svg.firstRange(of: ##"<path d="\##(outline)"##, after: close.upperBound))
        #expect(svg[border.upperBound...].contains(" M49,64 L129,64 C"))
        #expect(svg.contains(##"fill="#ff0000" fill-opacity="1" fill-rule="evenodd"/>"##))
        // The label, not the card's descendant, after the border.
        let label = try #require(svg.firstRange(of: #"<polygon points="19,127 69,127 69,137 19,137""#))
        let order = [filter, shadow, wrapper, clip, background, content, group, photo, close, border, label]
        #expect(order.map(\.lowerBound) == order.map(\.lowerBound).sorted(), "\(svg)")
    }

    /// A node that clips and has a shadow of opacity 1 draws its clip, background and content but no shadow:
    /// no filter, and no path of its bounds moved by the offset.
    @Test func theSVGDrawsNoShadowForANodeThatClips() throws {
        let frame = PictureFixtures.frame(
            index: 0, time: 0, progress: nil,
            nodes: [
                PictureFixtures.node("a", "root", x: 0, y: 0, width: 300, height: 200),
                PictureFixtures.node(
                    "a", "card", x: 50, y: 40, width: 200, height: 100,
                    appearance:
                        #""cornerRadius":20,"masksToBounds":true,"backgroundColor":[1,1,1,1],"#
                        + #""shadowOpacity":1,"shadowRadius":6,"shadowOffset":[0,8]"#),
            ])
        let screen =
            #"{"screen":{"id":"a","root":{"id":"root","frame":[0,0,300,200],"children":["#
            + #"{"id":"card","frame":[50,40,200,100]}]}}}"#
        let frames = try PictureFrames(lines: Array((screen + "\n" + frame + "\n").utf8), source: "test")
        #expect(frames.frames[0].nodes[1].appearance?.shadowOpacity == 1)
        let svg = PictureSVG.document(frames, every: 1, highlight: nil, title: "card")
        #expect(svg.contains(#"<clipPath id="frame0-clip1"><path d="M49,62 L129,62 C"#), "\(svg)")
        #expect(svg.contains(##"fill="#ffffff" fill-opacity="1"/>"##), "\(svg)")
        for absent in ["<filter", "<feGaussianBlur", #"<path d="M49,66 L129,66 C"#, ##"fill="#000000" fill-opacity"##] {
            #expect(!svg.contains(absent), "\(absent) in \(svg)")
        }
    }

    /// A frame without the fields draws as before: the polygons only, no group, clip or filter.
    @Test func framesWithoutTheFieldsDrawNoAppearance() throws {
        let frames = try PictureFrames(lines: Array(PictureFixtures.small.utf8), source: "test")
        #expect(!frames.hasAppearance)
        let svg = PictureSVG.document(frames, every: 1, highlight: nil, title: "small")
        for absent in ["<path ", "<filter", "frame0-clip", "fill-rule"] { #expect(!svg.contains(absent), "\(absent)") }
    }

    /// The player's data carries the fields per node, the clip as the clipping node's key, and the parents.
    @Test func thePlayersDataCarriesTheFields() throws {
        let data = HTMLPlayer.data(try Self.frames(), highlight: nil, title: "card")
        let nodes = data["frames"]?[0]?["nodes"]
        #expect(nodes?[0]?.arrayValue?.count == 13, "no appearance: the 13 numbers of before")
        #expect(nodes?[1]?[13]?["shadowOffset"] == [0, 8])
        #expect(nodes?[1]?[13]?["shadowColor"] == nil, "defaults are left out")
        #expect(nodes?[2]?[13]?["cornerRadius"] == 20)
        #expect(nodes?[2]?[13]?["masksToBounds"] == true)
        #expect(nodes?[3]?[13]?["clippedBy"] == 2, "the card's key index")
        #expect(data["keys"]?[2]?["parent"] == 1)
        #expect(data["keys"]?[3]?["parent"] == 2)
        #expect(data["keys"]?[0]?["parent"] == nil)
    }
}

extension String {
    /// The first occurrence of `text` at or after `start`.
    fileprivate func firstRange(of text: String, after start: String.Index) -> Range<String.Index>? {
        self[start...].firstRange(of: text)
    }
}
