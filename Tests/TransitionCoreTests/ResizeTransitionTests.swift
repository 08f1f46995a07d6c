import JSON
import Testing
import TransitionTestSupport

@testable import TransitionCore

/// A `resize` transition (a rotation) compiled with the built-in `resize` animator, against frames worked
/// out independently: each node's frame in its parent goes from its hand-computed layout at the old size to
/// its hand-computed layout at the new one on the ease-in-ease-out Bézier (0.42, 0, 0.58, 1) over 0.3 s, and
/// the container corners compose the parents' frames.
@Suite("Resize transition")
struct ResizeTransitionTests {
    static let screen = ResizeLayouts.screen
    static let portrait = ResizeLayouts.portrait
    static let landscape = ResizeLayouts.landscape

    static func expectedRect(_ node: NodeID, progress: Double) -> Rect {
        ResizeLayouts.expectedRect(node, progress: progress)
    }

    /// The same screen's two layouts, as the engine asks for a resize.
    static func request(animator: AnimatorSpecification = BuiltinAnimators.resize) -> TransitionRequest {
        TransitionRequest(
            animator: animator, operation: .resize, from: screen, to: screen, containerSize: landscape,
            fromContainerSize: portrait)
    }

    @Test func everyNodeMovesFromItsOldLayoutToItsNewOneOnTheRotationCurve() throws {
        let plan = try TransitionPlan(compiling: Self.request())
        #expect(plan.duration == 0.3)
        #expect(plan.operation == .resize)
        #expect(plan.animatorName == "resize")
        for time in [0, 0.05, 0.1, 0.15, 0.2, 0.25] {
            let progress = ReferenceCubicBezier.solve(0.42, 0, 0.58, 1, time / 0.3)
            let nodes = plan.sample(at: time)
            // Two layers of the same screen: the old layout moving, the new one hidden until the end.
            #expect(nodes.count == 10)
            for (index, node) in nodes.enumerated() {
                let moving = index < 5
                #expect(node.hidden == !moving, "\(node.node) at \(time)")
                guard moving else { continue }
                let expected = Self.expectedRect(node.node, progress: progress)
                let quad = node.quad
                #expect(abs(quad.topLeft.x - expected.origin.x) < 1e-9, "\(node.node) x at \(time)")
                #expect(abs(quad.topLeft.y - expected.origin.y) < 1e-9, "\(node.node) y at \(time)")
                #expect(abs(quad.bottomRight.x - expected.maxX) < 1e-9, "\(node.node) right at \(time)")
                #expect(abs(quad.bottomRight.y - expected.maxY) < 1e-9, "\(node.node) bottom at \(time)")
            }
        }
        // At its end the plan shows the new layout at rest.
        let end = plan.sample(at: 0.3)
        #expect(end == plan.endNodes)
        for node in end {
            let expected = Self.expectedRect(node.node, progress: 1)
            #expect(node.quad.topLeft == expected.origin, "\(node.node)")
            #expect(node.size == expected.size, "\(node.node)")
        }
    }

    /// The plan starts on the old layout and ends on the new one, each as the settled layout draws it.
    @Test func theTransitionStartsAndEndsOnTheSettledLayouts() throws {
        let plan = try TransitionPlan(compiling: Self.request())
        let old = SettledLayout.nodes(of: Self.screen, containerSize: Self.portrait)
        let new = SettledLayout.nodes(of: Self.screen, containerSize: Self.landscape)
        #expect(plan.startNodes == old)
        #expect(plan.endNodes == new)
        let first = plan.sample(at: 0).prefix(5)
        let last = plan.sample(at: 0.3 - 1e-12).prefix(5)
        for (sampled, settled) in zip(first, old) { #expect(sampled.quad == settled.quad, "\(sampled.node)") }
        for (sampled, settled) in zip(last, new) {
            #expect(abs(sampled.quad.bottomRight.x - settled.quad.bottomRight.x) < 1e-9, "\(sampled.node)")
            #expect(abs(sampled.quad.bottomRight.y - settled.quad.bottomRight.y) < 1e-9, "\(sampled.node)")
        }
    }

    /// Reduce Motion: the new layout fades in over the old one in the same 0.3 s, neither moving.
    @Test func reducedMotionCrossFadesTheLayouts() throws {
        var request = Self.request()
        request.reducingMotion = true
        let plan = try TransitionPlan(compiling: request)
        #expect(plan.duration == 0.3)
        let middle = plan.sample(at: 0.15)
        let panel = try #require(middle.last { $0.node == "panel" })
        #expect(abs(panel.alpha - ReferenceCubicBezier.solve(0.42, 0, 0.58, 1, 0.5)) < 1e-9)
        #expect(panel.quad.topLeft == Point(x: 20, y: 20))
        #expect(panel.quad.bottomRight == Point(x: 380, y: 280))
    }

    /// `matchedFrom` and `matchedTo` stand for every node id both screens have; a value may name them only
    /// from a track or assignment on them, and `layoutOf` reads a node's frame in its own parent.
    @Test func matchedRolesAndLayoutOf() throws {
        let text =
            #"{"name":"morph","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":["#
            + #"{"target":"matchedTo","property":"frame","from":{"layoutOf":"matchedFrom"},"to":{"layoutOf":"matchedTo"}}]}]}}}"#
        let morph = try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(text))
        let encoded = try JSONValueEncoder().encode(morph)
        #expect(try JSONValueDecoder().decode(AnimatorSpecification.self, from: encoded) == morph)
        var other = Self.screen
        other.id = "other"
        other.root.children.removeLast()
        let plan = try TransitionPlan(
            compiling: TransitionRequest(
                animator: morph, operation: .push, from: Self.screen, to: other, containerSize: Self.portrait))
        // The four nodes both screens have each get a frame track; logo, only in the from screen, none.
        #expect(plan.tracks.count == 4)
        let misplaced = AnimatorSpecification(
            name: "misplaced",
            variants: [
                .push: TransitionScript(
                    duration: 1, phases: [Phase(duration: 1, tracks: [Track(.to, .frame, to: .layoutOf(.matchedFrom))])]
                )
            ])
        #expect(
            throws: TransitionCoreError(
                .invalidAnimator, parameter: "animator.variants.push.phases[0].tracks[0].to", "")
        ) {
            _ = try TransitionPlan(
                compiling: TransitionRequest(
                    animator: misplaced, operation: .push, from: Self.screen, to: other, containerSize: Self.portrait))
        }
    }

    /// docs/animators.md's worked example "a rotation", halfway: the root 521 × 521 about the new
    /// container's centre, turned −π/4; the bar and its button halfway between their two layouts.
    @Test func theRotationWorkedExample() throws {
        let text = #"""
            {"name": "rotation",
             "summary": "The screen turns upright while it is laid out again, as iOS rotates.",
             "variants": {"resize": {
               "duration": 0.3,
               "layers": ["from", "to"],
               "setup": [
                 {"target": "to", "property": "hidden", "value": true},
                 {"target": "from", "property": "position", "value": {"centerOf": "container"}}],
               "phases": [{"duration": "duration", "timing": "easeInEaseOut",
                 "tracks": [
                   {"target": "matchedFrom", "property": "frame", "to": {"layoutOf": "matchedTo"}},
                   {"target": "from", "property": "transform", "from": [{"rotate": "-pi/2"}], "to": []}]}]}}}
            """#
        let rotation = try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(text))
        let phone = Screen(
            id: "phone", kind: "k",
            root: Node(
                id: "view", frame: Rect(x: 0, y: 0, width: 375, height: 667),
                children: [
                    Node(
                        id: "bar", frame: Rect(x: 0, y: 0, width: 375, height: 44),
                        children: [
                            Node(
                                id: "button", frame: Rect(x: 323, y: 0, width: 44, height: 44),
                                autoresizing: .flexibleLeftMargin)
                        ],
                        autoresizing: [.flexibleWidth, .flexibleBottomMargin])
                ]))
        let plan = try TransitionPlan(
            compiling: TransitionRequest(
                animator: rotation, operation: .resize, from: phone, to: phone,
                containerSize: Size(width: 667, height: 375), fromContainerSize: Size(width: 375, height: 667)))
        #expect(plan.duration == 0.3)
        let halfway = plan.sample(at: 0.15)
        let root = halfway[0]
        #expect(root.node == "view")
        #expect(abs(root.size.width - 521) < 1e-9 && abs(root.size.height - 521) < 1e-9)
        #expect(abs(root.position.x - 333.5) < 1e-9 && abs(root.position.y - 187.5) < 1e-9)
        // A quarter turn counterclockwise at the start, none at the end: −π/4 halfway.
        let half = 0.5.squareRoot()
        #expect(abs(root.transform.m11 - half) < 1e-9 && abs(root.transform.m12 + half) < 1e-9)
        #expect(abs(halfway[1].size.width - 521) < 1e-9 && halfway[1].size.height == 44)
        // The button at (469, 0) in the bar at (0, 0) in the root: its corner, turned about the root's
        // centre, in the container. Row vectors: (x, y) turned by a is (x cos a − y sin a, x sin a + y cos a).
        let button = halfway[2]
        #expect(button.node == "button")
        #expect(button.size == Size(width: 44, height: 44))
        let (x, y) = (469 - 260.5, 0 - 260.5)
        let corner = Point(x: 333.5 + x * half - y * -half, y: 187.5 + x * -half + y * half)
        #expect(abs(button.quad.topLeft.x - corner.x) < 1e-9, "\(button.quad.topLeft) is not \(corner)")
        #expect(abs(button.quad.topLeft.y - corner.y) < 1e-9, "\(button.quad.topLeft) is not \(corner)")
    }

    @Test func aBadOldSizeIsNamed() {
        var request = Self.request()
        request.fromContainerSize = Size(width: 0, height: 300)
        #expect(throws: TransitionCoreError(.invalidValue, parameter: "fromContainerSize", "")) {
            _ = try TransitionPlan(compiling: request)
        }
    }
}
