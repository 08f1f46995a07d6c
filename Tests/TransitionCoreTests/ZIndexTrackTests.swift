import JSON
import Testing
import TransitionCore

/// A zIndex track changes painting order as UIKit's subview order changes: at once, at the start of its phase,
/// never part-way through (docs/animators.md, "Properties and values").
@Suite("zIndex tracks")
struct ZIndexTrackTests {
    /// Seed 000's index screen with tile1 lifted to zIndex 5 in setup, and `track` on tile0 in a second phase
    /// that starts at 0.5 s.
    private func plan(track: String, timing: String) throws -> TransitionPlan {
        let animator = try JSONValueDecoder().decode(
            AnimatorSpecification.self,
            from: try JSONReader.parse(
                #"""
                {"name": "order", "variants": {"push": {"duration": 1,
                  "setup": [{"target": "from/tile1", "property": "zIndex", "value": 5}],
                  "phases": [
                    {"duration": 0.5, "tracks": [{"target": "from", "property": "alpha", "to": 1}]},
                    {"duration": 0.5, "timing": \#(timing), "tracks": [\#(track)]}]}}}
                """#))
        return try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: .push, from: try SeedScreens.load("seed000-index"),
                to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize))
    }

    /// Whether tile0 paints above tile1 at `time`.
    private func tile0IsAboveTile1(_ plan: TransitionPlan, at time: Double) -> Bool {
        let nodes = plan.sample(at: time)
        let z = { (id: String) in nodes.first { $0.screen == "index" && $0.node.rawValue == id }!.z }
        return z("tile0") > z("tile1")
    }

    @Test func aTrackTakesItsTargetAtTheStartOfItsPhase() throws {
        // A spring from 0 to 10: interpolated, tile0 would pass tile1 (5) only once the spring were half-way.
        let order = try plan(
            track: #"{"target": "from/tile0", "property": "zIndex", "to": 10}"#,
            timing: #"{"spring": {"dampingRatio": 0.3, "velocity": 0}}"#)
        #expect(!tile0IsAboveTile1(order, at: 0.25), "before its phase the track has no effect")
        #expect(tile0IsAboveTile1(order, at: 0.5), "at its phase's start")
        #expect(tile0IsAboveTile1(order, at: 0.5 + 1.0 / 60))
        #expect(tile0IsAboveTile1(order, at: 0.9))
    }

    @Test func keyframesStepAtTheirKeyTimes() throws {
        let order = try plan(
            track: #"""
                {"target": "from/tile0", "property": "zIndex",
                 "keyframes": {"values": [0, 10, 0], "keyTimes": [0, 0.5, 1], "calculationMode": "linear"}}
                """#,
            timing: #""linear""#)
        // Interpolated, the value at 30 % of the phase would be 6, above tile1's 5.
        #expect(!tile0IsAboveTile1(order, at: 0.5 + 0.3 * 0.5))
        #expect(tile0IsAboveTile1(order, at: 0.5 + 0.6 * 0.5))
        #expect(tile0IsAboveTile1(order, at: 0.999), "the last value takes over only at its key time, the end")
    }
}
