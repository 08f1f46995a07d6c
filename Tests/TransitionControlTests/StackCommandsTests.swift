import JSON
import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `list`, `status`, `create-stack` and `delete-stack` against the real daemon.
@Suite("stack commands")
struct StackCommandsTests {
    @Test func createListShowAndDeleteAStack() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let created = await ToolRun.transitionctl(
            ["create-stack", "main", TestScreens.screen("home"), "--size", "375x667"], socket: socket)
        #expect(created.status == .success, "\(created.errors)")
        #expect(created.output == "Created stack main showing home.\n")

        let list = await ToolRun.transitionctl(["list"], socket: socket)
        let rows = list.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.first == ["NAME", "OWNER", "TOP", "DEPTH", "ANIMATING"])
        #expect(rows.dropFirst().first == ["main", String(getuid()), "home", "1", "no"])
        #expect(list.output.hasSuffix("\n\n1 stack listed.\n"))

        // No command at all lists the stacks, as systemctl lists units.
        let bare = await ToolRun.transitionctl(["--no-legend"], socket: socket)
        #expect(bare.output == "main  \(getuid())  home  1  no\n")

        let status = await ToolRun.transitionctl(["status", "main"], socket: socket)
        #expect(
            status.output == """
                     Stack: main
                     Owner: uid \(getuid())
                 Container: 375x667
                   Screens: home
                    Policy: queue
                     Rules: none (slide)
                Transition: none

                """)

        let json = await ToolRun.transitionctl(["status", "main", "--json=short", "--screens"], socket: socket)
        let value = try JSONReader.parse(json.output)
        #expect(value["stack"]?["screens"] == ["home"])
        #expect(value["stack"]?["screenObjects"]?[0]?["id"] == "home")
        #expect(json.output.split(separator: "\n").count == 1)

        let deleted = await ToolRun.transitionctl(["delete-stack", "main"], socket: socket)
        #expect(deleted.output == "Deleted stack main.\n")
        let empty = await ToolRun.transitionctl(["list"], socket: socket)
        #expect(empty.output == "0 stacks listed.\n")
    }

    @Test func tabsMakeAStackWithTabs() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let tabs =
            "[{\"name\":\"feed\",\"screens\":[\(TestScreens.screen("feed"))]},"
            + "{\"name\":\"profile\",\"screens\":[\(TestScreens.screen("me"))]}]"
        let created = await ToolRun.transitionctl(
            ["create-stack", "tabbed", "--tabs", tabs, "--size=320x480", "--policy", "reject", "--json=short"],
            socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        let stack = try JSONReader.parse(created.output)["stack"]
        #expect(stack?["tabs"] == ["feed", "profile"])
        #expect(stack?["policy"] == "reject")
        let status = await ToolRun.transitionctl(["status", "tabbed"], socket: daemon.socketPath)
        #expect(status.output.contains("      Tabs: feed (selected), profile\n"))
        #expect(status.output.contains(" Container: 320x480\n"))
    }

    @Test func anUnknownStackNamesTheErrorAndTheParameter() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let run = await ToolRun.transitionctl(["status", "nope"], socket: daemon.socketPath)
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.hasPrefix(
                "transitionctl: Failed to get stack nope: io.transitiond.NoSuchStack (parameter \"name\"): "))
        let deleted = await ToolRun.transitionctl(["delete-stack", "nope"], socket: daemon.socketPath)
        #expect(deleted.status == .failure)
        #expect(deleted.errors.contains("io.transitiond.NoSuchStack"))
    }

    @Test func aMalformedScreenNamesTheFieldPath() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let screen = #"{"id":"home","root":{"id":"view","frame":[0,0,375,667],"alpha":3}}"#
        let run = await ToolRun.transitionctl(
            ["create-stack", "main", screen, "--size", "375x667"], socket: daemon.socketPath)
        #expect(run.status == .failure)
        #expect(run.errors.contains("io.transitiond.InvalidScreen (parameter \"root.root.alpha\")"), "\(run.errors)")
    }

    @Test(arguments: [
        (["create-stack", "main", "--size", "375x667"], "SCREEN"),
        (["create-stack", "main", "{}", "--tabs", "[]", "--size", "375x667"], "SCREEN"),
        (["create-stack", "main", "{}"], "--size"),
        (["create-stack", "main", "{}", "--size", "big"], "--size"),
        (["create-stack", "main", "{}", "--size", "1x1", "--policy", "later"], "--policy"),
        (["status"], "STACK"),
        (["delete-stack"], "NAME"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], parameter: String) async {
        let run = await ToolRun.transitionctl(arguments, socket: "/nonexistent/socket")
        #expect(run.status == .usage, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(parameter), "\(arguments): \(run.errors)")
    }

    @Test func noDaemonIsAFailureThatSaysWhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let socket = directory.file("absent")
        let run = await ToolRun.transitionctl(["list"], socket: socket)
        #expect(run.status == .failure)
        #expect(run.errors.hasPrefix("transitionctl: Failed to connect to transitiond at \(socket): "))
        #expect(run.errors.hasSuffix("(choose the socket with --socket or TRANSITIOND_SOCKET)\n"))
        // --socket wins over the environment.
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let chosen = await ToolRun.transitionctl(["--socket", daemon.socketPath, "list"], socket: socket)
        #expect(chosen.status == .success, "\(chosen.errors)")
    }
}
