import Testing
import TransitionTestSupport

@testable import TransitionCore

/// Tracks that run on the same (start, duration, timing) share one progress per sample: the compiler
/// numbers the distinct ones, and a sample solves each once.
@Suite struct TrackTimingSharingTests {
    @Test func tracksShareATimingIndexExactlyWhenTheirTimingsAreEqual() throws {
        for (name, plan, _, _) in try TransitionPlanTests.plans() {
            let tracks = plan.tracks
            #expect(Set(tracks.map(\.timingIndex)) == Set(0..<plan.timingCount), "\(name)")
            for first in tracks.indices {
                for second in tracks.indices {
                    let sameTiming = tracks[first].timingKey == tracks[second].timingKey
                    #expect(
                        (tracks[first].timingIndex == tracks[second].timingIndex) == sameTiming,
                        "\(name): tracks \(first) and \(second)")
                }
            }
        }
    }

    /// The slide's push moves two screens and fades the dimming overlay in one phase: three tracks, one
    /// curve solved per frame.
    @Test func theSlidesThreeTracksRunOnOneTiming() throws {
        let request = TransitionRequest(
            animator: BuiltinAnimators.slide, operation: .push, from: try SeedScreens.load("seed001-first"),
            to: try SeedScreens.load("seed001-second"), containerSize: SeedScreens.containerSize)
        let plan = try TransitionPlan(compiling: request)
        #expect(plan.tracks.count == 3)
        #expect(plan.timingCount == 1)
    }

    /// Two phases one after the other, each on its own curve: two timings, and each track follows its own
    /// (a progress shared with the wrong track would move the second phase's node early).
    @Test func tracksOfDifferentPhasesKeepTheirOwnProgress() throws {
        let script = TransitionScript(
            duration: 0.4, layers: [.from, .to],
            phases: [
                Phase(duration: 0.2, timing: .linear, tracks: [Track(.to, .alpha, to: .number(0.5))]),
                Phase(duration: 0.2, timing: .easeIn, tracks: [Track(.from, .alpha, to: .number(0))]),
            ])
        let from = try SeedScreens.load("seed001-first"), to = try SeedScreens.load("seed001-second")
        let request = TransitionRequest(
            animator: AnimatorSpecification(name: "twoPhases", variants: [.push: script]), operation: .push,
            from: from, to: to, containerSize: SeedScreens.containerSize)
        let plan = try TransitionPlan(compiling: request)
        #expect(plan.timingCount == 2)
        let nodes = plan.sample(at: 0.1)
        let toRoot = try #require(nodes.first { $0.screen == to.id && $0.node == to.root.id })
        let fromRoot = try #require(nodes.first { $0.screen == from.id && $0.node == from.root.id })
        #expect(abs(toRoot.alpha - 0.75) < 1e-12)  // halfway through the first phase, linear: 1 → 0.5
        #expect(fromRoot.alpha == 1)  // the second phase has not begun
        let later = plan.sample(at: 0.3)
        let fromLater = try #require(later.first { $0.screen == from.id && $0.node == from.root.id })
        let easeIn = CubicBezier.easeIn.solve(0.5)
        #expect(abs(fromLater.alpha - (1 - easeIn)) < 1e-12)  // halfway through the second, ease-in: 1 → 0
    }
}
