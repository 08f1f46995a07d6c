import JSON
import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `gesture` end to end: the built binary plays a gesture as pointer samples while `record` saves what
/// the daemon streams; the daemon decides, and the recorded events say whether the transition finished
/// or was cancelled.
@Suite("gesture command")
struct GestureCommandTests {
    /// Plays `gesture` with `arguments` on a stack showing home then detail, while recording; returns the
    /// recording, the gesture's output and the stack's screens afterwards.
    static func playWhileRecording(_ arguments: [String]) async throws -> (
        recording: Recording, output: String, status: Int32, screens: [String]
    ) {
        let daemon = try await InteractiveCommandsTests.daemonWithTwoScreens()
        defer { daemon.stop() }
        let file = daemon.directory.file("recording.jsonl")
        guard
            let recorder = try InteractiveCommandsTests.start(
                ["record", "main", "--until-settled", "--out", file], daemon: daemon)
        else { return (Recording(path: file), "", -1, []) }
        // The first line is the subscription's first frame: from then on nothing is missed.
        #expect(Deadline.waitUntil { Recording.lineCount(file) >= 1 })
        guard
            let gesture = try InteractiveCommandsTests.start(["gesture", "main", "--pop"] + arguments, daemon: daemon)
        else { return (Recording(path: file), "", -1, []) }
        let played = await gesture.finish()
        #expect(played.errors.isEmpty, "\(played.errors)")
        let recorded = await recorder.finish()
        #expect(recorded.status == 0, "\(recorded.errors)")
        let screens = try await NavigationCommandsTests.screens(daemon)
        return (Recording(path: file), played.output, played.status, screens)
    }

    @Test func aGesturePastHalfwayFinishes() async throws {
        let (recording, output, status, screens) = try await Self.playWhileRecording(
            ["--drag-to", "0.7", "--over", "0.2"])
        #expect(status == 0)
        #expect(recording.eventKinds == ["began", "completed", "stackChanged"])
        #expect(recording.events.first?["interactive"] == true)
        #expect(recording.events.first?["operation"] == "pop")
        #expect(screens == ["home"])
        // While the pointer held it, the frames were interactive and never past the release fraction.
        let driven = recording.frames.filter { $0["transition"]?["interactive"] == true }
        #expect(!driven.isEmpty)
        #expect(driven.allSatisfy { ($0["transition"]?["progress"]?.doubleValue ?? 2) <= 0.7 + 1e-6 })
        #expect(recording.frames.last?["transition"] == .null)
        // 0.7 of the 375-point container in 0.2 s: 1,312.5 points a second, as the daemon measured it.
        #expect(
            output == """
                Transition 2 of stack main began (pop), driven by the gesture.
                Released at 0.700 after 0.200 s and 12 pointer samples, moving 1312.5 points/s (3.500/s): \
                the daemon decided to finish.
                Transition 2 of stack main completed.

                """)
    }

    @Test func aGestureHeldShortOfHalfwayCancels() async throws {
        let (recording, output, status, screens) = try await Self.playWhileRecording(
            ["--points", "0.3@0.15,0.45@0.3,0.45@0.5"])
        #expect(status == 0)
        #expect(recording.eventKinds == ["began", "cancelled"])
        #expect(screens == ["home", "detail"])
        // Held still for 0.2 s before the release: no velocity, the position decides.
        #expect(output.contains(" moving 0.0 points/s (0.000/s): the daemon decided to cancel.\n"), "\(output)")
        #expect(output.hasSuffix("Transition 2 of stack main was cancelled.\n"))
    }

    @Test func aFlickShortOfHalfwayFinishes() async throws {
        let (recording, output, _, screens) = try await Self.playWhileRecording(
            ["--drag-to", "0.3", "--over", "0.1", "--json=short"])
        #expect(recording.eventKinds == ["began", "completed", "stackChanged"])
        #expect(screens == ["home"])
        let summary = try JSONReader.parse(output)
        #expect(summary["decision"] == "finish")
        #expect(summary["ending"] == "completed")
        #expect(summary["transitionId"] == 2)
        #expect(summary["samples"] == 6)
        #expect(abs((summary["fraction"]?.doubleValue ?? 0) - 0.3) < 1e-9, "\(summary)")
        // Three container widths a second, far past the flick of one.
        #expect(abs((summary["fractionVelocity"]?.doubleValue ?? 0) - 3) < 1e-6, "\(summary)")
        #expect(abs((summary["velocity"]?.doubleValue ?? 0) - 1125) < 1e-6, "\(summary)")
    }

    @Test func aFlickBackPastHalfwayCancels() async throws {
        let (recording, output, _, screens) = try await Self.playWhileRecording(
            ["--points", "0.8@0.3,0.6@0.4", "--json=short"])
        #expect(recording.eventKinds == ["began", "cancelled"])
        #expect(screens == ["home", "detail"])
        let summary = try JSONReader.parse(output)
        #expect(summary["decision"] == "cancel")
        #expect(summary["ending"] == "cancelled")
        #expect(abs((summary["fractionVelocity"]?.doubleValue ?? 0) + 2) < 1e-6, "\(summary)")
    }

    @Test func aCancelledGestureCancelsWhereverItWent() async throws {
        let (recording, output, _, screens) = try await Self.playWhileRecording(
            ["--drag-to", "0.9", "--over", "0.2", "--cancelled"])
        #expect(recording.eventKinds == ["began", "cancelled"])
        #expect(screens == ["home", "detail"])
        #expect(output.contains(" (4.500/s, cancelled): the daemon decided to cancel.\n"), "\(output)")
    }

    @Test func aPanOfItsOwnDrivesByItsDirectionAndDistance() async throws {
        // Upward from the container's centre, 200 points for the whole transition: 120 points up is 0.6.
        let (recording, output, _, screens) = try await Self.playWhileRecording(
            [
                "--edge", "none", "--direction", "up", "--distance", "200", "--points", "0.6@0.3,0.6@0.5",
                "--json=short",
            ])
        #expect(recording.eventKinds == ["began", "completed", "stackChanged"])
        #expect(screens == ["home"])
        let summary = try JSONReader.parse(output)
        #expect(summary["decision"] == "finish")
        #expect(abs((summary["fraction"]?.doubleValue ?? 0) - 0.6) < 1e-9, "\(summary)")
        // Held still before the release: no velocity, but for the least-squares fit's rounding.
        #expect(abs(summary["velocity"]?.doubleValue ?? 1) < 1e-6, "\(summary)")
    }

    @Test func aTouchDownOutsideTheEdgeBeginsNothing() async throws {
        let daemon = try await InteractiveCommandsTests.daemonWithTwoScreens()
        defer { daemon.stop() }
        let run = await ToolRun.transitionctl(
            ["gesture", "main", "--pop", "--drag-to", "0.7", "--over", "0.1", "--touch-down", "100,300"],
            socket: daemon.socketPath)
        #expect(run.status == .failure)
        #expect(
            run.errors.hasPrefix(
                "transitionctl: Failed to begin an interactive pop on stack main: "
                    + "io.transitiond.PointerOutsideEdge (parameter \"pointer\"): "), "\(run.errors)")
        #expect(run.output.isEmpty)
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home", "detail"])
    }

    @Test func ctrlCLeavesTheTransitionToTheDaemon() async throws {
        let daemon = try await InteractiveCommandsTests.daemonWithTwoScreens()
        defer { daemon.stop() }
        guard
            let gesture = try InteractiveCommandsTests.start(
                ["gesture", "main", "--pop", "--drag-to", "0.9", "--over", "30"], daemon: daemon)
        else { return }
        #expect(gesture.readOutputLine() == "Transition 2 of stack main began (pop), driven by the gesture.")
        gesture.send(signal: SIGINT)
        let result = await gesture.finish()
        #expect(result.status == 1)
        #expect(result.errors == "transitionctl: Interrupted; the daemon cancels transition 2 of stack main\n")
        // The daemon cancels a gesture whose client left: the stack comes back to where it was.
        #expect(
            await Deadline.eventually {
                let status = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: daemon.socketPath)
                let stack = (try? JSONReader.parse(status.output))?["stack"]
                return stack?["transition"] == nil && stack?["screens"] == ["home", "detail"]
            })
    }

    @Test(arguments: [
        (["gesture", "main", "--drag-to", "0.5", "--over", "1"], "--pop"),
        (["gesture", "main", "--pop", "--dismiss", "--drag-to", "0.5", "--over", "1"], "--pop"),
        (["gesture", "main", "--pop"], "--points"),
        (["gesture", "main", "--pop", "--drag-to", "0.5"], "--over"),
        (["gesture", "main", "--pop", "--points", "0.5@1,0.4@0.5"], "--points"),
        (["gesture", "main", "--pop", "--points", "1.5@1"], "--points"),
        (["gesture", "main", "--pop", "--points", "half@1"], "--points"),
        (["gesture", "main", "--pop", "--drag-to", "2", "--over", "1"], "--drag-to"),
        (["gesture", "main", "--pop", "--drag-to", "0.5", "--over", "1", "--rule", "velocity"], "--rule"),
        (
            ["gesture", "main", "--pop", "--drag-to", "0.5", "--over", "1", "--release-velocity", "2"],
            "--release-velocity"
        ),
        (["gesture", "main", "--pop", "--drag-to", "0.5", "--over", "1", "--edge", "middle"], "--edge"),
        (["gesture", "main", "--pop", "--drag-to", "0.5", "--over", "1", "--direction", "in"], "--direction"),
        (["gesture", "main", "--pop", "--drag-to", "0.5", "--over", "1", "--distance", "0"], "--distance"),
        (["gesture", "main", "--pop", "--drag-to", "0.5", "--over", "1", "--edge-width=0"], "--edge-width"),
        (["gesture", "main", "--pop", "--drag-to", "0.5", "--over", "1", "--touch-down", "10"], "--touch-down"),
        (["gesture", "main", "--dismiss", "--to-screen", "a", "--drag-to", "0.5", "--over", "1"], "--to-screen"),
    ])
    func malformedGesturesAreUsageErrors(arguments: [String], parameter: String) async {
        let run = await ToolRun.transitionctl(arguments, socket: "/nonexistent/socket")
        #expect(run.status == .usage, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(parameter), "\(arguments): \(run.errors)")
    }
}
