import Testing
import TransitionCore

@testable import TransitionEngine

@Suite struct StackActorTests {
    @Test func pushRunsItsFramesAndCommitsAtTheEnd() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let timeline = Timeline(try await stack.subscribe(), clock: harness.clock)
        timeline.note("push")
        let receipt = try await stack.push(Fixtures.screen("detail"))
        #expect(receipt == OperationReceipt(transition: 1, disposition: .began))
        #expect(await stack.state.screens.map(\.id) == ["home"])
        await timeline.advanceUntilIdle()
        #expect(timeline.text == "push@0 began#1@0 frames:18 completed#1@18 changed@18")
        #expect(await stack.state.screens.map(\.id) == ["home", "detail"])
        let progresses = timeline.progresses.withLock { $0 }
        #expect(zip(progresses, progresses.dropFirst()).allSatisfy { $0 < $1 }, "\(progresses)")
        // Frame k is at plan time k/60 s (the grid rounds each timestamp down to whole nanoseconds):
        // progress k/18; the last one was replaced by the settled frame of the same tick.
        #expect(abs(progresses[0] - 1.0 / 18) < 1e-8)
        #expect(progresses.count == 17)
        #expect(await harness.pendingWork().isEmpty)
    }
}
