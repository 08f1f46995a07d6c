import JSON
import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `record` against the real daemon: the lines it writes, and every way it stops.
@Suite("record command")
struct RecordCommandTests {
    @Test func recordsATransitionUntilItSettles() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let file = daemon.directory.file("push.jsonl")
        guard
            let recorder = try InteractiveCommandsTests.start(
                ["record", "main", "--until-settled", "-o", file], daemon: daemon)
        else { return }
        #expect(Deadline.waitUntil { Recording.lineCount(file) >= 1 })
        let push = await ToolRun.transitionctl(["push", "main", TestScreens.screen("a")], socket: daemon.socketPath)
        #expect(push.status == .success)
        let result = await recorder.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("transitionctl: Recorded "))
        let recording = Recording(path: file)
        #expect(recording.eventKinds == ["began", "completed", "stackChanged"])
        #expect(recording.frames.first?["transition"] == .null, "the idle stack's first frame")
        #expect(recording.frames.last?["transition"] == .null, "the settled frame ends it")
        #expect(recording.frames.last?["nodes"]?[0]?["screen"] == "a")
        let running = recording.frames.filter { $0["transition"] != .null }
        #expect(!running.isEmpty)
        #expect(running.allSatisfy { $0["transition"]?["animator"] == "slide" })
        // Every line parses, and every frame line is in the frame format: re-writing it changes nothing.
        let lines = (TextFile.read(file) ?? "").split(separator: "\n")
        #expect(lines.count == recording.lines.count + 0)
        for line in lines where line.hasPrefix(#"{"stack""#) {
            let value = try JSONReader.parse(String(line))
            #expect(FrameLineWriter.text(frame: value.objectValue ?? [:]) == String(line))
        }
    }

    @Test func durationAndSignalsEndTheRecording() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        guard
            let timed = try InteractiveCommandsTests.start(
                ["record", "main", "--duration", "0.2", "-q"], daemon: daemon)
        else { return }
        let timedResult = await timed.finish()
        #expect(timedResult.status == 0)
        #expect(timedResult.errors.isEmpty, "-q")
        // The stack's screen, then the idle stack's frame only.
        let timedLines = timedResult.output.split(separator: "\n")
        #expect(timedLines.count == 2, "\(timedResult.output)")
        #expect(timedLines.first?.hasPrefix(#"{"screen":{"id":"home","#) == true)
        for signal in [SIGINT, SIGTERM] {
            guard let recorder = try InteractiveCommandsTests.start(["record", "main", "--no-events"], daemon: daemon)
            else { return }
            #expect(recorder.readOutputLine()?.hasPrefix(#"{"screen":"#) == true)
            #expect(recorder.readOutputLine()?.hasPrefix(#"{"stack":"main","#) == true)
            recorder.send(signal: signal)
            let result = await recorder.finish()
            #expect(result.status == 0, "signal \(signal): \(result.errors)")
            #expect(result.errors == "transitionctl: Recorded 1 frame and 0 events of stack main.\n")
        }
    }

    @Test func aRecordingHoldsTheScreensItsFramesShow() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        guard let recorder = try InteractiveCommandsTests.start(["record", "main", "--until-settled"], daemon: daemon)
        else { return }
        // The screens come first, then the subscription's first frame.
        #expect(recorder.readOutputLine()?.hasPrefix(#"{"screen":{"id":"home","#) == true)
        #expect(recorder.readOutputLine()?.hasPrefix(#"{"stack":"main","#) == true)
        let push = await ToolRun.transitionctl(
            ["push", "main", TestScreens.screen("detail")], socket: daemon.socketPath)
        #expect(push.status == .success, "\(push.errors)")
        let result = await recorder.finish()
        #expect(result.status == 0, "\(result.errors)")
        // The pushed screen, once the change is committed: right after its stackChanged event.
        let lines = result.output.split(separator: "\n")
        let changed = lines.firstIndex { $0.contains(#""kind":"stackChanged""#) }
        let detail = lines.firstIndex { $0.hasPrefix(#"{"screen":{"id":"detail","#) }
        #expect(changed != nil && detail == changed.map { $0 + 1 }, "\(result.output)")
        #expect(lines.filter { $0.hasPrefix(#"{"screen":"#) }.count == 1, "home is written once")
    }

    @Test func aDeletedStackEndsTheRecording() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        guard let recorder = try InteractiveCommandsTests.start(["record", "main", "--no-frames"], daemon: daemon)
        else { return }
        #expect(recorder.readOutputLine()?.hasPrefix(#"{"stack":"main","#) == true, "the first reply is a frame")
        _ = await ToolRun.transitionctl(["delete-stack", "main"], socket: daemon.socketPath)
        let result = await recorder.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(#"{"event":{"kind":"stackDeleted","stack":"main","#))
    }

    @Test func failures() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let missing = await ToolRun.transitionctl(["record", "nope"], socket: daemon.socketPath)
        #expect(missing.status == .failure)
        #expect(
            missing.errors.hasPrefix(
                "transitionctl: Failed to record stack nope: io.transitiond.NoSuchStack (parameter \"stack\"): "),
            "\(missing.errors)")
        let usage = await ToolRun.transitionctl(
            ["record", "main", "--until-settled", "--no-frames"], socket: daemon.socketPath)
        #expect(usage.status == .usage)
        let duration = await ToolRun.transitionctl(["record", "main", "--duration", "0"], socket: daemon.socketPath)
        #expect(duration.status == .usage)
        let unwritable = await ToolRun.transitionctl(
            ["record", "main", "--out", "/nonexistent/dir/file"], socket: daemon.socketPath)
        #expect(unwritable.status == .failure)
        #expect(unwritable.errors.hasPrefix("transitionctl: --out: cannot create /nonexistent/dir/file: "))
    }
}
