import JSON
import Testing
import TransitionClient
import TransitionControl
import TransitionTestSupport

/// `stats`: the daemon's and a stack's counters.
@Suite("stats command")
struct StatsCommandTests {
    @Test func countersOfTheDaemonAndOfAStack() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        _ = await ToolRun.transitionctl(["push", "main", TestScreens.screen("a"), "--wait"], socket: socket)
        let json = await ToolRun.transitionctl(["stats", "--json=short"], socket: socket)
        let statistics = try JSONReader.parse(json.output)["statistics"]
        #expect(statistics?["transitionsBegun"] == 1)
        #expect(statistics?["transitionsCompleted"] == 1)
        #expect(statistics?["plansCompiled"] == 1)
        let text = await ToolRun.transitionctl(["stats", "main"], socket: socket)
        #expect(text.output.contains(" Stack: main\n"), "\(text.output)")
        #expect(
            text.output.contains(" Transitions: 1 begun, 1 completed, 0 cancelled, 0 commit failures\n"),
            "\(text.output)")
        #expect(text.output.contains(" Subscribers: 0\n"), "\(text.output)")
        let missing = await ToolRun.transitionctl(["stats", "nope"], socket: socket)
        #expect(missing.errors.contains("io.transitiond.NoSuchStack"))
    }

    /// The IDL's `Statistics` with fixed counters, as GetStats replies.
    static let fixedCounters =
        #"{"transitionsBegun":12,"transitionsCompleted":11,"transitionsCancelled":1,"commitFailures":0,"#
        + #""framesProduced":214,"subscriberFramesCoalesced":3,"subscribersEnded":0,"stacks":2,"#
        + #""animatingStacks":0,"clients":3,"ticks":230,"framesSkippedLate":0,"framesSkippedBusy":0,"#
        + #""latenessP50Microseconds":61.5,"latenessP99Microseconds":140.25,"latenessMaxMicroseconds":410,"#
        + #""idleTicks":0,"framesPerSecond":60,"plansCompiled":4,"plansReused":8}"#

    @Test func textOfFixedCounters() throws {
        let statistics = try JSONValueDecoder().decode(
            ServiceStatistics.self, from: try JSONReader.parse(Self.fixedCounters))
        GoldenFile.check(StatsCommand.text(statistics, stack: nil), named: "stats-daemon")
    }

    /// A daemon that does not report plans: the counters decode, and the text has no Plans line.
    @Test func textWithoutPlanCounters() throws {
        guard case .object(var counters) = try JSONReader.parse(Self.fixedCounters) else {
            Issue.record("the fixed counters are not an object")
            return
        }
        _ = counters.removeValue(forKey: "plansCompiled")
        _ = counters.removeValue(forKey: "plansReused")
        let statistics = try JSONValueDecoder().decode(ServiceStatistics.self, from: .object(counters))
        #expect(statistics.plansCompiled == nil)
        #expect(statistics.plansReused == nil)
        let text = StatsCommand.text(statistics, stack: nil)
        #expect(!text.contains("Plans"), "\(text)")
        #expect(text.contains("Tick lateness:"), "\(text)")
    }
}
