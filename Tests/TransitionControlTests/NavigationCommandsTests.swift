import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// The navigation commands against the real daemon: each method's effect on the stack, the sentences
/// and JSON they print, `--wait`, and the daemon's errors.
@Suite("navigation commands")
struct NavigationCommandsTests {
    /// A daemon with the stack `main` showing `home`.
    static func daemonWithStack(tabs: Bool = false) async throws -> DaemonUnderTest {
        let daemon = try DaemonUnderTest()
        let arguments =
            tabs
            ? [
                "create-stack", "main", "--size", "375x667", "--tabs",
                "[{\"name\":\"feed\",\"screens\":[\(TestScreens.screen("home"))]},"
                    + "{\"name\":\"profile\",\"screens\":[\(TestScreens.screen("me"))]}]",
            ]
            : ["create-stack", "main", TestScreens.screen("home"), "--size", "375x667"]
        let created = await ToolRun.transitionctl(arguments, socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        return daemon
    }

    /// The committed screens of `main`.
    static func screens(_ daemon: DaemonUnderTest) async throws -> [String] {
        let run = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: daemon.socketPath)
        return try JSONReader.parse(run.output)["stack"]?["screens"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func pushAndPopWithWait() async throws {
        let daemon = try await Self.daemonWithStack()
        defer { daemon.stop() }
        let push = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("detail"), "--wait"], socket: daemon.socketPath)
        #expect(push.status == .success, "\(push.errors)")
        #expect(push.output == "Transition 1 of stack main started.\nTransition 1 of stack main completed.\n")
        #expect(try await Self.screens(daemon) == ["home", "detail"])
        let pop = await ToolRun.transitionctl(
            ["pop", "main", "--wait", "--animator", "fade"], socket: daemon.socketPath)
        #expect(pop.output == "Transition 2 of stack main started.\nTransition 2 of stack main completed.\n")
        #expect(try await Self.screens(daemon) == ["home"])
    }

    @Test func everyNavigationMethod() async throws {
        let daemon = try await Self.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let steps: [([String], [String])] = [
            (["push", "main", TestScreens.screen("a"), "--no-animation"], ["home", "a"]),
            (
                ["set-screens", "main", TestScreens.screen("home"), TestScreens.screen("a"), TestScreens.screen("b")],
                ["home", "a", "b"]
            ),
            (["pop-to", "main", "a"], ["home", "a"]),
            (["push", "main", TestScreens.screen("c")], ["home", "a", "c"]),
            (["pop-to-root", "main"], ["home"]),
        ]
        for (arguments, expected) in steps {
            let run = await ToolRun.transitionctl(arguments + ["--wait", "-q"], socket: socket)
            #expect(run.status == .success, "\(arguments): \(run.errors)")
            #expect(run.output.isEmpty, "\(arguments): -q prints nothing")
            #expect(try await Self.screens(daemon) == expected, "\(arguments)")
        }
        let present = await ToolRun.transitionctl(
            ["present", "main", TestScreens.screen("modal"), "--wait", "--json=short"], socket: socket)
        let presented = try JSONReader.parse(present.output)
        #expect(presented["result"]?["outcome"] == "started")
        #expect(presented["ending"] == "completed")
        let status = await ToolRun.transitionctl(["status", "main"], socket: socket)
        #expect(status.output.contains(" Presented: modal\n"))
        let dismiss = await ToolRun.transitionctl(["dismiss", "main", "--wait"], socket: socket)
        #expect(dismiss.status == .success, "\(dismiss.errors)")
        let again = await ToolRun.transitionctl(["dismiss", "main"], socket: socket)
        #expect(again.status == .failure)
        #expect(again.errors.contains("io.transitiond.NothingPresented (parameter \"stack\")"), "\(again.errors)")
    }

    /// `present --style` reaches the daemon: its GetStack reports the style; a value that is not a style
    /// is refused before any call.
    @Test func presentWithAStyle() async throws {
        let daemon = try await Self.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let present = await ToolRun.transitionctl(
            ["present", "main", TestScreens.screen("sheet"), "--style", "overCurrentContext", "--wait", "-q"],
            socket: socket)
        #expect(present.status == .success, "\(present.errors)")
        let status = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: socket)
        #expect(try JSONReader.parse(status.output)["stack"]?["presentationStyles"] == ["overCurrentContext"])
        let wrong = await ToolRun.transitionctl(
            ["present", "main", TestScreens.screen("other"), "--style", "popover"], socket: socket)
        #expect(wrong.status != .success)
        #expect(wrong.errors.contains("popover"), "\(wrong.errors)")
        let after = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: socket)
        #expect(try JSONReader.parse(after.output)["stack"]?["presented"] == ["sheet"])
    }

    @Test func selectTab() async throws {
        let daemon = try await Self.daemonWithStack(tabs: true)
        defer { daemon.stop() }
        let run = await ToolRun.transitionctl(["select-tab", "main", "profile", "--wait"], socket: daemon.socketPath)
        #expect(run.status == .success, "\(run.errors)")
        #expect(try await Self.screens(daemon) == ["me"])
        let missing = await ToolRun.transitionctl(["select-tab", "main", "settings"], socket: daemon.socketPath)
        #expect(missing.errors.contains("io.transitiond.NoSuchTab"), "\(missing.errors)")
    }

    @Test func resultSentencesAndJSON() async throws {
        let daemon = try await Self.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let define = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        #expect(define.status == .success, "\(define.errors)")
        let slow = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("a"), "--animator", "slowFade"], socket: socket)
        #expect(slow.output == "Transition 1 of stack main started.\n")
        let queued = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("b"), "--json=short"], socket: socket)
        #expect(queued.output == #"{"result":{"transitionId":2,"outcome":"queued","queuePosition":1}}"# + "\n")
        // A queued operation is checked against the state the stack is heading to.
        let later = await ToolRun.transitionctl(["pop-to", "main", "a", "--no-animation"], socket: socket)
        #expect(later.output == "Queued as transition 3 of stack main, position 2.\n", "\(later.errors)")
        let retargeting = await ToolRun.transitionctl(["rules", "main", "--policy", "retarget", "-q"], socket: socket)
        #expect(retargeting.status == .success, "\(retargeting.errors)")
    }

    @Test func poppingTheRootIsStackUnderflow() async throws {
        let daemon = try await Self.daemonWithStack()
        defer { daemon.stop() }
        let run = await ToolRun.transitionctl(["pop", "main"], socket: daemon.socketPath)
        #expect(run.status == .failure)
        #expect(
            run.errors.hasPrefix(
                "transitionctl: Failed to pop stack main: io.transitiond.StackUnderflow (parameter \"stack\"): "),
            "\(run.errors)")
    }

    @Test func waitReportsACancelledTransitionAsAFailure() async throws {
        let daemon = try await Self.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        _ = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        // The waiting push runs on its own thread while this one reverses the transition.
        async let waited = ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("a"), "--animator", "slowFade", "--wait"], socket: socket)
        let running = await Deadline.eventually {
            let status = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: socket)
            return (try? JSONReader.parse(status.output))?["stack"]?["transition"]?["id"] == 1
        }
        #expect(running)
        _ = await ToolRun.transitionctl(["pause", "main"], socket: socket)
        _ = await ToolRun.transitionctl(["scrub", "main", "0.01"], socket: socket)
        _ = await ToolRun.transitionctl(["reverse", "main"], socket: socket)
        _ = await ToolRun.transitionctl(["resume", "main"], socket: socket)
        let result = await waited
        #expect(result.status == .failure)
        #expect(result.errors == "transitionctl: Transition 1 of stack main was cancelled\n")
        #expect(try await Self.screens(daemon) == ["home"])
    }
}
