import Testing
import TransitionTestSupport

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

/// `Spring.uikit`: UIKit's natural frequency for a duration-based spring (docs/math.md, "UIKit's duration-based
/// spring").
@Suite("UIKit's duration-based spring")
struct UIKitSpringTests {
    /// The seeds' calls, with ω₀ and stiffness as UIKit computes them (the issue's figures, to their 11
    /// significant digits: they differ from the double-precision root in the ninth).
    @Test(
        arguments: [
            (2.0 / 3, 0.3, 0.8, 28.259094764, 798.5764369, 16.9554569),
            (1.0, 0.6, 0.0, 11.033455265, 121.7371351, 13.2401463),
            (0.6, 0.6, 1.0, 18.121086169, 328.3737640, 21.7453034),
        ])
    func seedsSprings(
        duration: Double, ratio: Double, velocity: Double, frequency: Double, stiffness: Double, damping: Double
    ) throws {
        let spring = try Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
        #expect(abs(spring.naturalFrequency - frequency) < 1e-7 * frequency)
        #expect(abs(spring.stiffness - stiffness) < 1e-7 * stiffness)
        #expect(abs(spring.damping - damping) < 1e-7 * damping)
        #expect(spring.mass == 1)
        #expect(spring.cutoff == duration)
    }

    /// From rest the equation has a closed form: ω₀ = ln(ζ / (ε·√(1 − ζ²))) / (ζ·T).
    @Test(arguments: [0.05, 0.3, 0.6, 0.9, 0.99])
    func fromRestMatchesTheClosedForm(ratio: Double) throws {
        for duration in [0.05, 0.3, 1.0, 4.0] {
            let spring = try Spring.uikit(duration: duration, dampingRatio: ratio)
            let closedForm = log(ratio / (0.001 * (1 - ratio * ratio).squareRoot())) / (ratio * duration)
            #expect(abs(spring.naturalFrequency - closedForm) < 1e-13 * closedForm, "ζ \(ratio) T \(duration)")
        }
    }

    static let ratios = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9, 0.99, 0.999, 1]
    static let durations = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 2.0 / 3, 1, 2, 5, 10]
    static let velocities = [-10, -5, -2, -1, -0.5, 0, 0.5, 0.8, 1, 2, 5, 10]

    /// Over ζ 0.01…1, T 0.01…10 s and v₀ −10…10, the frequency is a root of UIKit's equation to machine
    /// precision: the residual changes sign within 1e-13 of ω₀ (the rounding of the residual itself).
    @Test(arguments: ratios)
    func solvesTheEquationToMachinePrecision(ratio: Double) {
        for duration in Self.durations {
            for velocity in Self.velocities {
                let equation = UIKitSpringFrequency(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
                let frequency = equation.naturalFrequency() ?? .nan
                let below = equation.residual(frequency * (1 - 1e-13))
                let above = equation.residual(frequency * (1 + 1e-13))
                #expect(
                    frequency.isFinite && frequency > 0 && (below < 0) != (above < 0),
                    "ζ \(ratio) T \(duration) v₀ \(velocity): ω₀ \(frequency), residuals \(below), \(above)")
            }
        }
    }

    /// Where UIKit's twelve Newton steps converge, the result is theirs: compared with the independent
    /// `ReferenceUIKitSpring` (numeric slope). Most of the grid is there; the rest is counted, so a solver that
    /// wandered off to another root would show.
    @Test func agreesWithUIKitsTwelveStepsWhereTheyConverge() {
        var converged = 0, total = 0
        for ratio in Self.ratios {
            for duration in Self.durations {
                for velocity in Self.velocities {
                    total += 1
                    let reference = ReferenceUIKitSpring(
                        duration: duration, dampingRatio: ratio, initialVelocity: velocity)
                    guard reference.converged, reference.naturalFrequency > 0 else { continue }
                    converged += 1
                    let frequency =
                        UIKitSpringFrequency(
                            duration: duration, dampingRatio: ratio, initialVelocity: velocity
                        ).naturalFrequency() ?? .nan
                    #expect(
                        abs(frequency - reference.naturalFrequency) < 1e-10 * frequency,
                        "ζ \(ratio) T \(duration) v₀ \(velocity): \(frequency) vs UIKit's \(reference.naturalFrequency)"
                    )
                }
            }
        }
        #expect(converged * 10 > total * 8, "UIKit's steps converge on \(converged) of \(total)")
    }

    /// Where Newton cannot go on, the largest root: ζ = 1 with v₀·T = 5 starts on the term's extremum (a zero
    /// slope, which UIKit divides by).
    @Test func startingOnTheExtremumTakesTheLargestRoot() {
        let equation = UIKitSpringFrequency(duration: 1, dampingRatio: 1, initialVelocity: 5)
        #expect(equation.derivative(5) == 0)
        let frequency = equation.naturalFrequency() ?? .nan
        // For ω >= v₀ the term (1 + (ω − 5))·e^(−ω) falls from e^(−5) = 0.0067 > ε: the root lies above 5.
        #expect(frequency > 5)
        #expect(abs((1 + (frequency - 5)) * exp(-frequency) - 0.001) < 1e-15)
    }

    /// UIKit's clamps: ζ above 1 is 1, ζ below FLT_EPSILON is FLT_EPSILON, T is solved within [0.01, 10] s but
    /// the motion is cut at the real duration.
    @Test func clampsAsUIKit() throws {
        let one = try Spring.uikit(duration: 0.5, dampingRatio: 1)
        #expect(try Spring.uikit(duration: 0.5, dampingRatio: 3).stiffness == one.stiffness)
        #expect(
            try Spring.uikit(duration: 0.5, dampingRatio: 1e-9, initialVelocity: 0.5).stiffness
                == Spring.uikit(duration: 0.5, dampingRatio: Double(Float.ulpOfOne), initialVelocity: 0.5).stiffness)
        let long = try Spring.uikit(duration: 30, dampingRatio: 0.5)
        #expect(long.stiffness == (try Spring.uikit(duration: 10, dampingRatio: 0.5)).stiffness)
        #expect(long.cutoff == 30)
        #expect(
            try Spring.uikit(duration: 0.001, dampingRatio: 0.5).stiffness
                == Spring.uikit(duration: 0.01, dampingRatio: 0.5).stiffness)
    }

    /// The motion: 0 at the start with the given velocity, exactly 1 from the duration on.
    @Test func endsExactlyAtItsDuration() throws {
        let spring = try Spring.uikit(duration: 2.0 / 3, dampingRatio: 0.3, initialVelocity: 0.8)
        #expect(spring.evaluate(at: 0) == (value: 0, velocity: 0.8))
        #expect(spring.evaluate(at: 2.0 / 3) == (value: 1, velocity: 0))
        let reference = ReferenceUIKitSpring(duration: 2.0 / 3, dampingRatio: 0.3, initialVelocity: 0.8)
        for time in stride(from: 0.0, to: 2.0 / 3, by: 0.01) {
            #expect(abs(spring.value(at: time) - reference.progress(at: time)) < 1e-9, "t \(time)")
        }
    }

    @Test func refusesWhatUIKitWouldNotAnimate() throws {
        #expect(throws: TimingError.self) { try Spring.uikit(duration: 1, dampingRatio: 0) }
        #expect(throws: TimingError.self) { try Spring.uikit(duration: 0, dampingRatio: 0.5) }
        #expect(throws: TimingError.self) { try Spring.uikit(duration: .infinity, dampingRatio: 0.5) }
        #expect(throws: TimingError.self) { try Spring.uikit(duration: 1, dampingRatio: .nan) }
        #expect(throws: TimingError.self) { try Spring.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: .nan) }
        // From rest, ζ/√(1 − ζ²) <= 0.001 leaves the equation without a root.
        #expect(UIKitSpringFrequency(duration: 1, dampingRatio: 0.0009, initialVelocity: 0).naturalFrequency() == nil)
        do {
            _ = try Spring.uikit(duration: 1, dampingRatio: 0.0009)
            Issue.record("expected an error for dampingRatio 0.0009 from rest")
        } catch {
            #expect(error.parameter == "dampingRatio")
        }
        #expect(try Spring.uikit(duration: 1, dampingRatio: 0.0011).stiffness > 0)
    }
}
