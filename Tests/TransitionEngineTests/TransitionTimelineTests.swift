import Testing
import TransitionCore

@testable import TransitionEngine

@Suite struct TransitionTimelineTests {
    /// 1 ms in nanoseconds.
    let millisecond: Int64 = 1_000_000

    @Test func runningTimelineIsLinearInPlanTime() {
        let timeline = TransitionTimeline.running(duration: 0.3, now: 1_000)
        #expect(timeline.position(at: 1_000).seconds == 0)
        #expect(timeline.position(at: 1_000 + 150 * millisecond).seconds == 0.15)
        #expect(timeline.position(at: 1_000 + 150 * millisecond).velocity == 1)
        #expect(timeline.position(at: 1_000 + 300 * millisecond).reached == .end)
        #expect(timeline.position(at: 1_000 + 300 * millisecond).seconds == 0.3)
    }

    @Test(arguments: [(0.5, 1.0), (0.25, 1.0), (0.5, 2.0), (0.8, 0.5)])
    func remainingTimeFollowsTheUIKitFormula(fraction: Double, speed: Double) {
        let duration = 0.3
        for decision in [InteractionDecision.finish, .cancel] {
            var timeline = TransitionTimeline.paused(duration: duration)
            timeline.scrub(toFraction: fraction)
            timeline.complete(decision, at: 0, with: InteractionCompletion(speed: speed))
            // finish: (1 − f) · D / speed; cancel: f · D / speed (UIPercentDrivenInteractiveTransition).
            let remaining = (decision == .finish ? 1 - fraction : fraction) * duration / speed
            let end = EngineTime.nanoseconds(fromSeconds: remaining)
            #expect(timeline.position(at: end - 1).reached == nil, "\(decision) \(fraction) \(speed)")
            #expect(timeline.position(at: end).reached == (decision == .finish ? .end : .start))
        }
    }

    @Test func theCompletionCurveShapesTheRest() {
        var timeline = TransitionTimeline.paused(duration: 1)
        timeline.scrub(toFraction: 0.5)
        timeline.complete(.finish, at: 0, with: InteractionCompletion())
        // Halfway through the remaining 0.5 s, ease-in-ease-out (symmetric) is exactly halfway: 0.75.
        #expect(abs(timeline.position(at: 250 * millisecond).seconds - 0.75) < 1e-9)
        // Ease-in: the first tenth covers less than a tenth.
        #expect(timeline.position(at: 50 * millisecond).seconds < 0.55)
    }

    @Test(arguments: [0.5, 2.0, -1.0])
    func aReleaseVelocityIsContinuedBySpring(velocity: Double) {
        let duration = 0.3
        for decision in [InteractionDecision.finish, .cancel] {
            var timeline = TransitionTimeline.paused(duration: duration)
            timeline.scrub(toFraction: 0.4)
            timeline.complete(decision, at: 0, with: InteractionCompletion(velocity: velocity))
            let start = timeline.position(at: 0)
            #expect(abs(start.seconds - 0.12) < 1e-12)
            // The plan moves at velocity · duration plan seconds per second when the finger lifts.
            #expect(abs(start.velocity - velocity * duration) < 1e-9, "\(decision) \(velocity)")
            // And it settles at its end.
            #expect(timeline.position(at: 10_000 * millisecond).reached == (decision == .finish ? .end : .start))
        }
    }

    @Test func reversingASpringKeepsItsVelocity() {
        var timeline = TransitionTimeline.paused(duration: 0.3)
        timeline.scrub(toFraction: 0.5)
        timeline.complete(.finish, at: 0, with: InteractionCompletion(velocity: 1))
        let before = timeline.position(at: 20 * millisecond)
        timeline.reverse(at: 20 * millisecond)
        let after = timeline.position(at: 20 * millisecond)
        #expect(timeline.isReversed)
        #expect(abs(after.seconds - before.seconds) < 1e-12)
        #expect(abs(after.velocity - before.velocity) < 1e-9)
        #expect(timeline.position(at: 10_000 * millisecond).reached == .start)
    }

    @Test func retargetingARunningCurveKeepsItsRate() {
        var timeline = TransitionTimeline.running(duration: 0.3, now: 0)
        timeline.retarget(at: 100 * millisecond)
        let after = timeline.position(at: 100 * millisecond)
        #expect(abs(after.seconds - 0.1) < 1e-12)
        #expect(abs(after.velocity - 1) < 1e-9, "moving forward at 1 plan second per second, as before")
        #expect(timeline.position(at: 10_000 * millisecond).reached == .start)
    }

    @Test func pauseResumeAndScrub() {
        var timeline = TransitionTimeline.running(duration: 0.3, now: 0)
        timeline.pause(at: 100 * millisecond)
        #expect(timeline.isPaused)
        #expect(timeline.position(at: 900 * millisecond).seconds == 0.1)
        timeline.scrub(toFraction: 0.5)
        #expect(timeline.fraction(at: 0) == 0.5)
        timeline.resume(at: 1_000 * millisecond)
        #expect(timeline.position(at: 1_149 * millisecond).reached == nil)
        #expect(timeline.position(at: 1_150 * millisecond).reached == .end)
        // A reversed, paused timeline resumes toward the start.
        var reversed = TransitionTimeline.running(duration: 0.3, now: 0)
        reversed.pause(at: 60 * millisecond)
        reversed.reverse(at: 60 * millisecond)
        reversed.resume(at: 100 * millisecond)
        #expect(reversed.position(at: 160 * millisecond).reached == .start)
    }

    @Test func aZeroLengthPlanEndsAtOnce() {
        let timeline = TransitionTimeline.running(duration: 0, now: 5)
        #expect(timeline.position(at: 5).reached == .end)
        #expect(timeline.fraction(at: 5) == 0)
    }
}
