import JSON
import Testing
import TransitionCore

/// Animator values are bounded as screen values are (docs/animators.md, "Bounds"): what a track or an assignment
/// resolves to is refused beyond the screens' bounds, and a timing's progress is held within two distances of
/// overshoot, so that no finite input gives a frame an infinite or NaN number.
@Suite("Animator bounds")
struct AnimatorBoundsTests {
    /// A push of seed 000's screens whose one phase (with `timing`) runs `track`.
    private func plan(track: String, timing: String = #""linear""#) throws -> TransitionPlan {
        let animator = try JSONValueDecoder().decode(
            AnimatorSpecification.self,
            from: try JSONReader.parse(
                #"""
                {"name": "bounds", "variants": {"push": {"duration": 1,
                  "phases": [{"duration": 1, "timing": \#(timing), "tracks": [\#(track)]}]}}}
                """#))
        return try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: .push, from: try SeedScreens.load("seed000-index"),
                to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize))
    }

    private func refusal(track: String, timing: String = #""linear""#) -> TransitionCoreError? {
        do {
            _ = try plan(track: track, timing: timing)
            return nil
        } catch let error as TransitionCoreError {
            return error
        } catch {
            return nil
        }
    }

    /// Every number of every sampled node but its quad (a corner behind a perspective's eye has no finite
    /// position, by design).
    private func allFinite(_ nodes: [NodeState]) -> Bool {
        nodes.allSatisfy { node in
            let numbers =
                node.transform.rowMajorEntries + node.containerTransform.rowMajorEntries
                + [node.position.x, node.position.y, node.size.width, node.size.height, node.alpha]
            return numbers.allSatisfy(\.isFinite)
        }
    }

    @Test(arguments: [
        (
            #"{"target": "from/tile0", "property": "position", "to": [1e308, 0]}"#, "tracks[0].to",
            "each coordinate must be within ±1000000 points"
        ),
        (
            #"{"target": "from/tile0", "property": "frame", "to": [0, 0, "containerWidth * 1e10", 1]}"#,
            "tracks[0].to", "every number must be within ±1000000 points"
        ),
        (
            #"{"target": "from", "property": "transform", "to": [{"scale": 1e308}]}"#, "tracks[0].to",
            "a scale factor must be within ±1000"
        ),
        (
            #"{"target": "from", "property": "anchorPoint", "from": [0.5, 1e6], "to": [0.5, 0.5]}"#,
            "tracks[0].from", "each component must be within ±1000"
        ),
        (
            #"{"target": "from/tile0", "property": "size", "keyframes": {"values": [[50, 50], [1e7, 50]]}}"#,
            "tracks[0].keyframes.values[1]", "width and height must be at most 1000000 points"
        ),
    ])
    func valuesBeyondTheScreensBoundsAreRefused(track: String, field: String, message: String) throws {
        let error = try #require(refusal(track: track))
        #expect(error.parameter.hasSuffix(field), "\(error.parameter)")
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func aKeyframeSegmentCurveOvershootingTooFarIsRefused() throws {
        let error = try #require(
            refusal(
                track: #"""
                    {"target": "from/tile0", "property": "position",
                     "keyframes": {"values": [[25, 125], [300, 125]], "timingFunctions": [{"cubicBezier": [0.2, 1e300, 0.8, 1]}]}}
                    """#))
        #expect(error.parameter.hasSuffix("timingFunctions[0]"), "\(error.parameter)")
    }

    /// A spring thrown at 1e12 distances a second, and a Bézier whose control point is 1e300, would carry a
    /// node to infinity; their progress is held within −2…3, so every frame stays finite and the node stops at
    /// three times the distance.
    @Test(arguments: [
        #"{"spring": {"mass": 1, "stiffness": 100, "damping": 20, "velocity": 1e12}}"#,
        #"{"cubicBezier": [0.5, 1e300, 0.5, 1]}"#,
        #"{"cubicBezier": [0.5, -1e300, 0.5, 1]}"#,
    ])
    func extremeTimingsStayFinite(timing: String) throws {
        let moving = try plan(
            track: #"{"target": "from/tile0", "property": "position", "to": [1000000, 1000000]}"#, timing: timing)
        for step in 0..<40 {
            let nodes = moving.sample(at: Double(step) / 40 * moving.duration)
            #expect(allFinite(nodes), "at \(Double(step) / 40)")
            let tile = nodes.first { $0.node == "tile0" }!
            // Start (25, 125), end 10^6: three distances past the start at most, two before it.
            #expect(tile.position.x <= 25 + 3 * (1_000_000 - 25) + 1e-6 && tile.position.x >= 25 - 2 * (1_000_000 - 25))
        }
    }
}
