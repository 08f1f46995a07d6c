import Testing
import TransitionTestSupport

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Spring")
struct SpringTests {
    /// The RK4 reference's step, seconds: its global error, O(h⁴), is about 1e-16 relative.
    static let referenceStep = 1e-4

    @Test(
        "closed forms match RK4 in every regime",
        arguments: [
            (1.0, 100.0, 5.0, 0.0, false),  // under-damped, ζ = 0.25
            (1.0, 100.0, 15.0, 2.0, false),  // under-damped, ζ = 0.75, moving toward the target
            (2.0, 50.0, 1.0, -3.0, false),  // lightly damped, moving away first
            (1.0, 100.0, 20.0, 0.0, false),  // critically damped
            (1.0, 100.0, 20.0, 25.0, false),  // critical with a fast start: overshoots once
            (1.0, 100.0, 50.0, 0.0, true),  // over-damped, ζ = 2.5
            (3.0, 40.0, 80.0, -4.0, true),  // over-damped with a backward start
            (1.0, 100.0, 20.000001, 1.0, true),  // barely over-damped
            (1.0, 100.0, 19.999999, 1.0, false),  // barely under-damped
        ]
    )
    func closedForms(mass: Double, stiffness: Double, damping: Double, velocity: Double, overdamping: Bool) throws {
        let spring = try Spring(
            mass: mass,
            stiffness: stiffness,
            damping: damping,
            initialVelocity: velocity,
            allowsOverdamping: overdamping
        )
        for time in [0.0, 0.01, 0.1, 0.25, 0.5, 1.0, 2.0] {
            let reference = ReferenceSpringIntegration.state(
                mass: mass,
                stiffness: stiffness,
                damping: damping,
                initialVelocity: velocity,
                at: time,
                step: Self.referenceStep
            )
            let state = spring.evaluate(at: time)
            #expect(abs(state.value - reference.progress) < 1e-9, "t = \(time)")
            #expect(abs(state.velocity - reference.velocity) < 1e-7, "t = \(time)")
        }
    }

    @Test("over-damped springs move as critically damped ones unless over-damping is allowed")
    func overdampedAsCritical() throws {
        let overdamped = try Spring(stiffness: 100, damping: 50)
        let critical = try Spring(stiffness: 100, damping: 20)
        for time in [0.05, 0.2, 0.7] {
            #expect(overdamped.value(at: time) == critical.value(at: time))
        }
        #expect(overdamped.effectiveDampingRatio == 1)
        #expect(overdamped.dampingRatio == 2.5)
        let physical = try Spring(stiffness: 100, damping: 50, allowsOverdamping: true)
        #expect(physical.value(at: 0.2) < critical.value(at: 0.2))
    }

    @Test("velocity sign: positive initial velocity moves toward the target")
    func velocitySign() throws {
        let toward = try Spring(stiffness: 100, damping: 20, initialVelocity: 5)
        let away = try Spring(stiffness: 100, damping: 20, initialVelocity: -5)
        #expect(toward.velocity(at: 0) == 5)
        #expect(toward.value(at: 0.001) > 0)
        #expect(away.value(at: 0.001) < 0)
        // Small t: value ≈ v₀·t.
        #expect(abs(toward.value(at: 1e-6) - 5e-6) < 1e-9)
    }

    @Test("negative and NaN times evaluate as the start; cutoff pins the end")
    func edges() throws {
        let spring = try Spring(stiffness: 100, damping: 10, initialVelocity: 1, cutoff: 0.5)
        #expect(spring.evaluate(at: -1) == (value: 0, velocity: 1))
        #expect(spring.evaluate(at: .nan) == (value: 0, velocity: 1))
        #expect(spring.evaluate(at: 0.5) == (value: 1, velocity: 0))
        #expect(spring.evaluate(at: 100) == (value: 1, velocity: 0))
        #expect(spring.value(at: 1e6).isFinite)
        let free = try Spring(stiffness: 100, damping: 50, allowsOverdamping: true)
        #expect(free.value(at: 1e6) == 1)
        #expect(free.velocity(at: 1e6) == 0)
    }

    @Test("SwiftUI response/dampingFraction mapping")
    func swiftUIResponse() throws {
        let spring = try Spring(response: 0.55, dampingFraction: 0.825)
        #expect(isClose(spring.stiffness, pow(2 * Double.pi / 0.55, 2)))
        #expect(isClose(spring.damping, 4 * Double.pi * 0.825 / 0.55))
        #expect(isClose(spring.dampingRatio, 0.825))
        #expect(isClose(spring.response, 0.55))
        #expect(spring.allowsOverdamping)
    }

    @Test("SwiftUI duration/bounce round trip", arguments: [-0.6, -0.2, 0.0, 0.15, 0.3, 0.9, 1.0])
    func swiftUIBounce(bounce: Double) throws {
        let spring = try Spring(duration: 0.8, bounce: bounce)
        let (duration, recovered) = spring.durationAndBounce
        #expect(isClose(duration, 0.8))
        #expect(abs(recovered - bounce) < 1e-12)
        #expect(isClose(spring.dampingRatio, bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)))
    }

    @Test("bounce 1 is undamped: damping 0, a cosine for ever")
    func undamped() throws {
        let spring = try Spring(duration: 0.5, bounce: 1)
        #expect(spring.damping == 0)
        #expect(spring.durationAndBounce.bounce == 1)
        let frequency = 2 * Double.pi / 0.5
        for time in [0.1, 0.37, 2.2, 100.0] {
            #expect(abs(spring.value(at: time) - (1 - cos(frequency * time))) < 1e-9)
        }
        #expect(spring.settlingDuration() == .infinity)
        #expect(try Spring(response: 0.5, dampingFraction: 0).damping == 0)
    }

    static func invalidSpring(_ index: Int) throws(TimingError) -> Spring {
        switch index {
        case 0: return try Spring(mass: 0, stiffness: 1, damping: 1)
        case 1: return try Spring(mass: 1, stiffness: -1, damping: 1)
        case 2: return try Spring(mass: 1, stiffness: 1, damping: .nan)
        case 3: return try Spring(mass: 1, stiffness: 1, damping: 1, initialVelocity: .infinity)
        case 4: return try Spring(mass: 1, stiffness: 1, damping: 1, cutoff: -1)
        case 5: return try Spring(response: 0, dampingFraction: 1)
        case 6: return try Spring(response: 1, dampingFraction: -0.1)
        case 7: return try Spring(duration: 1, bounce: 1.5)
        case 8: return try Spring(duration: 1, bounce: -1)
        case 9: return try Spring(duration: -1, bounce: 0)
        default: return try Spring(mass: 1, stiffness: 1, damping: -1)
        }
    }

    @Test(
        "validation names the parameter",
        arguments: [
            (0, "mass"),
            (1, "stiffness"),
            (2, "damping"),
            (3, "initialVelocity"),
            (4, "cutoff"),
            (5, "response"),
            (6, "dampingFraction"),
            (7, "bounce"),
            (8, "bounce"),
            (9, "duration"),
            (10, "damping"),
        ]
    )
    func validation(index: Int, parameter: String) {
        do {
            _ = try Self.invalidSpring(index)
            Issue.record("expected an error for \(parameter)")
        } catch {
            #expect(error.parameter == parameter)
        }
    }
}
