import JSON
import Testing
import TransitionControl

/// `pause`, `scrub`, `resume` and `reverse` against the real daemon, on a transition slow enough to be
/// running whatever the machine's load.
@Suite("control commands")
struct ControlCommandsTests {
    @Test func pauseScrubAndResume() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        _ = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        _ = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("a"), "--animator", "slowFade"], socket: socket)
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
        // 0.2 s remain: wait for the end with a second operation's --wait.
        let next = await ToolRun.transitionctl(["pop", "main", "--wait", "-q"], socket: socket)
        #expect(next.status == .success, "\(next.errors)")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home"])
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
