import Testing
import TransitionCore

@Suite("FrameGeometry")
struct FrameGeometryTests {
    /// Seed 002's conversion: the cell's image frame, converted from the cell into the container.
    @Test func convertsANestedFrameIntoTheContainerAndBack() throws {
        let photos = try SeedScreens.load("seed002-photos")
        let geometry = FrameGeometry(nodes: SettledLayout.nodes(of: photos, containerSize: SeedScreens.containerSize))
        // cell3 is at (195, 254); its image at (10, 10, 150, 150) inside it.
        let image = Rect(x: 10, y: 10, width: 150, height: 150)
        let inContainer = geometry.convert(image, from: (screen: "photos", node: "cell3"), to: nil)
        #expect(inContainer == Rect(x: 205, y: 264, width: 150, height: 150))
        let back = geometry.convert(
            Rect(x: 205, y: 264, width: 150, height: 150), from: nil, to: (screen: "photos", node: "cell3"))
        #expect(back == image)
        let between = geometry.convert(
            Rect(x: 0, y: 0, width: 150, height: 150), from: (screen: "photos", node: "image3"),
            to: (screen: "photos", node: "cell2"))
        // cell2 sits at (10, 254): image3's origin (205, 264) is (195, 10) in cell2.
        #expect(between == Rect(x: 195, y: 10, width: 150, height: 150))
    }

    @Test func scaledSpacesConvertThroughTheirTransforms() throws {
        let zoom = try TransitionPlan(
            compiling: TransitionRequest(
                animator: BuiltinAnimators.zoom, operation: .push, from: try SeedScreens.load("seed000-index"),
                to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize,
                sourceNode: "tile3"))
        // At 2/3 s the from view is scaled 0.3 about the centre: its bounds span 112.5 × 200.1 around the centre.
        let geometry = FrameGeometry(nodes: zoom.sample(at: 2.0 / 3))
        let bounds = try #require(
            geometry.convert(Rect(x: 0, y: 0, width: 375, height: 667), from: (screen: "index", node: "view"), to: nil))
        #expect(abs(bounds.size.width - 112.5) < 1e-9 && abs(bounds.size.height - 200.1) < 1e-9)
        #expect(abs(bounds.midX - 187.5) < 1e-9 && abs(bounds.midY - 333.5) < 1e-9)
    }

    @Test func unknownNodesAndCollapsedSpacesGiveNil() throws {
        let zoom = try TransitionPlan(
            compiling: TransitionRequest(
                animator: BuiltinAnimators.zoom, operation: .pop, from: try SeedScreens.load("seed000-detail"),
                to: try SeedScreens.load("seed000-index"), containerSize: SeedScreens.containerSize))
        let geometry = FrameGeometry(nodes: zoom.sample(at: 0))
        #expect(geometry.convert(Point(x: 1, y: 1), from: (screen: "detail", node: "nope"), to: nil) == nil)
        // A page turned edge-on (seed 001's pop at its start) has no plane to convert into.
        let turn = try TransitionPlan(
            compiling: TransitionRequest(
                animator: BuiltinAnimators.pageTurn, operation: .pop, from: try SeedScreens.load("seed001-second"),
                to: try SeedScreens.load("seed001-first"), containerSize: SeedScreens.containerSize))
        let edgeOn = FrameGeometry(nodes: turn.sample(at: 0))
        #expect(edgeOn.convert(Point(x: 1, y: 1), from: nil, to: (screen: "first", node: "view")) == nil)
        #expect(edgeOn.convert(Point(x: 1, y: 1), from: nil, to: (screen: "second", node: "view")) != nil)
    }
}
