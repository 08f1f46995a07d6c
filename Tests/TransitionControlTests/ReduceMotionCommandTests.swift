import JSON
import Testing
import TransitionControl

/// `reduce-motion`: showing and setting a stack's Reduce Motion setting against the real daemon.
@Suite("reduce-motion command")
struct ReduceMotionCommandTests {
    @Test func showSetAndFollowTheDaemonAgain() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let initial = await ToolRun.transitionctl(["reduce-motion", "main"], socket: socket)
        #expect(initial.output == "followDaemon\n", "\(initial.errors)")
        let set = await ToolRun.transitionctl(["reduce-motion", "main", "on"], socket: socket)
        #expect(set.output == "Stack main changed at once.\n", "\(set.errors)")
        let shown = await ToolRun.transitionctl(["reduce-motion", "main"], socket: socket)
        #expect(shown.output == "on\n")
        let json = await ToolRun.transitionctl(["reduce-motion", "main", "--json=short"], socket: socket)
        #expect(try JSONReader.parse(json.output)["reduceMotion"] == "on")
        _ = await ToolRun.transitionctl(["reduce-motion", "main", "followDaemon"], socket: socket)
        let again = await ToolRun.transitionctl(["reduce-motion", "main"], socket: socket)
        #expect(again.output == "followDaemon\n")
    }

    /// create-stack's --reduce-motion gives the new stack its setting; an unknown one is refused before
    /// anything is sent, and no stack is created.
    @Test func createStackTakesTheSetting() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let created = await ToolRun.transitionctl(
            ["create-stack", "calm", TestScreens.screen("home"), "--size", "375x667", "--reduce-motion", "on"],
            socket: socket)
        #expect(created.status == .success, "\(created.errors)")
        #expect(await ToolRun.transitionctl(["reduce-motion", "calm"], socket: socket).output == "on\n")
        let refused = await ToolRun.transitionctl(
            ["create-stack", "other", TestScreens.screen("home"), "--size", "375x667", "--reduce-motion", "always"],
            socket: socket)
        #expect(refused.status == .usage, "\(refused.errors)")
        #expect(refused.errors.contains("--reduce-motion"), "\(refused.errors)")
        let listed = await ToolRun.transitionctl(["list"], socket: socket)
        #expect(!listed.output.contains("other"), "\(listed.output)")
    }

    /// A setting that is none of the three is refused before anything is sent, naming SETTING; the stack
    /// keeps its setting.
    @Test func anUnknownSettingIsRefused() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let refused = await ToolRun.transitionctl(["reduce-motion", "main", "sometimes"], socket: daemon.socketPath)
        #expect(refused.status == .usage, "\(refused.errors)")
        #expect(
            refused.errors.contains("give SETTING as on, off or followDaemon, not \"sometimes\""), "\(refused.errors)")
        let shown = await ToolRun.transitionctl(["reduce-motion", "main"], socket: daemon.socketPath)
        #expect(shown.output == "followDaemon\n")
        let missing = await ToolRun.transitionctl(["reduce-motion", "absent", "on"], socket: daemon.socketPath)
        #expect(missing.status == .failure)
        #expect(missing.errors.contains("io.transitiond.NoSuchStack"), "\(missing.errors)")
    }
}
