import JSON
import Testing
import TransitionCore
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A complete magic move: two snapshots per flight cross-fading from the source's content to the
/// destination's (`{"snapshots": "crossFade"}`, roles `snapshotFrom` and `snapshotTo`), the flight's corner
/// radius read from the originals (`cornerRadiusOf`) and interpolated as Core Animation interpolates
/// `cornerRadius`, clipping set on the snapshots (`masksToBounds`), and a rotated or perspective source's
/// quad kept (`transformOf`). Reference values are computed by hand.
@Suite("Magic move flights")
struct MagicMoveFlightTests {
    private static let containerSize = Size(width: 390, height: 844)

    /// A grid whose thumbnail (sharedID `p`) is rounded and clips, optionally transformed, inside a card.
    private static func grid(thumbnailTransform: String = "[]") throws -> Screen {
        try screen(
            #"""
            {"id": "grid", "kind": "grid", "root": {"id": "view", "frame": [0, 0, 390, 844], "children": [
              {"id": "card", "frame": [20, 30, 300, 400], "children": [
                {"id": "thumb", "frame": [40, 200, 100, 60], "sharedID": "p", "cornerRadius": 12,
                 "masksToBounds": true, "transform": \#(thumbnailTransform)}]}]}}
            """#)
    }

    /// A detail screen whose square photo (sharedID `p`) has no corner radius.
    private static func detail() throws -> Screen {
        try screen(
            #"""
            {"id": "detail", "kind": "detail", "root": {"id": "view", "frame": [0, 0, 390, 844], "children": [
              {"id": "photo", "frame": [0, 100, 390, 390], "sharedID": "p"}]}}
            """#)
    }

    private static func screen(_ text: String) throws -> Screen {
        try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(text))
    }

    private static func animator(_ text: String) throws -> AnimatorSpecification {
        try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(text))
    }

    /// The example animator shipped in etc/animators/.
    private static func example() throws -> AnimatorSpecification {
        let text = try #require(TextFile.read(RepositoryFiles.path("etc/animators/roundedMagicMove.json")))
        return try animator(text)
    }

    /// A push with the example's tracks in one linear phase of 0.5 s, so that progress is time / 0.5.
    private static func linearFlight() throws -> AnimatorSpecification {
        try animator(
            #"""
            {"name": "linearFlight", "variants": {"push": {"duration": 0.5,
              "layers": ["from", "to", {"snapshots": "crossFade"}],
              "setup": [
                {"target": "snapshot", "property": "frame", "value": {"frameOf": "sharedFrom"}},
                {"target": "snapshot", "property": "masksToBounds", "value": true},
                {"target": "snapshotTo", "property": "alpha", "value": 0},
                {"target": "sharedFrom", "property": "hidden", "value": true},
                {"target": "sharedTo", "property": "hidden", "value": true}],
              "phases": [{"duration": "duration", "timing": "linear", "tracks": [
                {"target": "snapshot", "property": "frame", "to": {"frameOf": "sharedTo"}},
                {"target": "snapshot", "property": "cornerRadius", "to": {"cornerRadiusOf": "sharedTo"}},
                {"target": "snapshotFrom", "property": "alpha", "to": 0},
                {"target": "snapshotTo", "property": "alpha", "to": 1}]}]}}}
            """#)
    }

    private static func plan(
        _ animator: AnimatorSpecification, from: Screen, to: Screen, operation: TransitionOperation = .push
    ) throws -> TransitionPlan {
        try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: operation, from: from, to: to, containerSize: containerSize))
    }

    private static func snapshots(_ nodes: [NodeState]) -> (source: NodeState, destination: NodeState)? {
        let flight = nodes.filter { $0.kind == .snapshot }
        guard flight.count == 2 else { return nil }
        return (flight[0], flight[1])
    }

    private static func close(_ a: Point, _ b: Point, within tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    private static func close(_ a: Quad, _ b: Quad, within tolerance: Double = 1e-9) -> Bool {
        close(a.topLeft, b.topLeft, within: tolerance) && close(a.topRight, b.topRight, within: tolerance)
            && close(a.bottomRight, b.bottomRight, within: tolerance)
            && close(a.bottomLeft, b.bottomLeft, within: tolerance)
    }

    @Test func aCrossFadingFlightHasTwoSnapshotsNamingEachOriginal() throws {
        let plan = try Self.plan(Self.linearFlight(), from: Self.grid(), to: Self.detail())
        let nodes = plan.sample(at: 0.1)
        let flight = try #require(Self.snapshots(nodes))
        #expect(flight.source.screen == "grid" && flight.source.node == "thumb")
        #expect(flight.destination.screen == "detail" && flight.destination.node == "photo")
        // Painted adjacent, the destination's content just above the source's, on top of both screens.
        #expect(flight.destination.z == flight.source.z + 1)
        #expect(flight.destination.z == nodes.count - 1)
        #expect(flight.source.quad == flight.destination.quad)
    }

    @Test(arguments: [0.0, 0.1, 0.125, 0.25, 0.4])
    func crossFadeAlphasFollowTheFlightsProgress(time: Double) throws {
        let plan = try Self.plan(Self.linearFlight(), from: Self.grid(), to: Self.detail())
        let flight = try #require(Self.snapshots(plan.sample(at: time)))
        // Linear over 0.5 s: the source's content 1 → 0, the destination's 0 → 1.
        let progress = time / 0.5
        #expect(abs(flight.source.alpha - (1 - progress)) < 1e-12)
        #expect(abs(flight.destination.alpha - progress) < 1e-12)
    }

    @Test(arguments: [0.0, 0.1, 0.25, 0.4])
    func cornerRadiusFollowsTheFrameLinearlyInProgress(time: Double) throws {
        let plan = try Self.plan(Self.linearFlight(), from: Self.grid(), to: Self.detail())
        let flight = try #require(Self.snapshots(plan.sample(at: time)))
        let progress = time / 0.5
        // 12 (the thumbnail's, which the snapshots start with) to 0 (the photo's).
        let radius = 12 + (0 - 12) * progress
        for snapshot in [flight.source, flight.destination] {
            #expect(abs(snapshot.appearance.cornerRadius - radius) < 1e-12)
            #expect(snapshot.appearance.masksToBounds)
            #expect(snapshot.clippedBy == nil)
        }
        // The frame moves from the thumbnail's (card at 20, 30) to the photo's with the same progress.
        let x = 60 + (0 - 60) * progress
        let width = 100 + (390 - 100) * progress
        #expect(abs(flight.source.quad.topLeft.x - x) < 1e-9)
        #expect(abs(flight.source.size.width - width) < 1e-9)
    }

    @Test func cornerRadiusWithTheExampleFollowsItsEaseInEaseOut() throws {
        let plan = try Self.plan(Self.example(), from: Self.grid(), to: Self.detail())
        for time in [0.1, 0.25, 0.4] {
            let progress = ReferenceCubicBezier.solve(0.42, 0, 0.58, 1, time / 0.5)
            let flight = try #require(Self.snapshots(plan.sample(at: time)))
            #expect(abs(flight.source.appearance.cornerRadius - 12 * (1 - progress)) < 1e-9)
            #expect(abs(flight.destination.alpha - progress) < 1e-9)
            #expect(abs(flight.source.alpha - (1 - progress)) < 1e-9)
        }
    }

    @Test func snapshotsStartWithTheSourcesAppearance() throws {
        // The built-in magic move flies one snapshot, which looks like the thumbnail: rounded, clipping.
        let plan = try Self.plan(BuiltinAnimators.magicMove, from: Self.grid(), to: Self.detail())
        let snapshot = try #require(plan.sample(at: 0.3).first { $0.kind == .snapshot })
        #expect(snapshot.appearance.cornerRadius == 12)
        #expect(snapshot.appearance.masksToBounds)
        #expect(snapshot.clippedBy == nil)
    }

    @Test func aRotatedSourcesSnapshotStartsOnItsQuad() throws {
        let angle = Double.pi / 6
        let plan = try Self.plan(
            Self.example(), from: Self.grid(thumbnailTransform: #"[{"rotate": \#(angle)}]"#), to: Self.detail())
        let flight = try #require(Self.snapshots(plan.sample(at: 0)))
        // The thumbnail's centre in the container: card (20, 30) + frame (40, 200) + half its 100 × 60.
        let center = Point(x: 20 + 40 + 50, y: 30 + 200 + 30)
        func corner(_ x: Double, _ y: Double) -> Point {
            // Core Animation's rotation about z, row vectors: (x cos − y sin, x sin + y cos).
            Point(x: center.x + x * cos(angle) - y * sin(angle), y: center.y + x * sin(angle) + y * cos(angle))
        }
        let expected = Quad(
            topLeft: corner(-50, -30), topRight: corner(50, -30), bottomRight: corner(50, 30),
            bottomLeft: corner(-50, 30))
        #expect(Self.close(flight.source.quad, expected))
        #expect(Self.close(flight.destination.quad, expected))
        // Just before the end the flight has reached the photo's upright frame.
        let late = try #require(Self.snapshots(plan.sample(at: 0.5 - 1e-9)))
        #expect(Self.close(late.source.quad, Quad(Rect(x: 0, y: 100, width: 390, height: 390)), within: 1e-6))
    }

    /// docs/animators.md's worked example on its screens (docs/examples/screens/rounded-*.json), halfway:
    /// the curve is symmetric, so progress is exactly 0.5.
    @Test func theWorkedExampleHalfway() throws {
        let angle = Double.pi / 6
        let plan = try Self.plan(
            Self.example(), from: SeedScreens.load("rounded-grid"), to: SeedScreens.load("rounded-photo"))
        let flight = try #require(Self.snapshots(plan.sample(at: 0.25)))
        // The rotated 100 × 60 thumbnail's bounding box is 100 cos 30° + 60 sin 30° wide and
        // 100 sin 30° + 60 cos 30° high, centred at (110, 260); the photo's is 390 × 390 centred at (195, 295).
        let box = Size(width: 100 * cos(angle) + 60 * sin(angle), height: 100 * sin(angle) + 60 * cos(angle))
        for snapshot in [flight.source, flight.destination] {
            #expect(abs(snapshot.size.width - (box.width + 390) / 2) < 1e-9)
            #expect(abs(snapshot.size.height - (box.height + 390) / 2) < 1e-9)
            #expect(Self.close(snapshot.position, Point(x: (110 + 195) / 2, y: (260 + 295) / 2)))
            #expect(abs(snapshot.appearance.cornerRadius - 6) < 1e-12)
            #expect(abs(snapshot.alpha - 0.5) < 1e-12)
            // The transform is decomposed (scale, then a rotation about z) and the rotation slerped: 15°.
            let top = snapshot.quad
            let edge = atan2(top.topRight.y - top.topLeft.y, top.topRight.x - top.topLeft.x)
            #expect(abs(edge - Double.pi / 12) < 1e-9)
        }
    }

    @Test func aPerspectiveSourcesSnapshotStartsOnItsQuad() throws {
        let plan = try Self.plan(
            Self.example(),
            from: Self.grid(thumbnailTransform: #"[{"perspective": 400}, {"rotate": [0.6, 0, 1, 0]}]"#),
            to: Self.detail())
        let nodes = plan.sample(at: 0)
        let original = try #require(nodes.first { $0.screen == "grid" && $0.node == "thumb" && $0.kind == .view })
        let flight = try #require(Self.snapshots(nodes))
        // Turned about y under perspective: its left and right edges differ in height.
        #expect(original.quad.topLeft.y != original.quad.topRight.y)
        #expect(Self.close(flight.source.quad, original.quad))
    }

    @Test func anUprightSourceKeepsTodaysSnapshotGeometry() throws {
        // transformOf an upright thumbnail is the identity: the frame alone places the snapshot.
        let plan = try Self.plan(Self.example(), from: Self.grid(), to: Self.detail())
        let flight = try #require(Self.snapshots(plan.sample(at: 0)))
        #expect(flight.source.transform == .identity)
        #expect(flight.source.quad == Quad(Rect(x: 60, y: 230, width: 100, height: 60)))
    }

    @Test func theExamplePopFliesBack() throws {
        let plan = try Self.plan(Self.example(), from: Self.detail(), to: Self.grid(), operation: .pop)
        let flight = try #require(Self.snapshots(plan.sample(at: 0)))
        #expect(flight.source.screen == "detail" && flight.destination.screen == "grid")
        #expect(flight.source.quad == Quad(Rect(x: 0, y: 100, width: 390, height: 390)))
        #expect(flight.source.appearance.cornerRadius == 0)
        let late = try #require(Self.snapshots(plan.sample(at: 0.5 - 1e-9)))
        #expect(abs(late.source.appearance.cornerRadius - 12) < 1e-6)
    }

    /// The fuzzers' seed inputs for these forms compile against a rotated shared element and sample finite
    /// numbers, appearances in range, from start to end.
    @Test(arguments: ["rounded-magic-move", "crossfade-appearance-of"])
    func fuzzCorpusEntriesCompileAndSampleFinite(name: String) throws {
        let text = try #require(TextFile.read(RepositoryFiles.path("fuzz/Corpus/animator/\(name).json")))
        let plan = try Self.plan(
            Self.animator(text), from: Self.grid(thumbnailTransform: #"[{"rotate": 0.3}]"#), to: Self.detail())
        for step in 0...40 {
            let nodes = plan.sample(at: plan.duration * Double(step) / 40)
            #expect(nodes.filter { $0.kind == .snapshot }.count == (step == 40 ? 0 : 2))
            for node in nodes {
                let corners = [node.quad.topLeft, node.quad.topRight, node.quad.bottomRight, node.quad.bottomLeft]
                #expect(corners.allSatisfy { $0.x.isFinite && $0.y.isFinite } && node.alpha.isFinite)
                #expect((0...1).contains(node.alpha) && node.appearance.cornerRadius >= 0)
            }
        }
    }

    // MARK: Bad input

    private static func failure(_ animator: AnimatorSpecification) throws -> TransitionCoreError? {
        do {
            _ = try plan(animator, from: grid(), to: detail())
            return nil
        } catch let error as TransitionCoreError {
            return error
        }
    }

    private static func push(layers: String = #"["from", "to", "snapshots"]"#, setup: String = "", tracks: String)
        throws -> AnimatorSpecification
    {
        try animator(
            #"""
            {"name": "bad", "variants": {"push": {"duration": 1, "layers": \#(layers), "setup": [\#(setup)],
              "phases": [{"duration": 1, "tracks": [\#(tracks)]}]}}}
            """#)
    }

    @Test func snapshotToNeedsTheCrossFadeLayer() throws {
        let error = try Self.failure(
            Self.push(tracks: #"{"target": "snapshotTo", "property": "alpha", "to": 1}"#))
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter == "animator.variants.push.phases[0].tracks[0].target")
        #expect(error?.message.contains("crossFade") == true)
    }

    @Test func snapshotsMayBeNamedOnceInEitherForm() throws {
        let error = try Self.failure(
            Self.push(
                layers: #"["from", "to", "snapshots", {"snapshots": "crossFade"}]"#,
                tracks: #"{"target": "to", "property": "alpha", "to": 1}"#))
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter == "animator.variants.push.layers")
    }

    @Test func anUnknownSnapshotsModeIsADecodingError() throws {
        #expect(throws: (any Error).self) {
            _ = try Self.push(
                layers: #"["from", "to", {"snapshots": "dissolve"}]"#,
                tracks: #"{"target": "to", "property": "alpha", "to": 1}"#)
        }
    }

    @Test func masksToBoundsIsForSnapshotsAndOverlaysOnly() throws {
        let error = try Self.failure(
            Self.push(tracks: #"{"target": "to", "property": "masksToBounds", "to": true}"#))
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter == "animator.variants.push.phases[0].tracks[0].to")
        let copied = try Self.failure(
            Self.push(
                setup:
                    #"{"target": "sharedTo", "property": "masksToBounds", "value": {"masksToBoundsOf": "sharedFrom"}}"#,
                tracks: ""))
        #expect(copied?.parameter == "animator.variants.push.setup[0].value")
    }

    @Test func masksToBoundsHasNoKeyframes() throws {
        let error = try Self.failure(
            Self.push(
                tracks: #"{"target": "snapshot", "property": "masksToBounds", "keyframes": {"values": [true, false]}}"#)
        )
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter == "animator.variants.push.phases[0].tracks[0].keyframes")
    }

    @Test func anAppearanceOfTheContainerIsRefused() throws {
        let error = try Self.failure(
            Self.push(tracks: #"{"target": "to", "property": "cornerRadius", "to": {"cornerRadiusOf": "container"}}"#))
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter == "animator.variants.push.phases[0].tracks[0].to")
    }

    @Test func aPairsRoleOutsideAPairIsRefused() throws {
        let error = try Self.failure(
            Self.push(tracks: #"{"target": "to", "property": "transform", "to": {"transformOf": "sharedFrom"}}"#))
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter == "animator.variants.push.phases[0].tracks[0].to")
    }

    @Test func valuesOfTheWrongShapeAreDecodingErrors() throws {
        for track in [
            #"{"target": "snapshot", "property": "cornerRadius", "to": {"cornerRadiusOf": 3}}"#,
            #"{"target": "snapshot", "property": "cornerRadius", "to": {"borderWidthOf": "sharedTo"}}"#,
            #"{"target": "snapshot", "property": "transform", "to": {"transformOf": "nowhere"}}"#,
            #"{"target": "snapshot", "property": "masksToBounds", "to": 1}"#,
        ] {
            #expect(throws: (any Error).self, "\(track)") { _ = try Self.push(tracks: track) }
        }
    }

    @Test func newFormsRoundTrip() throws {
        let example = try Self.example()
        let decoded = try Self.animator(try JSONWriter.string(try JSONValueEncoder().encode(example)))
        #expect(decoded == example)
    }
}
