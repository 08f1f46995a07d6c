import Testing

@testable import TransitionCore

@Suite("Spring")
struct SpringTests {
    @Test("UIKit spring: exactly 1 at its duration thanks to the cutoff")
    func uikitCutoff() throws {
        let spring = try Spring.uikit(duration: 2.0 / 3, dampingRatio: 0.3, initialVelocity: 0.8)
        #expect(spring.value(at: 2.0 / 3) == 1)
        #expect(spring.velocity(at: 2.0 / 3) == 0)
        #expect(spring.value(at: 0) == 0)
        #expect(spring.velocity(at: 0) == 0.8)
    }

    @Test("validation names the parameter")
    func validation() {
        do {
            _ = try Spring(mass: 1, stiffness: -1, damping: 1)
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == "stiffness")
        }
    }
}
