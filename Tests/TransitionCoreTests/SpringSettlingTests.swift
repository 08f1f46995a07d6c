import Testing
import TransitionTestSupport

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

/// `Spring.settlingDuration(epsilon:)` is Core Animation's `CASpringAnimation.settlingDuration` (docs/math.md,
/// "Settling duration").
@Suite("Spring settling duration")
struct SpringSettlingTests {
    /// Apple's CASpringAnimation.settlingDuration documentation: mass 1, stiffness 100, damping 5 settles in
    /// "approximately 2.85 seconds", damping 15 in "just over 1 second".
    @Test("under-damped: Apple's two documented figures, from the closed form")
    func appleFigures() throws {
        let bouncy = try Spring(mass: 1, stiffness: 100, damping: 5)
        // ln((1 + |B|) / ε) / (ζω₀), B = (ζω₀ − v₀)/ω_d = 2.5/√93.75.
        #expect(isClose(bouncy.settlingDuration(), log((1 + 2.5 / 93.75.squareRoot()) / 0.001) / 2.5))
        #expect(abs(bouncy.settlingDuration() - 2.855) < 0.001)
        let firm = try Spring(mass: 1, stiffness: 100, damping: 15)
        #expect(isClose(firm.settlingDuration(), log((1 + 7.5 / 43.75.squareRoot()) / 0.001) / 7.5))
        #expect(abs(firm.settlingDuration() - 1.022) < 0.001)
    }

    @Test("under-damped: the velocity enters through B, and the answer is never negative")
    func underDampedVelocity() throws {
        let spring = try Spring(mass: 2, stiffness: 50, damping: 4, initialVelocity: -3)
        let frequency = 5.0, decay = 4.0 / (2 * 10) * frequency
        let damped = frequency * (1 - 0.2 * 0.2).squareRoot()
        #expect(isClose(spring.settlingDuration(), log((1 + abs(decay + 3) / damped) / 0.001) / decay))
        // A threshold above the envelope's start: 0, not a negative time.
        #expect(try Spring(stiffness: 100, damping: 10).settlingDuration(epsilon: 2) == 0)
    }

    @Test("under-damped: after the estimate the motion stays within ε (|cos| and |sin| are at most 1)")
    func underDampedStaysSettled() throws {
        let seed: UInt64 = 0xC0FFEE
        var generator = SeededGenerator(seed: seed)
        for index in 0..<200 {
            let spring = try Spring(
                mass: Double.random(in: 0.2...5, using: &generator),
                stiffness: Double.random(in: 10...800, using: &generator),
                damping: Double.random(in: 0.5...20, using: &generator),
                initialVelocity: Double.random(in: -20...20, using: &generator))
            guard spring.dampingRatio < 1 else { continue }
            let epsilon = [0.001, 0.01, 1e-5][index % 3]
            let settle = spring.settlingDuration(epsilon: epsilon)
            for step in 0...400 {
                let time = settle + Double(step) * 0.005
                #expect(
                    abs(1 - spring.value(at: time)) <= epsilon * (1 + 1e-12),
                    "seed \(seed) case \(index) \(spring) t \(time)")
            }
        }
    }

    /// The sample times Core Animation walks: 0, then 0.1 added once per sample in binary64.
    static func sampleTimes(_ count: Int) -> [Double] {
        var times = [0.0]
        for _ in 1..<count { times.append(times.last! + 0.1) }
        return times
    }

    @Test("critical: the tenth sample, 0.9999999999999999, for mass 1, stiffness 100, damping 20")
    func criticalFromRest() throws {
        let spring = try Spring(stiffness: 100, damping: 20)
        let times = Self.sampleTimes(11)
        #expect(times[10] == 0.9999999999999999)
        #expect(spring.settlingDuration() == times[10])
        // The ninth sample is still outside the band: e^(−9)·10 = 0.00123.
        #expect(abs(1 - spring.value(at: times[9])) >= 0.001)
    }

    @Test("critical: a sample inside the band that the motion leaves again starts the search over")
    func criticalBriefVisit() throws {
        // u(t) = e^(−10t)·(1 − 10t) crosses 0 at t = 0.1: the first sample there lies inside the band, the next
        // (u = −e^(−2) = −0.135) does not.
        let spring = try Spring(stiffness: 100, damping: 20, initialVelocity: 20)
        let times = Self.sampleTimes(40)
        #expect(abs(1 - spring.value(at: times[1])) < 0.001)
        #expect(abs(1 - spring.value(at: times[2])) >= 0.001)
        let settle = spring.settlingDuration()
        let index = try #require(times.firstIndex(of: settle), "a sample time: \(settle)")
        #expect(index > 2)
        #expect(abs(1 - spring.value(at: times[index - 1])) >= 0.001)
        for later in times[index...].prefix(11) { #expect(abs(1 - spring.value(at: later)) < 0.001) }
    }

    @Test("over-damped springs are sampled as they move")
    func overDamped() throws {
        let spring = try Spring(stiffness: 100, damping: 40, allowsOverdamping: true)
        let times = Self.sampleTimes(60)
        let settle = spring.settlingDuration()
        let index = try #require(times.firstIndex(of: settle))
        #expect(abs(1 - spring.value(at: times[index - 1])) >= 0.001)
        #expect(abs(1 - spring.value(at: settle)) < 0.001)
        // The same constants evaluated as critically damped (Core Animation's default) settle sooner.
        #expect(try Spring(stiffness: 100, damping: 40).settlingDuration() < settle)
    }

    @Test("the branch follows the binary64 damping ratio: just below 1 is the closed form")
    func branchOnTheRatio() throws {
        let below = try Spring(stiffness: 100, damping: 19.99)
        let ratio = below.dampingRatio, decay = ratio * 10
        let damped = 10 * ((1 - ratio) * (1 + ratio)).squareRoot()
        #expect(isClose(below.settlingDuration(), log((1 + decay / damped) / 0.001) / decay))
        #expect(try Spring(stiffness: 100, damping: 20).settlingDuration() == Self.sampleTimes(11)[10])
    }

    @Test("ε is clamped to 1e-6; undamped, NaN and endless searches are infinite; the cutoff caps")
    func edges() throws {
        let spring = try Spring(stiffness: 100, damping: 10)
        #expect(spring.settlingDuration(epsilon: 0) == spring.settlingDuration(epsilon: 1e-6))
        #expect(spring.settlingDuration(epsilon: -1) == spring.settlingDuration(epsilon: 1e-6))
        #expect(spring.settlingDuration(epsilon: .nan) == .infinity)
        #expect(try Spring(stiffness: 100, damping: 0).settlingDuration() == .infinity)
        #expect(try Spring(mass: 1, stiffness: 1e-12, damping: 1e-5).settlingDuration() == .infinity)
        #expect(try Spring.uikit(duration: 0.5, dampingRatio: 0.2).settlingDuration() == 0.5)
    }
}
