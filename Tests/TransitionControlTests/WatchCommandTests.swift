import JSON
import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `watch`: one line per event when the output is not a terminal; the live view on a pseudo-terminal,
/// restored on Ctrl-C.
@Suite("watch command")
struct WatchCommandTests {
    /// Waits until `stack` has `count` subscribers, as GetStats reports them.
    static func waitForSubscribers(_ count: Int, daemon: DaemonUnderTest) async -> Bool {
        await Deadline.eventually {
            let run = await ToolRun.transitionctl(["stats", "main", "--json=short"], socket: daemon.socketPath)
            return (try? JSONReader.parse(run.output))?["statistics"]?["clients"] == .number(Double(count))
        }
    }

    @Test func oneLinePerEventWhenNotATerminal() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        guard let watcher = try InteractiveCommandsTests.start(["watch", "main"], daemon: daemon) else { return }
        #expect(await Self.waitForSubscribers(1, daemon: daemon))
        _ = await ToolRun.transitionctl(["push", "main", TestScreens.screen("a"), "--wait"], socket: daemon.socketPath)
        _ = await ToolRun.transitionctl(["delete-stack", "main"], socket: daemon.socketPath)
        let result = await watcher.finish()
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map { String($0.drop { $0 != " " }.dropFirst()) }
        #expect(
            lines == [
                "began transition 1 push with slide, home → a", "completed transition 1",
                "stackChanged transition 1 screens home → a tab main", "stackDeleted",
            ], "\(result.output)")
    }

    @Test func theLiveViewRedrawsInPlaceAndRestoresTheTerminal() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        guard let executable = BuiltProducts.transitionctl else {
            Issue.record(Comment(rawValue: BuiltProducts.missingMessage))
            return
        }
        let terminal = try PseudoTerminalProcess(
            executable: executable, arguments: ["watch", "main"],
            environment: ["LC_ALL=C", "TERM=xterm", "TRANSITIOND_SOCKET=\(daemon.socketPath)"], columns: 100, rows: 30)
        #expect(terminal.waitForOutput(containing: "NODE"))
        #expect(await Self.waitForSubscribers(1, daemon: daemon))
        _ = await ToolRun.transitionctl(["push", "main", TestScreens.screen("a"), "--wait"], socket: daemon.socketPath)
        #expect(terminal.waitForOutput(containing: "completed transition 1"))
        terminal.send(signal: SIGINT)
        let status = terminal.finish()
        #expect(status == 0)
        let text = terminal.text
        #expect(text.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"), "enters the alternate screen, hides the cursor")
        #expect(text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "shows the cursor and leaves the alternate screen last")
        #expect(text.contains("Transition 1: push with slide, home → a"))
        #expect(text.contains("/s received, 0 missed"))
        #expect(text.contains("Screens: home → a"))
        #expect(text.contains("a/view "))
    }
}
