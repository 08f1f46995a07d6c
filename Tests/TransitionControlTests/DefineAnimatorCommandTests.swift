import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// `define-animator`, and `animators` listing what the daemon knows.
@Suite("define-animator command")
struct DefineAnimatorCommandTests {
    @Test func definedAnimatorsAreListedOnline() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let defined = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        #expect(defined.output == "Defined animator slowFade for push, pop.\n", "\(defined.errors)")
        let again = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        #expect(again.status == .failure)
        #expect(again.errors.contains("io.transitiond.AnimatorExists"), "\(again.errors)")
        let replaced = await ToolRun.transitionctl(
            ["define-animator", TestScreens.slowFade(seconds: 2), "--replace", "--json=short"], socket: socket)
        #expect(replaced.output == #"{"name":"slowFade","operations":["push","pop"]}"# + "\n", "\(replaced.errors)")
        let list = await ToolRun.transitionctl(["animators", "--no-legend"], socket: socket)
        let slowLine = list.output.split(separator: "\n").first { $0.hasPrefix("slowFade ") }
        #expect(slowLine?.split(separator: " ").filter { !$0.isEmpty }.prefix(3) == ["slowFade", "push,pop", "no"])
        let json = await ToolRun.transitionctl(["animators", "--json=short"], socket: socket)
        let names = try JSONReader.parse(json.output).arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["fade", "magicMove", "none", "pageTurn", "resize", "slide", "slideUp", "slowFade", "zoom"])
    }

    @Test func malformedAnimatorsNameTheField() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let run = await ToolRun.transitionctl(
            ["define-animator", #"{"name":"broken","variants":{"push":{"duration":-1,"phases":[]}}}"#],
            socket: daemon.socketPath)
        #expect(run.status == .failure)
        #expect(run.errors.contains("io.transitiond.InvalidAnimator (parameter \"animator."), "\(run.errors)")
        let notObject = await ToolRun.transitionctl(["define-animator", "[1]"], socket: daemon.socketPath)
        #expect(notObject.status == .failure)
        #expect(notObject.errors == "transitionctl: ANIMATOR (inline JSON): expected a JSON object, got an array\n")
    }

    @Test func withoutADaemonAnimatorsListsTheBuiltIns() async throws {
        let run = await ToolRun.transitionctl(["animators", "--no-legend"], socket: "/nonexistent/socket")
        #expect(run.status == .success)
        #expect(run.errors == "transitionctl: No daemon answers; listing the built-in animators.\n")
        #expect(run.output.split(separator: "\n").count == 8)
    }
}
