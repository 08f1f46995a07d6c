import Testing
import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

/// The built-ins reproduce the seed posts' numbers. Expected values are computed here from the posts'
/// parameters with independent formulas, not read back from the implementation.
@Suite("Built-in animators")
struct BuiltinAnimatorTests {
    let width = 375.0, height = 667.0

    private func plan(
        _ animator: AnimatorSpecification, _ operation: TransitionOperation, _ from: String, _ to: String,
        source: NodeID? = nil
    ) throws -> TransitionPlan {
        try SeedScreens.plan(animator, operation, from, to, source: source)
    }

    private func node(_ nodes: [NodeState], _ id: NodeID, kind: NodeState.Kind = .view) -> NodeState {
        nodes.first { $0.node == id && $0.kind == kind }!
    }

    private func center(_ quad: Quad) -> Point {
        Point(x: (quad.topLeft.x + quad.bottomRight.x) / 2, y: (quad.topLeft.y + quad.bottomRight.y) / 2)
    }

    // MARK: seed 000

    @Test func zoomPushSpringsTheTileToTheCentreFiveTimesLarger() throws {
        let zoom = try plan(BuiltinAnimators.zoom, .push, "seed000-index", "seed000-detail", source: "tile3")
        #expect(zoom.duration == 1)
        // Phase 1: 2/3 s UIKit spring, damping 0.3, velocity 0.8; the spring is cut at its duration.
        let spring = try Spring.uikit(duration: 2.0 / 3, dampingRatio: 0.3, initialVelocity: 0.8)
        let middle = zoom.sample(at: 1.0 / 3)
        let progress = spring.value(at: 1.0 / 3)
        #expect(abs(node(middle, "view").transform.m11 - (1 + (0.3 - 1) * progress)) < 1e-12)
        #expect(abs(node(middle, "tile3").transform.m11 - (1 + (5 - 1) * progress)) < 1e-12)
        // End of phase 1: tile at the screen centre, drawn 50 × 5 × 0.3 = 75 points wide.
        let grown = zoom.sample(at: 2.0 / 3)
        let tile = node(grown, "tile3")
        #expect(abs(center(tile.quad).x - width / 2) < 1e-9 && abs(center(tile.quad).y - height / 2) < 1e-9)
        #expect(abs((tile.quad.topRight.x - tile.quad.topLeft.x) - 75) < 1e-9)
        #expect(node(grown, "view").alpha == 1)
        // The to screen is on top and invisible until phase 2 fades it in with the ease-in-ease-out curve.
        let detailRoot = grown.first { $0.screen == "detail" && $0.node == "view" }!
        #expect(detailRoot.alpha == 0)
        let fading = zoom.sample(at: 2.0 / 3 + 1.0 / 6)
        let eased = CubicBezier.easeInEaseOut.solve(0.5)
        #expect(abs(fading.first { $0.screen == "detail" && $0.node == "view" }!.alpha - eased) < 1e-9)
        #expect(abs(node(fading, "view").transform.m11 - (0.3 + (0.5 - 0.3) * eased)) < 1e-9)
        // The other tiles ride along inside the shrinking from view.
        #expect(node(grown, "tile0").transform == .identity)
    }

    @Test func zoomPopSwellsThenSpringsAwayAndCompletesAfterTwoThirds() throws {
        let zoom = try plan(BuiltinAnimators.zoom, .pop, "seed000-detail", "seed000-index")
        #expect(zoom.duration == 2.0 / 3)
        #expect(zoom.nominalDuration == 1)
        #expect(node(zoom.sample(at: 1.0 / 3), "view").transform.m11 == 2)
        let spring = try Spring.uikit(duration: 1.0 / 3, dampingRatio: 0.3, initialVelocity: 0.8)
        let time = 1.0 / 3 + 0.1
        let expected = 2 + (0 - 2) * spring.value(at: 0.1)
        let detail = zoom.sample(at: time).first { $0.screen == "detail" && $0.node == "view" }!
        #expect(abs(detail.transform.m11 - expected) < 1e-12)
        // The index screen stays invisible (alpha 0, on top) until completion.
        #expect(zoom.sample(at: time).first { $0.screen == "index" && $0.node == "view" }!.alpha == 0)
    }

    // MARK: seed 001

    /// Projects a point of the from view through the page-turn geometry by hand: anchor (0, 0.5), position
    /// (0, height/2), rotation θ about y (CATransform3DMakeRotation: m11 = cos θ, m13 = −sin θ, m31 = sin θ,
    /// m33 = cos θ) followed by perspective m34 = −1/500.
    private func pageTurnCorner(x: Double, y: Double, angle: Double) -> Point {
        let localX = x, localY = y - height / 2
        let rotatedX = localX * cos(angle), rotatedZ = -localX * sin(angle)
        let w = 1 + rotatedZ * (-1.0 / 500)
        return Point(x: rotatedX / w, y: localY / w + height / 2)
    }

    @Test func pageTurnKeepsPerspectiveThroughTheWholeTurn() throws {
        let turn = try plan(BuiltinAnimators.pageTurn, .push, "seed001-first", "seed001-second")
        #expect(turn.duration == 2)
        for time in [0.25, 1.0, 1.75] {
            let angle = -Double.pi / 2 * CubicBezier.easeInEaseOut.solve(time / 2)
            let page = turn.sample(at: time).first { $0.screen == "first" && $0.node == "view" }!
            #expect(page.transform.m34 != 0, "perspective lost at \(time)")
            let expected = pageTurnCorner(x: width, y: 0, angle: angle)
            #expect(abs(page.quad.topRight.x - expected.x) < 1e-9 && abs(page.quad.topRight.y - expected.y) < 1e-9)
            let left = pageTurnCorner(x: 0, y: height, angle: angle)
            #expect(abs(page.quad.bottomLeft.x - left.x) < 1e-9 && abs(page.quad.bottomLeft.y - left.y) < 1e-9)
        }
        // The from view is on top of the to view, as the post adds it last.
        let nodes = turn.sample(at: 1)
        #expect(nodes.first { $0.screen == "first" }!.z > nodes.first { $0.screen == "second" }!.z)
    }

    @Test func pageTurnPopTurnsTheToViewBack() throws {
        let turn = try plan(BuiltinAnimators.pageTurn, .pop, "seed001-second", "seed001-first")
        let start = turn.sample(at: 0).first { $0.screen == "first" && $0.node == "view" }!
        #expect(!start.isVisible, "edge-on at the start")
        let angle = -Double.pi / 2 * (1 - CubicBezier.easeInEaseOut.solve(0.5))
        let page = turn.sample(at: 1).first { $0.screen == "first" && $0.node == "view" }!
        let expected = pageTurnCorner(x: width, y: height, angle: angle)
        #expect(abs(page.quad.bottomRight.x - expected.x) < 1e-9 && abs(page.quad.bottomRight.y - expected.y) < 1e-9)
    }

    @Test func slideUpPresentSpringsUpFromOneContainerHeightBelow() throws {
        let present = try plan(BuiltinAnimators.slideUp, .present, "seed001-first", "seed001-modal")
        let spring = try Spring.uikit(duration: 1, dampingRatio: 0.6, initialVelocity: 0)
        #expect(present.sample(at: 0).first { $0.screen == "modal" && $0.node == "view" }!.quad.topLeft.y == height)
        for time in [0.1, 0.4, 0.9] {
            let modal = present.sample(at: time).first { $0.screen == "modal" && $0.node == "view" }!
            #expect(abs(modal.quad.topLeft.y - height * (1 - spring.value(at: time))) < 1e-9)
        }
    }

    @Test func slideUpDismissSlidesDownWithTheDefaultCurve() throws {
        let dismiss = try plan(BuiltinAnimators.slideUp, .dismiss, "seed001-modal", "seed001-first")
        let modal = dismiss.sample(at: 0.25).first { $0.screen == "modal" && $0.node == "view" }!
        #expect(abs(modal.quad.topLeft.y - height * CubicBezier.easeInEaseOut.solve(0.25)) < 1e-9)
        #expect(dismiss.sample(at: 0.5).first { $0.screen == "modal" }!.z > 0, "the dismissed view stays on top")
    }

    // MARK: seeds 002 and 004

    @Test func magicMovePushFliesTheSnapshotWithTheSpringAndHidesOriginals() throws {
        let move = try plan(BuiltinAnimators.magicMove, .push, "seed002-photos", "seed002-photo")
        // cell3 sits at (195, 254); its image at (10, 10) inside: (205, 264, 150, 150). Detail image (0, 64, 375, 375).
        let from = Rect(x: 205, y: 264, width: 150, height: 150), to = Rect(x: 0, y: 64, width: 375, height: 375)
        let spring = try Spring.uikit(duration: 0.6, dampingRatio: 0.6, initialVelocity: 1)
        for time in [0.0, 0.15, 0.3, 0.45] {
            let nodes = move.sample(at: time)
            let snapshot = node(nodes, "image3", kind: .snapshot)
            let p = spring.value(at: time)
            let box = snapshot.quad.boundingRect
            #expect(abs(box.origin.x - (from.origin.x + (to.origin.x - from.origin.x) * p)) < 1e-9)
            #expect(abs(box.size.width - (from.size.width + (to.size.width - from.size.width) * p)) < 1e-9)
            #expect(node(nodes, "image3").hidden && node(nodes, "image").hidden)
            #expect(node(nodes, "image2").hidden == false, "only the shared pair is hidden")
            let toRoot = nodes.first { $0.screen == "photo-3" && $0.node == "view" }!
            #expect(abs(toRoot.alpha - min(max(p, 0), 1)) < 1e-12)
            #expect(snapshot.z == nodes.count - 1, "snapshots fly on top")
        }
        #expect(move.duration == 0.6)
    }

    @Test func magicMovePopIsLinearKeyframesWithTheToViewBelow() throws {
        let move = try plan(BuiltinAnimators.magicMove, .pop, "seed004-profile", "seed004-contacts")
        // Profile avatar (112.5, 120, 150, 150) back to the row's image: row0 at y 64, image at (20, 10):
        // (20, 74, 60, 60).
        let nodes = move.sample(at: 0.15)
        let box = node(nodes, "avatarImage", kind: .snapshot).quad.boundingRect
        #expect(abs(box.origin.x - (112.5 + (20 - 112.5) * 0.25)) < 1e-9)
        #expect(abs(box.origin.y - (120 + (74 - 120) * 0.25)) < 1e-9)
        #expect(abs(box.size.width - (150 + (60 - 150) * 0.25)) < 1e-9)
        let profile = nodes.first { $0.screen == "profile" && $0.node == "view" }!
        #expect(abs(profile.alpha - 0.75) < 1e-12)
        #expect(nodes.first { $0.screen == "contacts" }!.z < profile.z, "to view inserted below the from view")
    }

    // MARK: the system default

    @Test func slidePushHasParallaxAndDimming() throws {
        let slide = try plan(BuiltinAnimators.slide, .push, "seed003-first", "seed003-second")
        #expect(slide.duration == 0.3)
        let eased = CubicBezier.easeInEaseOut.solve(0.5)
        let nodes = slide.sample(at: 0.15)
        #expect(
            abs(nodes.first { $0.screen == "second" && $0.node == "view" }!.quad.topLeft.x - width * (1 - eased)) < 1e-9
        )
        #expect(
            abs(nodes.first { $0.screen == "first" && $0.node == "view" }!.quad.topLeft.x + 0.3 * width * eased) < 1e-9)
        let dimming = nodes.first { $0.kind == .overlay }!
        #expect(abs(dimming.alpha - 0.1 * eased) < 1e-12)
        #expect(dimming.screen == .container)
        #expect(dimming.style == ["fill": "#000000"])
    }

    @Test func noneCompletesAtOnce() throws {
        let instant = try plan(BuiltinAnimators.none, .push, "seed003-first", "seed003-second")
        #expect(instant.duration == 0)
        #expect(instant.sample(at: 0) == instant.endNodes)
    }

    @Test func everyBuiltinIsListedOnceByName() {
        #expect(
            BuiltinAnimators.names == ["zoom", "pageTurn", "slideUp", "magicMove", "slide", "fade", "resize", "none"])
        #expect(BuiltinAnimators.named("slide") == BuiltinAnimators.slide)
        #expect(BuiltinAnimators.named("nope") == nil)
    }
}
