import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// `pause`, `scrub`, `resume` and `reverse` against the real daemon, on a transition slow enough to be
/// running whatever the machine's load.
@Suite("control commands")
struct ControlCommandsTests {
    /// A daemon whose stack `main` runs a minute-long push of `a` (`slowFade`).
    static func daemonPushingSlowly() async throws -> DaemonUnderTest {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        let socket = daemon.socketPath
        _ = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        let push = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("a"), "--animator", "slowFade"], socket: socket)
        #expect(push.status == .success, "\(push.errors)")
        return daemon
    }

    /// Waits for the end of the push with a second operation's `--wait`, and checks that it ended there.
    static func expectTheRunningPushEnds(_ daemon: DaemonUnderTest) async throws {
        let next = await ToolRun.transitionctl(["pop", "main", "--wait", "-q"], socket: daemon.socketPath)
        #expect(next.status == .success, "\(next.errors)")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home"])
    }

    @Test func pauseScrubAndResume() async throws {
        let daemon = try await Self.daemonPushingSlowly()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let paused = await ToolRun.transitionctl(["pause", "main"], socket: socket)
        #expect(paused.output == "Paused the transition of stack main.\n", "\(paused.errors)")
        let scrubbed = await ToolRun.transitionctl(["scrub", "main", "0.98"], socket: socket)
        #expect(scrubbed.output == "Moved the transition of stack main to 0.98.\n", "\(scrubbed.errors)")
        let status = await ToolRun.transitionctl(["status", "main"], socket: socket)
        #expect(status.output.contains("Transition: 1 push with slowFade, home → a\n"), "\(status.output)")
        #expect(
            status.output.contains("  Progress: [###################.] 98% of 60.000 s, paused\n"), "\(status.output)")
        let json = await ToolRun.transitionctl(["resume", "main", "--json=short"], socket: socket)
        #expect(json.output == "{}\n")
        // 0.2 s remain.
        try await Self.expectTheRunningPushEnds(daemon)
    }

    /// The rest of the minute-long fade, from halfway: on a curve in 0.005 of its duration (0.3 s at
    /// most), or on a spring from 2 fractions a second.
    @Test(arguments: [["--curve", "easeOut", "--duration-factor", "0.005"], ["--velocity", "2"]])
    func resumeContinuesAsAsked(options: [String]) async throws {
        let daemon = try await Self.daemonPushingSlowly()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        _ = await ToolRun.transitionctl(["pause", "main"], socket: socket)
        _ = await ToolRun.transitionctl(["scrub", "main", "0.5"], socket: socket)
        let resumed = await ToolRun.transitionctl(["resume", "main"] + options, socket: socket)
        #expect(resumed.output == "Resumed the transition of stack main.\n", "\(options): \(resumed.errors)")
        let status = try JSONReader.parse(
            await ToolRun.transitionctl(["status", "main", "--json=short"], socket: socket).output)
        let transition = status["stack"]?["transition"]
        #expect(transition == nil || transition == .null || transition?["paused"] == false, "\(status)")
        try await Self.expectTheRunningPushEnds(daemon)
    }

    @Test(arguments: [
        (["resume", "main", "--velocity", "1", "--curve", "easeIn"], "--velocity"),
        (["resume", "main", "--velocity", "1", "--duration-factor", "2"], "--velocity"),
        (["resume", "main", "--duration-factor", "0"], "--duration-factor"),
        (["resume", "main", "--duration-factor", "101"], "--duration-factor"),
        (["resume", "main", "--curve", "bounce"], "--curve"),
        (["resume", "main", "--velocity", "fast"], "--velocity"),
    ])
    func malformedResumesAreUsageErrors(arguments: [String], parameter: String) async {
        let run = await ToolRun.transitionctl(arguments, socket: "/nonexistent")
        #expect(run.status == .usage, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(parameter), "\(arguments): \(run.errors)")
    }

    @Test func controlsWithoutATransitionFail() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        for command in ["pause", "resume", "reverse"] {
            let run = await ToolRun.transitionctl([command, "main"], socket: daemon.socketPath)
            #expect(run.status == .failure)
            #expect(
                run.errors.hasPrefix(
                    "transitionctl: Failed to \(command) the transition of stack main: io.transitiond.NoTransition (parameter \"stack\"): "
                ), "\(run.errors)")
        }
    }

    @Test(arguments: ["1.5", "-0.1", "half", "nan"])
    func fractionsOutsideZeroToOneAreUsageErrors(text: String) async {
        let run = await ToolRun.transitionctl(["scrub", "main", text], socket: "/nonexistent")
        #expect(run.status == .usage)
        #expect(run.errors == "transitionctl: FRACTION must be a number from 0 to 1, got \"\(text)\"\n")
    }
}
