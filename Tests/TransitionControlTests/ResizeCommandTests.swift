import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// `resize` against the real daemon: the transition it starts and waits for, the size `status` reports,
/// `--no-animation`, and sides refused before anything is sent.
@Suite("resize command")
struct ResizeCommandTests {
    /// The container size of `main` as `status --json` reports it.
    private static func size(_ daemon: DaemonUnderTest) async throws -> [Double?] {
        let run = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: daemon.socketPath)
        let stack = try JSONReader.parse(run.output)["stack"]
        return [stack?["containerWidth"]?.doubleValue, stack?["containerHeight"]?.doubleValue]
    }

    @Test func resizeWaitsForItsTransitionAndTheNewSizeIsReported() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let turned = await ToolRun.transitionctl(["resize", "main", "667", "375", "--wait"], socket: socket)
        #expect(turned.status == .success, "\(turned.errors)")
        #expect(turned.output == "Transition 1 of stack main started.\nTransition 1 of stack main completed.\n")
        #expect(try await Self.size(daemon) == [667, 375])
        let immediate = await ToolRun.transitionctl(
            ["resize", "main", "1024.5", "768", "--no-animation", "--animator", "fade"], socket: socket)
        #expect(immediate.output == "Stack main changed at once.\n", "\(immediate.errors)")
        #expect(try await Self.size(daemon) == [1024.5, 768])
    }

    @Test(arguments: [
        (["0", "375"], "WIDTH"), (["-667", "375"], "WIDTH"), (["667", "wide"], "HEIGHT"),
        (["667", "1000001"], "HEIGHT"), (["nan", "375"], "WIDTH"),
    ])
    func aSideThatIsNoneIsRefusedBeforeAnythingIsSent(sides: [String], name: String) async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let refused = await ToolRun.transitionctl(["resize", "main"] + sides, socket: daemon.socketPath)
        #expect(refused.status == .usage, "\(refused.errors)")
        #expect(refused.errors.contains("give \(name) in points, above 0 and at most 1000000"), "\(refused.errors)")
        #expect(try await Self.size(daemon) == [375, 667])
        let missing = await ToolRun.transitionctl(["resize", "main", "667"], socket: daemon.socketPath)
        #expect(missing.status == .usage, "\(missing.errors)")
    }

    @Test func anAnimatorWithoutAResizeVariantIsTheDaemonsError() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let refused = await ToolRun.transitionctl(
            ["resize", "main", "667", "375", "--animator", "zoom"], socket: daemon.socketPath)
        #expect(refused.status == .failure)
        #expect(refused.errors.contains("io.transitiond.NoSuchAnimator"), "\(refused.errors)")
        #expect(try await Self.size(daemon) == [375, 667])
    }
}
