import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// `interactive begin|catch|take-over|update|finish|cancel`: the built binary holds the gesture (the
/// daemon cancels a gesture whose client leaves) while commands on its standard input drive it; other
/// invocations are refused, unless they run as root, whose calls take the gesture over.
@Suite("interactive commands")
struct InteractiveCommandsTests {
    /// Starts `transitionctl` with `arguments` against `daemon`.
    static func start(_ arguments: [String], daemon: DaemonUnderTest) throws -> ChildProcess? {
        guard let executable = BuiltProducts.transitionctl else {
            Issue.record(Comment(rawValue: BuiltProducts.missingMessage))
            return nil
        }
        return try ChildProcess(
            executable: executable, arguments: arguments,
            environment: ["COLUMNS=80", "LC_ALL=C", "TRANSITIOND_SOCKET=\(daemon.socketPath)"])
    }

    /// `nobody` on Debian: a user no file of the tests belongs to.
    static let nobody = 65534

    /// Starts `transitionctl` with `arguments` against `daemon` as ``nobody`` (`setpriv`, which execs it:
    /// the child's pid is the tool's).
    static func startAsNobody(_ arguments: [String], daemon: DaemonUnderTest) throws -> ChildProcess? {
        guard let executable = BuiltProducts.transitionctl else {
            Issue.record(Comment(rawValue: BuiltProducts.missingMessage))
            return nil
        }
        return try ChildProcess(
            executable: "/usr/bin/setpriv",
            arguments: ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", executable] + arguments,
            environment: ["COLUMNS=80", "LC_ALL=C", "TRANSITIOND_SOCKET=\(daemon.socketPath)"])
    }

    /// Runs `transitionctl` with `arguments` to its end as ``nobody``.
    static func runAsNobody(_ arguments: [String], daemon: DaemonUnderTest) async throws -> ChildProcess.Result? {
        guard let child = try startAsNobody(arguments, daemon: daemon) else { return nil }
        return await child.finish()
    }

    /// Waits until a gesture drives the transition of `stack`.
    static func waitUntilInteractive(_ stack: String, daemon: DaemonUnderTest) async -> Bool {
        await Deadline.eventually {
            await ToolRun.transitionctl(["status", stack, "--json=short"], socket: daemon.socketPath).output
                .contains(#""interactive":true"#)
        }
    }

    /// A daemon whose stack `main` shows `home` then `detail`.
    static func daemonWithTwoScreens() async throws -> DaemonUnderTest {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        let push = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("detail"), "--no-animation"], socket: daemon.socketPath)
        #expect(push.status == .success, "\(push.errors)")
        return daemon
    }

    @Test func standardInputDrivesTheGestureToTheEnd() async throws {
        let daemon = try await Self.daemonWithTwoScreens()
        defer { daemon.stop() }
        guard let begin = try Self.start(["interactive", "begin", "main", "pop"], daemon: daemon) else { return }
        #expect(
            begin.readOutputLine()
                == "Transition 2 of stack main began; send fractions, \"finish [VELOCITY]\" or \"cancel [VELOCITY]\" on standard input."
        )
        try begin.send("0.4\n0.7\nfinish 0.5\n")
        let result = await begin.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "Transition 2 of stack main completed.\n")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home"])
    }

    @Test func anotherConnectionIsRefusedAndRootTakesTheGestureOver() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        // A stack of nobody's, so that nobody's other invocations meet the driver rule, not the owner rule.
        for arguments in [
            ["create-stack", "theirs", TestScreens.screen("home"), "--size", "375x667", "-q"],
            ["push", "theirs", TestScreens.screen("detail"), "--no-animation", "-q"],
        ] {
            let run = try await Self.runAsNobody(arguments, daemon: daemon)
            #expect(run?.status == 0, "\(arguments): \(run?.errors ?? "")")
        }
        guard let begin = try Self.startAsNobody(["interactive", "begin", "theirs", "pop", "-q"], daemon: daemon)
        else { return }
        #expect(await Self.waitUntilInteractive("theirs", daemon: daemon))
        for (command, action) in [("update", "update"), ("finish", "finish")] {
            let arguments = ["interactive", command, "theirs"] + (command == "update" ? ["0.3"] : [])
            let refused = try await Self.runAsNobody(arguments, daemon: daemon)
            #expect(refused?.status == 1)
            #expect(
                refused?.errors == "transitionctl: Failed to \(action) the interactive transition of stack theirs: "
                    + "io.transitiond.NotGestureDriver (parameter \"stack\"): another process (pid \(begin.pid)) "
                    + "drives this gesture; only it may move, finish or cancel it. Write to the standard input of "
                    + "the transitionctl interactive begin, catch or take-over that holds it, or run this command "
                    + "as root or in the daemon's control group to take the gesture over.\n")
        }
        // Root takes it over, drives it from its own standard input and finishes it.
        let takeOver = await ToolRun.transitionctl(
            ["interactive", "take-over", "theirs"], input: "0.6\nfinish\n", socket: daemon.socketPath)
        #expect(takeOver.status == .success, "\(takeOver.errors)")
        #expect(
            takeOver.output == """
                Took over the gesture driving transition 2 of stack theirs; send fractions, "finish [VELOCITY]" \
                or "cancel [VELOCITY]" on standard input.
                Transition 2 of stack theirs completed.

                """)
        let result = await begin.finish()
        #expect(result.status == 0, "\(result.errors)")
        let screens = try JSONReader.parse(
            await ToolRun.transitionctl(["status", "theirs", "--json=short"], socket: daemon.socketPath).output)
        #expect(screens["stack"]?["screens"] == ["home"])
    }

    @Test func rootsUpdateFromAnotherShellTakesTheGestureAndLeavesIt() async throws {
        let daemon = try await Self.daemonWithTwoScreens()
        defer { daemon.stop() }
        guard let begin = try Self.start(["interactive", "begin", "main", "pop", "-q"], daemon: daemon) else { return }
        #expect(await Self.waitUntilInteractive("main", daemon: daemon))
        let update = await ToolRun.transitionctl(["interactive", "update", "main", "0.3"], socket: daemon.socketPath)
        #expect(update.output == "Moved the interactive transition of stack main to 0.3.\n", "\(update.errors)")
        // The update took the gesture over; its command then left, and the daemon cancelled the transition.
        let result = await begin.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty, "-q")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home", "detail"])
    }

    @Test func catchGrabsTheRunningTransitionAndDrivesIt() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let nothing = await ToolRun.transitionctl(["interactive", "catch", "main"], socket: socket)
        #expect(nothing.status == .failure)
        #expect(
            nothing.errors.hasPrefix(
                "transitionctl: Failed to catch the running transition of stack main: io.transitiond.NoTransition"),
            "\(nothing.errors)")
        _ = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        let push = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("a"), "--animator", "slowFade", "-q"], socket: socket)
        #expect(push.status == .success, "\(push.errors)")
        guard let caught = try Self.start(["interactive", "catch", "main", "--json=short"], daemon: daemon) else {
            return
        }
        let reply = try JSONReader.parse(caught.readOutputLine() ?? "")
        #expect(reply["transitionId"] == 1)
        #expect((reply["fraction"]?.doubleValue ?? 1) < 0.5, "a minute-long fade, caught at once: \(reply)")
        #expect(await Self.waitUntilInteractive("main", daemon: daemon))
        try caught.send("0.9\nfinish\n")
        let result = await caught.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home", "a"])
    }

    @Test func beginningOnAStackThatCannotPop() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        guard let begin = try Self.start(["interactive", "begin", "main", "pop"], daemon: daemon) else { return }
        let result = await begin.finish()
        #expect(result.status == 1)
        #expect(result.errors.contains("io.transitiond.StackUnderflow"), "\(result.errors)")
        let bad = await ToolRun.transitionctl(["interactive", "begin", "main", "sideways"], socket: daemon.socketPath)
        #expect(bad.status == .usage)
        #expect(
            bad.errors
                == "transitionctl: OPERATION must be one of push, pop, present, dismiss, selectTab, got \"sideways\"\n")
    }
}
