import Testing
import TransitionControl

/// Gesture scripts: parsing, interpolation and the schedule of pointer samples.
@Suite("Gesture scripts")
struct GestureScriptTests {
    @Test func pointsInterpolateLinearlyFromZero() throws {
        let script = try GestureScript.parsePoints("0.25@0.5,0.75@1")
        #expect(script.points.first == GestureScript.Point(time: 0, fraction: 0))
        // Exactly representable midpoints.
        #expect(script.fraction(at: 0.25) == 0.125)
        #expect(script.fraction(at: 0.75) == 0.5)
        #expect(script.fraction(at: 2) == 0.75)
        #expect(script.fraction(at: -1) == 0)
        #expect(script.duration == 1)
        #expect(script.releaseFraction == 0.75)
    }

    @Test func aDragRunsFromZeroAtConstantSpeed() throws {
        let drag = try GestureScript.drag(to: 0.5, over: 0.25)
        #expect(drag.points == [.init(time: 0, fraction: 0), .init(time: 0.25, fraction: 0.5)])
        #expect(drag.fraction(at: 0.125) == 0.25)
    }

    @Test func samplesTickAtTheRateAndEndAtTheRelease() throws {
        let script = try GestureScript.drag(to: 0.5, over: 0.25)
        let samples = script.samples(rate: 8)
        // Ticks at 1/8 s, then the release at 1/4 s (the tick at 2/8 is the release itself).
        #expect(samples == [.init(time: 0.125, fraction: 0.25), .init(time: 0.25, fraction: 0.5)])
        let slow = script.samples(rate: 1)
        #expect(slow == [.init(time: 0.25, fraction: 0.5)])
        let startsMoved = try GestureScript.parsePoints("0.2@0,0.4@0.5")
        #expect(startsMoved.samples(rate: 2).first == .init(time: 0, fraction: 0.2))
    }

    @Test(arguments: [
        "", "0.5", "0.5@", "@1", "0.5@1,", "0.5@1;0.6@2", "0.5@-1", "-0.1@1", "1.1@1", "0.5@1,0.6@1", "0.5@61", "0@0",
    ])
    func malformedPointsAreUsageErrors(text: String) {
        do {
            _ = try GestureScript.parsePoints(text)
            Issue.record("\"\(text)\" was accepted")
        } catch {
            #expect(error.exitCode == .usage, "\(text)")
            #expect(error.parameter == "--points", "\(text)")
        }
    }
}
