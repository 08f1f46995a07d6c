import Testing
import TransitionTestSupport

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Spring settling duration")
struct SpringSettlingTests {
    /// Apple's CASpringAnimation.settlingDuration documentation: mass 1, stiffness 100,
    /// damping 5 settles in "approximately 2.85 seconds", damping 15 in "just over 1 second".
    @Test("matches the two figures Apple documents for CASpringAnimation")
    func appleFigures() throws {
        let bouncy = try Spring(mass: 1, stiffness: 100, damping: 5)
        #expect(abs(bouncy.settlingDuration() - 2.85) < 0.01)
        // Closed form: ln((1 + 2.5/√93.75) / 0.001) / 2.5.
        #expect(isClose(bouncy.settlingDuration(), log((1 + 2.5 / 93.75.squareRoot()) / 0.001) / 2.5))
        let firm = try Spring(mass: 1, stiffness: 100, damping: 15)
        #expect(firm.settlingDuration() > 1 && firm.settlingDuration() < 1.1)
    }

    @Test("after the settling duration the value stays within epsilon of 1 (seeded springs, all regimes)")
    func staysSettled() throws {
        let seed: UInt64 = 0xC0FFEE
        var generator = SeededGenerator(seed: seed)
        for index in 0..<200 {
            let spring = try Spring(
                mass: Double.random(in: 0.2...5, using: &generator),
                stiffness: Double.random(in: 10...800, using: &generator),
                damping: Double.random(in: 0.5...120, using: &generator),
                initialVelocity: Double.random(in: -20...20, using: &generator),
                allowsOverdamping: Bool.random(using: &generator)
            )
            let epsilon = [0.001, 0.01, 1e-5][index % 3]
            let settle = spring.settlingDuration(epsilon: epsilon)
            #expect(settle.isFinite && settle >= 0, "seed \(seed) case \(index)")
            for step in 0...400 {
                let time = settle + Double(step) * 0.005
                // One rounding of the closed form separates value and bound at the crossing.
                #expect(
                    abs(1 - spring.value(at: time)) <= epsilon * (1 + 1e-12),
                    "seed \(seed) case \(index) \(spring) t \(time)")
            }
        }
    }

    @Test("critically damped from rest: the bound is the motion itself, so it is exact")
    func criticalExact() throws {
        let spring = try Spring(stiffness: 100, damping: 20)
        let settle = spring.settlingDuration()
        #expect(isClose(1 - spring.value(at: settle), 0.001, 1e-9))
        // e^(−x)(1 + x) = 0.001 at x ≈ 9.2335 (ω₀ = 10).
        #expect(abs(settle - 0.92335) < 1e-4)
    }

    @Test("critically damped with a fast start: the root lies past the overshoot peak")
    func criticalOvershoot() throws {
        let spring = try Spring(stiffness: 100, damping: 20, initialVelocity: 40)
        let settle = spring.settlingDuration()
        let slope = 30.0
        #expect(isClose(exp(-10 * settle) * (1 + slope * settle), 0.001, 1e-9))
    }

    @Test("cutoff caps the settling duration; a non-positive epsilon never settles")
    func edges() throws {
        let spring = try Spring.uikit(duration: 0.5, dampingRatio: 0.2)
        #expect(spring.settlingDuration() <= 0.5)
        #expect(try Spring(stiffness: 100, damping: 10).settlingDuration(epsilon: 0) == .infinity)
        #expect(try Spring(stiffness: 100, damping: 10).settlingDuration(epsilon: 2) == 0)
    }
}

@Suite("Spring settling duration near critical damping")
struct SpringSettlingContinuityTests {
    @Test("continuous across ζ = 1 from both sides")
    func continuity() throws {
        let critical = try Spring(stiffness: 100, damping: 20).settlingDuration()
        for damping in [19.9999999999, 19.99999, 19.99, 19.9] {
            let nearly = try Spring(stiffness: 100, damping: damping).settlingDuration()
            #expect(abs(nearly - critical) < 0.01 * critical, "damping \(damping): \(nearly) vs \(critical)")
        }
        // And from above, when over-damping is allowed.
        for damping in [20.0000000001, 20.00001, 20.01] {
            let nearly = try Spring(stiffness: 100, damping: damping, allowsOverdamping: true).settlingDuration()
            #expect(abs(nearly - critical) < 0.01 * critical, "damping \(damping): \(nearly) vs \(critical)")
        }
        // SwiftUI bounce 0 is critical however the ratio rounds.
        let swiftUI = try Spring(duration: 0.5, bounce: 0)
        let period = 2 * Double.pi / 0.5
        #expect(abs(swiftUI.settlingDuration() - 9.2335 / period) < 1e-3)
    }
}
