import JSON
import Testing
import TransitionCore

/// Tracks over windows of their phase (`relativeStart`, `relativeDuration`), as
/// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` inside `UIView.animateKeyframes`:
/// checked against `Keyframes(initialValue:relativeKeyframes:)`, the same UIKit semantics written
/// independently as a keyframe animation.
@Suite("Relative track windows")
struct RelativeTrackWindowTests {
    /// Seed 000's push with one linear phase of `duration` seconds holding `tracks` (JSON), after a first
    /// phase of 0.25 s that does nothing to alpha.
    private func plan(_ tracks: String, duration: Double = 1) throws -> TransitionPlan {
        let animator = try JSONValueDecoder().decode(
            AnimatorSpecification.self,
            from: try JSONReader.parse(
                #"""
                {"name": "windows", "variants": {"push": {"duration": 1.25,
                  "phases": [
                    {"duration": 0.25, "tracks": [{"target": "to", "property": "zIndex", "to": 1}]},
                    {"duration": \#(duration), "timing": "linear", "tracks": [\#(tracks)]}]}}}
                """#))
        return try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: .push, from: try SeedScreens.load("seed000-index"),
                to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize))
    }

    /// tile0's alpha at `time`, or -1 when the frame does not draw it.
    private func alpha(of plan: TransitionPlan, at time: Double) -> Double {
        plan.sample(at: time).first { $0.screen == "index" && $0.node.rawValue == "tile0" }?.alpha ?? -1
    }

    /// tile0's alpha: to 0.5 over the first quarter of the phase, held, then to 0 over its second half;
    /// declared in either order.
    @Test(arguments: [false, true])
    func windowsChainLikeRelativeKeyframes(declaredBackwards: Bool) throws {
        let first = #"{"target": "from/tile0", "property": "alpha", "to": 0.5, "relativeDuration": 0.25}"#
        let second =
            #"{"target": "from/tile0", "property": "alpha", "to": 0, "relativeStart": 0.5, "relativeDuration": 0.5}"#
        let plan = try plan(declaredBackwards ? second + ", " + first : first + ", " + second)
        let reference = try Keyframes<Double>(
            initialValue: 1,
            relativeKeyframes: [
                RelativeKeyframe(relativeStartTime: 0, relativeDuration: 0.25, value: 0.5),
                RelativeKeyframe(relativeStartTime: 0.5, relativeDuration: 0.5, value: 0),
            ])
        // Up to just before the end: the transition's last frame is the settled layout, without the from screen.
        for step in 0...40 {
            let fraction = min(Double(step) / 40, 1 - 1e-9)
            let expected = reference.value(at: fraction)
            let actual = alpha(of: plan, at: 0.25 + fraction)
            #expect(abs(actual - expected) < 1e-8, "at \(fraction) of the phase: \(actual), expected \(expected)")
        }
    }

    @Test func aWindowWithoutADurationRunsToThePhasesEnd() throws {
        let plan = try plan(
            #"{"target": "from/tile0", "property": "alpha", "to": 0, "relativeStart": 0.6}"#, duration: 2)
        #expect(alpha(of: plan, at: 0.25 + 1.2) == 1)
        #expect(abs(alpha(of: plan, at: 0.25 + 1.6) - 0.5) < 1e-12)
        #expect(abs(alpha(of: plan, at: 0.25 + 2 - 1e-9)) < 1e-8)
    }

    @Test(arguments: [
        (#""relativeStart": -0.1"#, "relativeStart"), (#""relativeStart": 1.5"#, "relativeStart"),
        (#""relativeStart": 0.5, "relativeDuration": 0.6"#, "relativeDuration"),
        (#""relativeDuration": -1"#, "relativeDuration"),
    ])
    func windowsOutsideThePhaseAreRefused(fields: String, parameter: String) throws {
        #expect(throws: (any Error).self, "\(fields)") {
            try plan(#"{"target": "from/tile0", "property": "alpha", "to": 0, \#(fields)}"#)
        }
        do {
            _ = try plan(#"{"target": "from/tile0", "property": "alpha", "to": 0, \#(fields)}"#)
        } catch {
            #expect("\(error)".contains(parameter), "\(error)")
        }
    }

    @Test func decimalFractionsThatEndAtOneAreAccepted() throws {
        // 0.7 + 0.3 is 1.0000000000000000 in decimal and just above 1 in binary.
        let plan = try plan(
            #"{"target": "from/tile0", "property": "alpha", "to": 0, "relativeStart": 0.7, "relativeDuration": 0.3}"#)
        #expect(abs(alpha(of: plan, at: 0.25 + 1 - 1e-9)) < 1e-8)
    }
}
