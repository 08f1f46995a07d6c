import SystemPrimitives
import Testing
import TransitionCore

@testable import TransitionEngine

/// The engine-wide transition observer: what the daemon's log is built from.
@Suite struct TransitionObserverTests {
    /// Collects what the observer sees.
    final class Recorder: Sendable {
        private let events = Locked<[StackEvent]>([])
        var lines: [String] {
            events.withLock { events in
                events.map { "\($0.kind.rawValue) \($0.stack) #\($0.transition) \($0.operation?.rawValue ?? "-")" }
            }
        }
        func record(_ event: StackEvent) { events.withLock { $0.append(event) } }
    }

    @Test func seesTransitionEventsOfEveryStackWithoutSubscribers() async throws {
        let recorder = Recorder()
        let clock = try VirtualClock(framesPerSecond: 60)
        let engine = TransitionEngine(
            clock: clock, store: .inMemory(), shardCount: 2, transitionObserver: { recorder.record($0) })
        let first = try await engine.createStack(Fixtures.state("first", screens: ["home"]))
        let second = try await engine.createStack(Fixtures.state("second", screens: ["home", "detail"]))
        let push = try await first.push(Fixtures.screen("a"))
        await clock.advanceUntilIdle()
        let pop = try await second.beginInteractive(.pop)
        try await second.updateInteractive(0.3)
        try await second.cancelInteractive()
        await clock.advanceUntilIdle()
        #expect(
            recorder.lines == [
                "began first #\(push.transition) push", "completed first #\(push.transition) push",
                "began second #\(pop.transition) pop", "cancelled second #\(pop.transition) pop",
            ])
        #expect(await engine.pendingWork().isEmpty)
    }
}
