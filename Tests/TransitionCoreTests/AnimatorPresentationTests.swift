import JSON
import Testing
import TransitionCore

/// An animator's presentation (the `custom` style's frame and chrome): its JSON, its evaluation in a
/// container, its named errors, and the presented screen's root laid out in its frame during a present
/// and a dismiss.
@Suite struct AnimatorPresentationTests {
    private static let container = Size(width: 375, height: 667)

    /// A sheet of 60 % of the height over a dimming overlay at 0.4, as etc/animators/sheet.json declares it.
    private static let sheetJSON = """
        {"name": "sheetLike",
         "presentation": {
           "frame": [0, "containerHeight * 0.4", "containerWidth", "containerHeight * 0.6"],
           "chrome": [{"overlay": "dimming", "alpha": 0.4, "style": {"fill": "#000000"}},
                      {"overlay": "handle", "frame": [170, "containerHeight * 0.4 + 6", 35, 5]}]},
         "variants": {
           "present": {"duration": 0.5, "layers": ["from", {"overlay": "dimming", "alpha": 0}, "to"],
                       "phases": [{"duration": "duration", "timing": "linear",
                                   "tracks": [{"target": "container/dimming", "property": "alpha", "to": 0.4}]}]},
           "dismiss": {"duration": 0.3, "layers": ["to", "from"],
                       "phases": [{"duration": "duration", "timing": "linear",
                                   "tracks": [{"target": "from", "property": "alpha", "to": 0}]}]}}}
        """

    private static func sheet() throws -> AnimatorSpecification {
        try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(sheetJSON))
    }

    @Test func theFrameAndTheChromeAreEvaluatedInTheContainer() throws {
        let presentation = try #require(try Self.sheet().presentation)
        let resolved = try presentation.resolved(in: Self.container)
        // 667 × 0.4 = 266.8 and 667 × 0.6 = 400.2, within a rounding of the operands.
        #expect(isClose(resolved.frame.origin, Point(x: 0, y: 266.8)))
        #expect(resolved.frame.size.width == 375 && isClose(resolved.frame.size.height, 400.2))
        #expect(resolved.chrome.map(\.id) == ["dimming", "handle"])
        #expect(resolved.chrome[0].frame == Rect(x: 0, y: 0, width: 375, height: 667), "no frame covers the container")
        #expect(resolved.chrome[0].alpha == 0.4)
        #expect(resolved.chrome[0].style == ["fill": "#000000"])
        #expect(isClose(resolved.chrome[1].frame.origin, Point(x: 170, y: 272.8)))
        #expect(resolved.chrome[1].frame.size == Size(width: 35, height: 5))
        #expect(resolved.chrome[1].alpha == 1, "chrome without an alpha is opaque, unlike a layer's overlay")
        #expect(resolved.chrome[1].style == nil)
        // A wider container moves the sheet with it: the expressions are evaluated each time.
        let landscape = try presentation.resolved(in: Size(width: 667, height: 375))
        #expect(isClose(landscape.frame.origin, Point(x: 0, y: 150)))
        #expect(landscape.frame.size.width == 667 && isClose(landscape.frame.size.height, 225))
    }

    @Test func theAnimatorWritesItsPresentationBackAsItReadIt() throws {
        let animator = try Self.sheet()
        let written = try JSONValueEncoder().encode(animator)
        #expect(try JSONValueDecoder().decode(AnimatorSpecification.self, from: written) == animator)
        guard case .object(let object) = written, case .object(let presentation)? = object["presentation"] else {
            Issue.record("no presentation written: \(written)")
            return
        }
        #expect(Set(presentation.keys) == ["frame", "chrome"])
        let plain = AnimatorSpecification(
            name: "plain", variants: [.present: BuiltinAnimators.slideUp.variants[.present]!])
        guard case .object(let plainObject) = try JSONValueEncoder().encode(plain) else { return }
        #expect(plainObject["presentation"] == nil, "an animator without a presentation writes none")
    }

    @Test(arguments: [
        (#"{"frame": [0, 0, 0, 10]}"#, "presentation.frame", "width and height must be greater than 0"),
        (#"{"frame": [0, 0, "containerWidth - 400", 10]}"#, "presentation.frame", "greater than 0"),
        (#"{"frame": [0, "duration", 10, 10]}"#, "presentation.frame[1]", "use no duration"),
        (#"{"frame": [0, "maxY(to)", 10, 10]}"#, "presentation.frame[1]", "no role's geometry"),
        (#"{"frame": [0, "1 / 0", 10, 10]}"#, "presentation.frame[1]", "finite"),
        (#"{"chrome": [{"overlay": "a", "alpha": 1.5}]}"#, "presentation.chrome[0].alpha", "between 0 and 1"),
        (#"{"chrome": [{"overlay": "a"}, {"overlay": "a"}]}"#, "presentation.chrome[1].overlay", "unique"),
        (#"{"chrome": [{"overlay": ""}]}"#, "presentation.chrome[0].overlay", "non-empty"),
        (#"{"chrome": [{"overlay": "a", "frame": [0, 0, 5, -1]}]}"#, "presentation.chrome[0].frame", "greater than 0"),
    ])
    func aPresentationThatCannotBeLaidOutIsANamedError(text: String, parameter: String, message: String) throws {
        let presentation = try JSONValueDecoder().decode(AnimatorPresentation.self, from: try JSONReader.parse(text))
        do {
            _ = try presentation.resolved(in: Self.container)
            Issue.record("\(text) resolved")
        } catch {
            #expect(error.code == .invalidAnimator)
            #expect(error.parameter == parameter)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aPresentationCannotHoldMoreThanTheChromeLimit() throws {
        let chrome = (0...AnimatorPresentation.maximumChromeCount).map { LayerPlacement.Overlay("o\($0)", alpha: 1) }
        #expect(throws: TransitionCoreError.self) {
            try AnimatorPresentation(chrome: chrome).resolved(in: Self.container)
        }
        #expect(throws: Never.self) {
            try AnimatorPresentation(chrome: Array(chrome.dropLast())).resolved(in: Self.container)
        }
    }

    @Test func malformedPresentationsAreDecodingErrors() {
        let withoutPresent = #"{"name": "a", "presentation": {}, "variants": {"push": {"duration": 1}}}"#
        #expect(
            decodingFailure(withoutPresent, as: AnimatorSpecification.self)?.contains("no present variant") == true)
        let shortFrame = #"{"frame": [0, 0, 10]}"#
        #expect(decodingFailure(shortFrame, as: AnimatorPresentation.self)?.contains("[x, y, width, height]") == true)
        let wrongChrome = #"{"chrome": {"overlay": "a"}}"#
        #expect(decodingFailure(wrongChrome, as: AnimatorPresentation.self) != nil)
    }

    /// During a present the `to` screen's root rests in the presented frame (its children with it), and
    /// during a dismiss the `from` screen's; the other screen fills the container.
    @Test func thePresentedScreenIsLaidOutInItsFrameDuringTheTransition() throws {
        let animator = try Self.sheet()
        let frame = try #require(try animator.presentation?.resolved(in: Self.container).frame)
        let home = Self.screen("home")
        let card = Self.screen("card")
        for (operation, from, to) in [(TransitionOperation.present, home, card), (.dismiss, card, home)] {
            let layout = ContainerLayout(
                fromFrame: operation == .dismiss ? frame : nil, toFrame: operation == .present ? frame : nil)
            let plan = try TransitionPlan(
                compiling: TransitionRequest(
                    animator: animator, operation: operation, from: from, to: to, containerSize: Self.container,
                    containerLayout: layout))
            // (The plan's end is the settled screen alone: samples before it hold both screens.)
            for seconds in [0, plan.duration / 4, plan.duration / 2, plan.duration * 3 / 4] {
                let nodes = plan.sample(at: seconds)
                let root = try #require(nodes.first { $0.screen == "card" && $0.node == "root" })
                let title = try #require(nodes.first { $0.screen == "card" && $0.node == "title" })
                let homeRoot = try #require(nodes.first { $0.screen == "home" && $0.node == "root" })
                // The root's quad is the frame; the title (16, 80, 200 × 44 in the root) moves with it.
                let place = "\(operation) at \(seconds)"
                #expect(isClose(root.quad.topLeft, Point(x: 0, y: 266.8)), "\(place): \(root.quad)")
                #expect(isClose(root.quad.bottomRight, Point(x: 375, y: 667)), "\(place): \(root.quad)")
                #expect(isClose(title.quad.topLeft, Point(x: 16, y: 346.8)), "\(place): \(title.quad)")
                #expect(isClose(homeRoot.quad.topLeft, Point(x: 0, y: 0)), "\(place): \(homeRoot.quad)")
                #expect(isClose(homeRoot.quad.bottomRight, Point(x: 375, y: 667)), "\(place): \(homeRoot.quad)")
            }
        }
    }

    @Test func aPresentedFrameWithoutAreaIsRefused() {
        let request = TransitionRequest(
            animator: BuiltinAnimators.slideUp, operation: .present, from: Self.screen("home"), to: Self.screen("card"),
            containerSize: Self.container,
            containerLayout: ContainerLayout(toFrame: Rect(x: 0, y: 0, width: 375, height: 0)))
        #expect(throws: TransitionCoreError.self) { try TransitionPlan(compiling: request) }
    }

    /// A screen with a full-size root and one 200 × 44 child at (16, 80).
    private static func screen(_ id: String) -> Screen {
        Screen(
            id: ScreenID(rawValue: id), kind: "page",
            root: Node(
                id: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667),
                children: [Node(id: "title", frame: Rect(x: 16, y: 80, width: 200, height: 44))]))
    }
}
