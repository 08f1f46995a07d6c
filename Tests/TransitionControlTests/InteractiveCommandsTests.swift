import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// `interactive begin|update|finish|cancel`: the built binary holds the gesture (the daemon cancels a
/// gesture whose client leaves) while commands on its standard input, or other invocations, drive it.
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

    @Test func otherInvocationsDriveIt() async throws {
        let daemon = try await Self.daemonWithTwoScreens()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        guard let begin = try Self.start(["interactive", "begin", "main", "pop", "-q"], daemon: daemon) else { return }
        #expect(
            await Deadline.eventually {
                await ToolRun.transitionctl(["status", "main", "--json=short"], socket: socket).output
                    .contains(#""interactive":true"#)
            })
        let update = await ToolRun.transitionctl(["interactive", "update", "main", "0.3"], socket: socket)
        #expect(update.output == "Moved the interactive transition of stack main to 0.3.\n", "\(update.errors)")
        let state = try JSONReader.parse(
            await ToolRun.transitionctl(["status", "main", "--json=short"], socket: socket).output)
        #expect(state["stack"]?["transition"]?["fraction"] == 0.3)
        let cancel = await ToolRun.transitionctl(["interactive", "cancel", "main", "--wait"], socket: socket)
        #expect(cancel.output == "Transition 2 of stack main was cancelled.\n", "\(cancel.errors)")
        let result = await begin.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty, "-q")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home", "detail"])
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
