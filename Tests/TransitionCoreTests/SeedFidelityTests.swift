import Testing
import TransitionCore
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every running frame (60 fps) of each seed's built-in animator against the geometry the post's code gives in
/// UIKit, computed here from the post's numbers alone: UIKit's springs by `ReferenceUIKitSpring`, the default
/// curve by solving its Bézier by bisection, positions and scales by hand. Within 0.001 point.
@Suite("Seed fidelity: every frame as UIKit draws it")
struct SeedFidelityTests {
    static let width = 375.0, height = 667.0
    static let tolerance = 0.001
    /// The root views' centre, which UIKit scales about (anchor point 0.5, 0.5).
    static let centre = (x: width / 2, y: height / 2)

    /// The running frames' times: `i / 60` while below the plan's duration.
    private func frameTimes(_ plan: TransitionPlan) -> [Double] {
        (0...).lazy.map { Double($0) / 60 }.prefix { $0 < plan.duration }.map { $0 }
    }

    private func plan(
        _ animator: AnimatorSpecification, _ operation: TransitionOperation, _ from: String, _ to: String,
        source: NodeID? = nil
    ) throws -> TransitionPlan {
        try SeedScreens.plan(animator, operation, from, to, source: source)
    }

    private func node(
        _ nodes: [NodeState], screen: String, _ id: String, kind: NodeState.Kind = .view
    ) -> NodeState {
        nodes.first { $0.screen.rawValue == screen && $0.node.rawValue == id && $0.kind == kind }!
    }

    /// `kCAMediaTimingFunctionEaseInEaseOut`, cubic-bezier(0.42, 0, 0.58, 1), at the elapsed fraction `x`.
    static func easeInEaseOut(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if coordinate(middle, 0.42, 0.58) < x { low = middle } else { high = middle }
        }
        return coordinate((low + high) / 2, 0, 1)
    }

    /// The corners (top left, top right, bottom right, bottom left) of a rectangle scaled by `scale` about
    /// `(aboutX, aboutY)`.
    static func scaledCorners(
        _ rect: (x: Double, y: Double, width: Double, height: Double), by scale: Double, about: (x: Double, y: Double)
    ) -> [(Double, Double)] {
        [
            (rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x + rect.width, rect.y + rect.height),
            (rect.x, rect.y + rect.height),
        ]
        .map { (about.x + scale * ($0.0 - about.x), about.y + scale * ($0.1 - about.y)) }
    }

    private func expectQuad(
        _ quad: Quad, _ corners: [(Double, Double)], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let drawn = [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft]
        for (point, corner) in zip(drawn, corners) {
            let distance = ((point.x - corner.0) * (point.x - corner.0) + (point.y - corner.1) * (point.y - corner.1))
                .squareRoot()
            #expect(
                distance < Self.tolerance, "\(what): drawn (\(point.x), \(point.y)), UIKit (\(corner.0), \(corner.1))",
                sourceLocation: sourceLocation)
        }
    }

    // MARK: seed 000

    /// Push from each of the six tiles (50 × 50 at y 100, x = 67.5·i): phase 1, 2/3 s of spring (0.3, 0.8),
    /// moves the tile's centre to the screen's and scales it 5× while the from view scales to 0.3; phase 2,
    /// 1/3 s of the default curve, scales the from view to 0.5. The tile is drawn inside the from view.
    @Test(arguments: 0..<6)
    func zoomPushTileQuad(tile: Int) throws {
        let zoom = try plan(
            BuiltinAnimators.zoom, .push, "seed000-index", "seed000-detail", source: NodeID(rawValue: "tile\(tile)"))
        let spring = ReferenceUIKitSpring(duration: 2.0 / 3, dampingRatio: 0.3, initialVelocity: 0.8)
        #expect(spring.converged)
        let origin = (x: 67.5 * Double(tile), y: 100.0)
        let start = (x: origin.x + 25, y: origin.y + 25)
        for time in frameTimes(zoom) {
            let fromScale: Double, tileScale: Double, tileCentre: (x: Double, y: Double)
            if time < 2.0 / 3 {
                let progress = spring.progress(at: time)
                fromScale = 1 + (0.3 - 1) * progress
                tileScale = 1 + (5 - 1) * progress
                tileCentre = (
                    start.x + (Self.centre.x - start.x) * progress, start.y + (Self.centre.y - start.y) * progress
                )
            } else {
                fromScale = 0.3 + (0.5 - 0.3) * Self.easeInEaseOut((time - 2.0 / 3) * 3)
                tileScale = 5
                tileCentre = Self.centre
            }
            let inTile = Self.scaledCorners(
                (tileCentre.x - 25, tileCentre.y - 25, 50, 50), by: tileScale, about: tileCentre)
            let inContainer = inTile.map {
                (Self.centre.x + fromScale * ($0.0 - Self.centre.x), Self.centre.y + fromScale * ($0.1 - Self.centre.y))
            }
            expectQuad(
                node(zoom.sample(at: time), screen: "index", "tile\(tile)").quad, inContainer, "tile\(tile) at \(time)")
        }
    }

    /// Pop: 1/3 s of the default curve scales the from view to 2, then 1/3 s of spring (0.3, 0.8) to 0.
    @Test func zoomPopScreenScale() throws {
        let zoom = try plan(BuiltinAnimators.zoom, .pop, "seed000-detail", "seed000-index")
        let spring = ReferenceUIKitSpring(duration: 1.0 / 3, dampingRatio: 0.3, initialVelocity: 0.8)
        #expect(spring.converged)
        for time in frameTimes(zoom) {
            let scale =
                time < 1.0 / 3
                ? 1 + (2 - 1) * Self.easeInEaseOut(time * 3) : 2 + (0 - 2) * spring.progress(at: time - 1.0 / 3)
            let corners = Self.scaledCorners((0, 0, Self.width, Self.height), by: scale, about: Self.centre)
            expectQuad(node(zoom.sample(at: time), screen: "detail", "view").quad, corners, "detail at \(time)")
        }
    }

    // MARK: seed 001

    /// A corner of the turning page: anchor (0, 0.5), rotation θ about y, then the perspective m34 = −1/500.
    static func pageCorner(x: Double, y: Double, angle: Double) -> (Double, Double) {
        let w = 1 + (-x * sin(angle)) * (-1.0 / 500)
        return (x * cos(angle) / w, (y - height / 2) / w + height / 2)
    }

    static func pageCorners(angle: Double) -> [(Double, Double)] {
        [(0, 0), (width, 0), (width, height), (0, height)].map { pageCorner(x: $0.0, y: $0.1, angle: angle) }
    }

    /// Push: 2 s of the default curve turns the from view to −π/2 about its left edge; pop turns the to view
    /// back from −π/2.
    @Test func pageTurnPageQuad() throws {
        let push = try plan(BuiltinAnimators.pageTurn, .push, "seed001-first", "seed001-second")
        for time in frameTimes(push) {
            let angle = -Double.pi / 2 * Self.easeInEaseOut(time / 2)
            let page = node(push.sample(at: time), screen: "first", "view")
            expectQuad(page.quad, Self.pageCorners(angle: angle), "push page at \(time)")
        }
        let pop = try plan(BuiltinAnimators.pageTurn, .pop, "seed001-second", "seed001-first")
        for time in frameTimes(pop) where time > 0 {
            let angle = -Double.pi / 2 * (1 - Self.easeInEaseOut(time / 2))
            let page = node(pop.sample(at: time), screen: "first", "view")
            expectQuad(page.quad, Self.pageCorners(angle: angle), "pop page at \(time)")
        }
    }

    /// Present: the to view's frame moves up from y 667 with 1 s of spring (0.6, 0); dismiss moves the from view
    /// down by 667 over 1 s with the default curve.
    @Test func slideUpPresentedScreenOffset() throws {
        let present = try plan(BuiltinAnimators.slideUp, .present, "seed001-first", "seed001-modal")
        let spring = ReferenceUIKitSpring(duration: 1, dampingRatio: 0.6, initialVelocity: 0)
        #expect(spring.converged)
        for time in frameTimes(present) {
            let top = Self.height * (1 - spring.progress(at: time))
            let corners = Self.scaledCorners((0, top, Self.width, Self.height), by: 1, about: Self.centre)
            expectQuad(node(present.sample(at: time), screen: "modal", "view").quad, corners, "present at \(time)")
        }
        let dismiss = try plan(BuiltinAnimators.slideUp, .dismiss, "seed001-modal", "seed001-first")
        for time in frameTimes(dismiss) {
            let top = Self.height * Self.easeInEaseOut(time)
            let corners = Self.scaledCorners((0, top, Self.width, Self.height), by: 1, about: Self.centre)
            expectQuad(node(dismiss.sample(at: time), screen: "modal", "view").quad, corners, "dismiss at \(time)")
        }
    }

    // MARK: seeds 002 and 004

    /// Push: the snapshot of cell 3's image, (205, 264, 150, 150) in the container, flies to the detail image's
    /// frame (0, 64, 375, 375) with 0.6 s of spring (0.6, 1.0) while the to view's alpha goes 0 → 1.
    @Test func magicMovePushSnapshotQuad() throws {
        let move = try plan(BuiltinAnimators.magicMove, .push, "seed002-photos", "seed002-photo")
        let spring = ReferenceUIKitSpring(duration: 0.6, dampingRatio: 0.6, initialVelocity: 1)
        #expect(spring.converged)
        for time in frameTimes(move) {
            let p = spring.progress(at: time)
            let frame = (205 + (0 - 205) * p, 264 + (64 - 264) * p, 150 + (375 - 150) * p, 150 + (375 - 150) * p)
            let nodes = move.sample(at: time)
            expectQuad(
                node(nodes, screen: "photos", "image3", kind: .snapshot).quad,
                Self.scaledCorners(frame, by: 1, about: Self.centre), "snapshot at \(time)")
            #expect(abs(node(nodes, screen: "photo-3", "view").alpha - min(max(p, 0), 1)) < 1e-9)
        }
    }

    /// Pop: the avatar's snapshot flies from (112.5, 120, 150, 150) back to the row's image (20, 74, 60, 60)
    /// in a linear keyframe animation of 0.6 s while the from view fades out.
    @Test func magicMovePopSnapshotQuad() throws {
        let move = try plan(BuiltinAnimators.magicMove, .pop, "seed004-profile", "seed004-contacts")
        for time in frameTimes(move) {
            let p = time / 0.6
            let frame = (112.5 + (20 - 112.5) * p, 120 + (74 - 120) * p, 150 + (60 - 150) * p, 150 + (60 - 150) * p)
            let nodes = move.sample(at: time)
            expectQuad(
                node(nodes, screen: "profile", "avatarImage", kind: .snapshot).quad,
                Self.scaledCorners(frame, by: 1, about: Self.centre), "snapshot at \(time)")
            #expect(abs(node(nodes, screen: "profile", "view").alpha - (1 - p)) < 1e-9)
        }
    }
}
