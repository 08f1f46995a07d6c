import JSON
import Testing
import TransitionCore

/// Autoresizing (UIKit's `autoresizingMask`) against frames computed by hand: each option alone, every
/// combination along an axis, shrinking, the cases UIKit's documentation leaves open, nested children laid
/// out against their parent's new size, and the JSON forms.
@Suite("Autoresizing")
struct AutoresizingTests {
    /// A parent declared 240 × 240 laid out at 360 × 480: 120 points wider, 240 taller.
    private let declared = Size(width: 240, height: 240)
    private let laidOut = Size(width: 360, height: 480)
    /// Left margin 40, width 80, right margin 120; top margin 40, height 80, bottom margin 120.
    private let frame = Rect(x: 40, y: 40, width: 80, height: 80)

    private func resized(_ mask: Autoresizing) -> Rect {
        mask.frame(frame, inParentDeclared: declared, laidOutAt: laidOut)
    }

    /// Each option alone: a flexible part takes the whole change of its axis; the others keep their size.
    @Test func eachOptionAlone() {
        #expect(resized([]) == frame)
        // The left margin takes the 120 points: 40 → 160.
        #expect(resized(.flexibleLeftMargin) == Rect(x: 160, y: 40, width: 80, height: 80))
        // The width takes them: 80 → 200.
        #expect(resized(.flexibleWidth) == Rect(x: 40, y: 40, width: 200, height: 80))
        // The right margin takes them (120 → 240): the frame does not move.
        #expect(resized(.flexibleRightMargin) == frame)
        // The top margin takes the 240 points: 40 → 280.
        #expect(resized(.flexibleTopMargin) == Rect(x: 40, y: 280, width: 80, height: 80))
        // The height takes them: 80 → 320.
        #expect(resized(.flexibleHeight) == Rect(x: 40, y: 40, width: 80, height: 320))
        #expect(resized(.flexibleBottomMargin) == frame)
    }

    /// Several flexible parts of an axis share its change in proportion to their sizes before it.
    @Test func combinationsShareTheChangeInProportion() {
        // Margins 40 and 120 (160): the left one takes 120 × 40/160 = 30.
        #expect(resized([.flexibleLeftMargin, .flexibleRightMargin]) == Rect(x: 70, y: 40, width: 80, height: 80))
        // Margin 40 and width 80 (120): 40 and 80 more.
        #expect(resized([.flexibleLeftMargin, .flexibleWidth]) == Rect(x: 80, y: 40, width: 160, height: 80))
        // Width 80 and margin 120 (200): the width takes 120 × 80/200 = 48.
        #expect(resized([.flexibleWidth, .flexibleRightMargin]) == Rect(x: 40, y: 40, width: 128, height: 80))
        // All three (240): everything scales by 360/240.
        #expect(
            resized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin])
                == Rect(x: 60, y: 40, width: 120, height: 80))
        // Margins 40 and 120 (160) share 240: the top takes 60.
        #expect(resized([.flexibleTopMargin, .flexibleBottomMargin]) == Rect(x: 40, y: 100, width: 80, height: 80))
        // Margin 40 and height 80 (120): 80 and 160 more.
        #expect(resized([.flexibleTopMargin, .flexibleHeight]) == Rect(x: 40, y: 120, width: 80, height: 240))
        // Height 80 and margin 120 (200): the height takes 240 × 80/200 = 96.
        #expect(resized([.flexibleHeight, .flexibleBottomMargin]) == Rect(x: 40, y: 40, width: 80, height: 176))
        #expect(
            resized([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin])
                == Rect(x: 40, y: 80, width: 80, height: 160))
        // The two axes are independent.
        #expect(resized([.flexibleWidth, .flexibleTopMargin]) == Rect(x: 40, y: 280, width: 200, height: 80))
        #expect(resized(.all) == Rect(x: 60, y: 80, width: 120, height: 160))
    }

    /// UIKit's documented example: margins of 20 and 30, both flexible, keep their ratio (68 and 102 when
    /// the parent grows by 120).
    @Test func flexibleMarginsKeepTheirRatio() {
        let frame = Rect(x: 20, y: 0, width: 50, height: 10)
        let result = Autoresizing([.flexibleLeftMargin, .flexibleRightMargin]).frame(
            frame, inParentDeclared: Size(width: 100, height: 10), laidOutAt: Size(width: 220, height: 10))
        #expect(result == Rect(x: 68, y: 0, width: 50, height: 10))
        // The right margin: 220 − 68 − 50.
        #expect(220 - result.origin.x - result.size.width == 102)
    }

    @Test func shrinkingTakesFromTheFlexibleParts() {
        // 240 → 120 wide, 240 → 60 tall: every part of a fully flexible axis halves, or quarters.
        let result = Autoresizing.all.frame(
            frame, inParentDeclared: declared, laidOutAt: Size(width: 120, height: 60))
        #expect(result == Rect(x: 20, y: 10, width: 40, height: 20))
        // A width that would go below 0 is 0: 80 − 120.
        let clamped = Autoresizing.flexibleWidth.frame(
            frame, inParentDeclared: declared, laidOutAt: Size(width: 120, height: 240))
        #expect(clamped == Rect(x: 40, y: 40, width: 0, height: 80))
    }

    /// Where UIKit's documentation is silent: flexible parts that are all 0 share the change equally; a
    /// negative part counts 0.
    @Test func zeroAndNegativeParts() {
        let mask: Autoresizing = [.flexibleLeftMargin, .flexibleWidth]
        let empty = mask.frame(
            Rect(x: 0, y: 0, width: 0, height: 0), inParentDeclared: Size(width: 100, height: 100),
            laidOutAt: Size(width: 200, height: 100))
        #expect(empty == Rect(x: 50, y: 0, width: 50, height: 0))
        // Left margin −20 (counts 0) and right margin 80: the right margin takes all 100.
        let outside = Autoresizing([.flexibleLeftMargin, .flexibleRightMargin]).frame(
            Rect(x: -20, y: 0, width: 40, height: 10), inParentDeclared: Size(width: 100, height: 10),
            laidOutAt: Size(width: 200, height: 10))
        #expect(outside == Rect(x: -20, y: 0, width: 40, height: 10))
    }

    @Test func aParentAtItsDeclaredSizeChangesNothing() {
        #expect(Autoresizing.all.frame(frame, inParentDeclared: declared, laidOutAt: declared) == frame)
    }

    /// A screen declared 240 × 240, shown in a 360 × 480 container: the root fills it, `panel` (flexible
    /// width and height) follows the root, and `panel`'s children are laid out against `panel`'s new size.
    static let nested = Screen(
        id: "s", kind: "k",
        root: Node(
            id: "view", frame: Rect(x: 0, y: 0, width: 240, height: 240),
            children: [
                Node(
                    id: "panel", frame: Rect(x: 40, y: 40, width: 160, height: 160),
                    children: [
                        Node(
                            id: "badge", frame: Rect(x: 100, y: 10, width: 40, height: 20),
                            autoresizing: .flexibleLeftMargin),
                        Node(id: "fixed", frame: Rect(x: 10, y: 10, width: 20, height: 20)),
                        Node(
                            id: "footer", frame: Rect(x: 0, y: 140, width: 160, height: 20),
                            children: [
                                Node(
                                    id: "label", frame: Rect(x: 40, y: 0, width: 80, height: 20),
                                    autoresizing: [.flexibleLeftMargin, .flexibleRightMargin])
                            ],
                            autoresizing: [.flexibleWidth, .flexibleTopMargin]),
                    ],
                    autoresizing: [.flexibleWidth, .flexibleHeight]),
                Node(id: "corner", frame: Rect(x: 200, y: 200, width: 40, height: 40)),
            ]))

    @Test func childrenAreLaidOutAgainstTheirParentsNewSize() throws {
        let screen = Self.nested.laidOut(in: Size(width: 360, height: 480))
        func frame(_ id: NodeID) throws -> Rect { try #require(screen.node(id)).frame }
        #expect(try frame("view") == Rect(x: 0, y: 0, width: 360, height: 480))
        // 120 wider and 240 taller, both to the width and height.
        #expect(try frame("panel") == Rect(x: 40, y: 40, width: 280, height: 400))
        // In panel, 160 → 280 wide: the left margin takes the 120.
        #expect(try frame("badge") == Rect(x: 220, y: 10, width: 40, height: 20))
        #expect(try frame("fixed") == Rect(x: 10, y: 10, width: 20, height: 20))
        // In panel, 160 → 400 tall: the top margin takes the 240; the width the 120.
        #expect(try frame("footer") == Rect(x: 0, y: 380, width: 280, height: 20))
        // In footer, 160 → 280 wide: margins 40 and 40 take 60 each.
        #expect(try frame("label") == Rect(x: 100, y: 0, width: 80, height: 20))
        // No rules: the frame as declared, now inside the container's grown area.
        #expect(try frame("corner") == Rect(x: 200, y: 200, width: 40, height: 40))
        // The laid-out screen keeps its rules, and the settled layout draws exactly these frames.
        #expect(screen.node("label")?.autoresizing == [.flexibleLeftMargin, .flexibleRightMargin])
        let states = SettledLayout.nodes(of: Self.nested, containerSize: Size(width: 360, height: 480))
        func topLeft(_ id: NodeID) throws -> Point { try #require(states.first { $0.node == id }).quad.topLeft }
        #expect(try topLeft("badge") == Point(x: 260, y: 50))
        #expect(try topLeft("label") == Point(x: 140, y: 420))
        #expect(try #require(states.first { $0.node == "footer" }).size == Size(width: 280, height: 20))
    }

    /// Layout depends on the declared frames and the size alone: there and back is where it started.
    @Test func resizingThereAndBackGivesTheSameFrames() {
        let portrait = Size(width: 240, height: 240)
        let wide = Self.nested.laidOut(in: Size(width: 500, height: 100))
        #expect(wide != Self.nested.laidOut(in: portrait))
        #expect(Self.nested.laidOut(in: portrait) == Self.nested)
        #expect(
            SettledLayout.nodes(of: Self.nested, containerSize: portrait)
                == SettledLayout.nodes(of: Self.nested.laidOut(in: portrait), containerSize: portrait))
    }

    // MARK: JSON

    @Test func namesAreUIKitsInBitOrder() {
        #expect(
            Autoresizing.names == [
                "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight",
                "flexibleBottomMargin",
            ])
        for (bit, name) in Autoresizing.names.enumerated() {
            #expect(Autoresizing(name: name)?.rawValue == 1 << UInt8(bit))
        }
        #expect(Autoresizing(name: "FlexibleWidth") == nil)
        #expect(
            Autoresizing([.flexibleHeight, .flexibleLeftMargin]).names == ["flexibleLeftMargin", "flexibleHeight"])
    }

    @Test func theNestedAndFlatFormsReadTheRulesAndTheWriterWritesThem() throws {
        let nested = try JSONValueDecoder().decode(
            Screen.self,
            from: try JSONReader.parse(
                #"{"id":"s","kind":"k","root":{"id":"v","frame":[0,0,10,10],"children":[{"id":"c","frame":[1,1,2,2],"autoresizing":["flexibleHeight","flexibleLeftMargin"]}]}}"#
            ))
        let flat = try JSONValueDecoder().decode(
            Screen.self,
            from: try JSONReader.parse(
                #"{"id":"s","kind":"k","nodes":[{"id":"v","frame":[0,0,10,10],"autoresizing":[]},{"id":"c","parent":"v","frame":[1,1,2,2],"autoresizing":["flexibleLeftMargin","flexibleHeight"]}]}"#
            ))
        #expect(nested == flat)
        #expect(nested.root.children[0].autoresizing == [.flexibleLeftMargin, .flexibleHeight])
        #expect(nested.root.autoresizing.isEmpty)
        let written =
            #"{"id":"s","kind":"k","root":{"id":"v","frame":[0,0,10,10],"children":[{"id":"c","frame":[1,1,2,2],"autoresizing":["flexibleLeftMargin","flexibleHeight"]}]}}"#
        var direct: [UInt8] = []
        try nested.appendJSON(into: &direct)
        #expect(String(decoding: direct, as: UTF8.self) == written)
        var codable: [UInt8] = []
        try JSONWriter.write(try JSONValueEncoder().encode(nested), into: &codable)
        #expect(codable == direct)
        #expect(Screen(readingJSON: try JSONReader.parse(written)) == nested)
        // null and [] are no rules, as absent.
        let none = try JSONReader.parse(#"{"id":"s","root":{"id":"v","frame":[0,0,1,1],"autoresizing":null}}"#)
        #expect(Screen(readingJSON: none)?.root.autoresizing == [])
        #expect(try JSONValueDecoder().decode(Screen.self, from: none).root.autoresizing == [])
    }

    @Test(arguments: [
        (#"["flexibleWidth","stretchy"]"#, "unknown autoresizing option \"stretchy\""),
        (#"["flexibleWidth","flexibleWidth"]"#, "\"flexibleWidth\" is given twice"),
        (#"[2]"#, ""),
        (#""flexibleWidth""#, ""),
        (#"{"flexibleWidth":true}"#, ""),
    ])
    func badRulesAreRefusedNamingTheField(rules: String, message: String) throws {
        let text =
            #"{"id":"s","root":{"id":"v","frame":[0,0,1,1],"children":[{"id":"c","frame":[0,0,1,1],"autoresizing":"#
            + rules + "}]}}"
        let value = try JSONReader.parse(text)
        // The direct reader leaves the error to the decoder.
        #expect(Screen(readingJSON: value) == nil)
        let failure = try #require(decodingFailure(text, as: Screen.self))
        #expect(failure.contains("root.children[0].autoresizing"), "\(failure)")
        if !message.isEmpty { #expect(failure.contains(message), "\(failure)") }
        if rules.hasPrefix("[\"flexibleWidth\",") { #expect(failure.contains("autoresizing[1]"), "\(failure)") }
    }

    @Test func validationRefusesBitsThatNameNoOption() {
        var screen = Self.nested
        screen.root.children[1].autoresizing = Autoresizing(rawValue: 0x41)
        #expect(throws: TransitionCoreError(.invalidValue, parameter: "root.children[1].autoresizing", "")) {
            try screen.validate()
        }
        screen.root.children[1].autoresizing = .all
        #expect(throws: Never.self) { try screen.validate() }
    }

    /// The rules live in the padding before `zIndex`: a node is no bigger for them.
    @Test func aNodeDoesNotGrow() {
        #expect(MemoryLayout<Node>.size <= 152)
    }
}
