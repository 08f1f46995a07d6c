import JSON
import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Spring requests against an independent reference: the equation of motion
/// `m·u'' + c·u' + k·u = 0`, `u(0) = 1`, `u'(0) = −v0` (u = 1 − progress) integrated numerically with
/// classic fourth-order Runge-Kutta (`ReferenceSpringIntegration`), which shares nothing with the closed
/// forms under test.
@Suite("eval: springs")
struct EvaluatorSpringTests {
    /// RK4 steps per second: a step of 1e-5 s keeps the global error (O(h⁴)) far below the tolerance.
    static let stepsPerSecond = 100_000.0
    /// Agreement between the closed form and the integration.
    static let tolerance = 1e-8

    /// `[progress, velocity]` at `t` by integrating the equation of motion.
    static func integrated(mass: Double, stiffness: Double, damping: Double, v0: Double, t: Double) -> [Double] {
        let state = ReferenceSpringIntegration.state(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0, at: t, step: 1 / stepsPerSecond)
        return [state.progress, state.velocity]
    }

    @Test(arguments: [
        // (mass, stiffness, damping, v0, t): under-damped (ζ = 0.5), critically damped (ζ = 1),
        // over-damped (ζ = 2), a heavier mass, velocity toward and away from the target.
        (1.0, 100.0, 10.0, 0.0, 0.1),
        (1.0, 100.0, 10.0, 5.0, 0.35),
        (1.0, 100.0, 20.0, 0.0, 0.2),
        (1.0, 100.0, 20.0, -3.0, 0.5),
        (1.0, 100.0, 40.0, 0.0, 0.3),
        (1.0, 100.0, 40.0, 12.0, 1.0),
        (2.5, 300.0, 12.0, 1.5, 0.8),
        (1.0, 228.0, 30.0, 0.0, 0.016),
    ])
    func physicalSpringMatchesIntegration(mass: Double, stiffness: Double, damping: Double, v0: Double, t: Double) {
        let request: JSONValue = [
            "kind": "spring", "mass": .number(mass), "stiffness": .number(stiffness), "damping": .number(damping),
            "v0": .number(v0), "t": .number(t),
        ]
        let reference = Self.integrated(mass: mass, stiffness: stiffness, damping: damping, v0: v0, t: t)
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers(request), reference, tolerance: Self.tolerance, "\(request)")
    }

    @Test func startsAtZeroWithTheInitialVelocity() {
        // At t = 0, u = 1 and u' = −v0: progress 0, velocity v0. Exact for the under-damped and critical
        // forms; the over-damped one sums roots computed separately, so its velocity may be off by
        // rounding.
        for damping in [10, 20] {
            let reply = EvaluatorReplies.text(
                #"{"kind":"spring","mass":1,"stiffness":100,"damping":\#(damping),"v0":5,"t":0}"#)
            #expect(reply == "[0,5]", "damping \(damping)")
        }
        let over: JSONValue = ["kind": "spring", "mass": 1, "stiffness": 100, "damping": 40, "v0": 5, "t": 0]
        EvaluatorReplies.expectClose(EvaluatorReplies.numbers(over), [0, 5], tolerance: 1e-14)
        // Negative times evaluate as 0.
        #expect(
            EvaluatorReplies.text(#"{"kind":"spring","mass":1,"stiffness":100,"damping":10,"v0":5,"t":-3}"#) == "[0,5]")
    }

    @Test func overdampingCanBeTurnedIntoCriticalDamping() {
        // allow_overdamping false evaluates ζ = 2 as critically damped at the same natural frequency
        // √(k/m) = 10, the same motion as damping 2·√(k·m) = 20.
        let over = #"{"kind":"spring","mass":1,"stiffness":100,"damping":40,"v0":1,"t":0.3,"allow_overdamping":false}"#
        let critical = #"{"kind":"spring","mass":1,"stiffness":100,"damping":20,"v0":1,"t":0.3}"#
        #expect(EvaluatorReplies.text(over) == EvaluatorReplies.text(critical))
        // The default allows over-damping, which moves differently.
        let overDefault = #"{"kind":"spring","mass":1,"stiffness":100,"damping":40,"v0":1,"t":0.3}"#
        #expect(EvaluatorReplies.text(overDefault) != EvaluatorReplies.text(critical))
        let reference = Self.integrated(mass: 1, stiffness: 100, damping: 40, v0: 1, t: 0.3)
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers(try! JSONReader.parse(overDefault)), reference, tolerance: Self.tolerance)
    }

    /// UIKit's mass, stiffness and damping, from the independent `ReferenceUIKitSpring` (docs/math.md, "UIKit's
    /// duration-based spring").
    static func uikitParameters(duration: Double, dampingRatio: Double, velocity: Double) -> [Double] {
        let reference = ReferenceUIKitSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        return [1, reference.stiffness, reference.damping]
    }

    @Test(arguments: [(0.5, 0.8, 0.0, 0.2), (0.3, 0.8, 0.0, 0.1), (1.0, 1.0, 2.0, 0.4), (0.6, 0.35, -1.0, 0.25)])
    func uikitSpringMatchesItsPhysicalSpring(duration: Double, ratio: Double, velocity: Double, t: Double) {
        let request: JSONValue = [
            "kind": "spring_uikit", "duration": .number(duration), "dampingRatio": .number(ratio),
            "velocity": .number(velocity), "t": .number(t),
        ]
        let p = Self.uikitParameters(duration: duration, dampingRatio: ratio, velocity: velocity)
        let reference = Self.integrated(mass: p[0], stiffness: p[1], damping: p[2], v0: velocity, t: t)
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers(request), reference, tolerance: Self.tolerance, "\(request)")
    }

    @Test func uikitSpringEndsExactlyAtItsDurationAndClampsTheRatio() {
        #expect(
            EvaluatorReplies.text(#"{"kind":"spring_uikit","duration":0.5,"dampingRatio":0.8,"velocity":0,"t":0.5}"#)
                == "[1,0]")
        #expect(EvaluatorReplies.text(#"{"kind":"spring_uikit","duration":0.5,"dampingRatio":0.8,"t":7}"#) == "[1,0]")
        let clamped = #"{"kind":"spring_uikit","duration":0.5,"dampingRatio":1.5,"velocity":0,"t":0.1}"#
        let one = #"{"kind":"spring_uikit","duration":0.5,"dampingRatio":1,"velocity":0,"t":0.1}"#
        #expect(EvaluatorReplies.text(clamped) == EvaluatorReplies.text(one))
    }

    @Test func springParameters() {
        // SwiftUI: stiffness (2π/response)², damping 4π·dampingFraction/response, mass 1.
        let swiftUI = [1, pow(2 * Double.pi / 0.5, 2), 4 * Double.pi * 0.8 / 0.5]
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers([
                "kind": "spring_params", "api": "swiftui_response", "response": 0.5, "dampingFraction": 0.8,
            ]),
            swiftUI, tolerance: 1e-14)
        // duration/bounce: response = duration, dampingFraction = 1 − bounce, or 1/(1 + bounce) below 0.
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers([
                "kind": "spring_params", "api": "swiftui_duration_bounce", "duration": 0.5, "bounce": 0.2,
            ]),
            swiftUI, tolerance: 1e-14)
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers([
                "kind": "spring_params", "api": "swiftui_duration_bounce", "duration": 0.5, "bounce": -0.5,
            ]),
            [1, pow(2 * Double.pi / 0.5, 2), 4 * Double.pi * 2 / 0.5], tolerance: 1e-14)
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers([
                "kind": "spring_params", "api": "uikit_duration", "duration": 0.5, "dampingRatio": 0.8, "velocity": 3,
            ]),
            Self.uikitParameters(duration: 0.5, dampingRatio: 0.8, velocity: 3), tolerance: 1e-10)
        // The inverse: back to duration 0.5 and bounce 0.2; ζ = 2 gives bounce 1/2 − 1.
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers([
                "kind": "spring_params", "api": "msd_to_duration_bounce", "mass": 1, "stiffness": .number(swiftUI[1]),
                "damping": .number(swiftUI[2]),
            ]),
            [0.5, 0.2], tolerance: 1e-14)
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers([
                "kind": "spring_params", "api": "msd_to_duration_bounce", "mass": 1, "stiffness": 100, "damping": 40,
            ]),
            [2 * Double.pi / 10, -0.5], tolerance: 1e-14)
    }

    @Test func settlingDuration() {
        // Apple's CASpringAnimation.settlingDuration documentation: mass 1, stiffness 100, damping 5 settles
        // in about 2.85 s; damping 15 in just over 1 s.
        let soft = EvaluatorReplies.numbers([
            "kind": "spring_settle", "mass": 1, "stiffness": 100, "damping": 5, "v0": 0,
        ])
        let firm = EvaluatorReplies.numbers(["kind": "spring_settle", "mass": 1, "stiffness": 100, "damping": 15])
        EvaluatorReplies.expectClose(soft, [2.85], tolerance: 0.01)
        #expect(firm.count == 1 && firm[0] > 1 && firm[0] < 1.05)
        // Independently, the bound e^(−λt)·(1 + |(λ − v0)/ωd|) = ε of the under-damped closed form.
        let decay = 2.5
        let dampedFrequency = (100 - decay * decay).squareRoot()
        EvaluatorReplies.expectClose(soft, [log((1 + decay / dampedFrequency) / 0.001) / decay], tolerance: 1e-12)
        // After it the motion stays within ε of the target.
        let after = Self.integrated(mass: 1, stiffness: 100, damping: 5, v0: 0, t: soft[0])
        #expect(abs(1 - after[0]) <= 0.001)
        // epsilon defaults to 0.001; a larger one settles sooner.
        #expect(
            EvaluatorReplies.numbers([
                "kind": "spring_settle", "mass": 1, "stiffness": 100, "damping": 5, "v0": 0, "epsilon": 0.001,
            ]) == soft)
        let loose = EvaluatorReplies.numbers([
            "kind": "spring_settle", "mass": 1, "stiffness": 100, "damping": 5, "v0": 0, "epsilon": 0.01,
        ])
        #expect(loose.count == 1 && loose[0] < soft[0])
        // Critical and over-damped springs are sampled every 0.1 s as Core Animation does: mass 1, stiffness
        // 100, damping 20 settles at the tenth sample, 0.1 added ten times.
        let critical = EvaluatorReplies.numbers([
            "kind": "spring_settle", "mass": 1, "stiffness": 100, "damping": 20, "allow_overdamping": false,
        ])
        #expect(critical == [(0..<10).reduce(0.0) { sum, _ in sum + 0.1 }])
        // Undamped: never.
        #expect(
            EvaluatorReplies.text(#"{"kind":"spring_settle","mass":1,"stiffness":100,"damping":0}"#)
                == #"{"error":"damping: an undamped spring (damping 0) oscillates for ever and never settles"}"#)
    }
}
