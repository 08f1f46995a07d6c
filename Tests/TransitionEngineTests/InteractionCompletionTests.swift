import Testing
import TransitionCore

@testable import TransitionEngine

@Suite struct InteractionCompletionTests {
    @Test(arguments: [
        (0.6, 0.0, InteractionDecision.finish),  // past half (seeds 003/004: progress > 0.5)
        (0.5, 0.0, .cancel),  // exactly half is not past it
        (0.2, 1.0, .finish),  // a flick of one width per second forward
        (0.9, -1.0, .cancel),  // a flick backward
        (0.9, -0.99, .finish),  // too slow to decide: the fraction decides
        (0.3, .nan, .cancel),  // no usable velocity
    ])
    func decision(fraction: Double, velocity: Double, expected: InteractionDecision) {
        #expect(InteractionDecision.decide(fraction: fraction, velocity: velocity) == expected)
    }

    @Test func decisionFromPoints() {
        #expect(InteractionDecision.decide(fraction: 0.1, velocityPointsPerSecond: 400, containerWidth: 375) == .finish)
        #expect(InteractionDecision.decide(fraction: 0.1, velocityPointsPerSecond: 300, containerWidth: 375) == .cancel)
        #expect(InteractionDecision.decide(fraction: 0.7, velocityPointsPerSecond: 900, containerWidth: 0) == .finish)
    }

    @Test func invalidParametersAreNamed() async {
        for completion in [
            InteractionCompletion(velocity: .infinity), InteractionCompletion(speed: 0),
            InteractionCompletion(speed: -1), InteractionCompletion(springResponse: 0),
            InteractionCompletion(springDampingRatio: .nan),
        ] {
            await expectError(.invalidParameter) { try completion.validate() }
        }
    }

    @Test func theSpringFollowsTheResponseParameterisation() throws {
        let spring = try #require(InteractionCompletion(springResponse: 0.5).spring(initialVelocity: 0))
        // Response 0.5 s: ω = 2π / 0.5 = 4π; mass 1; critically damped.
        #expect(abs(spring.stiffness - 16 * Double.pi * Double.pi) < 1e-9)
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
    }
}
