import JSON
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Fault 1 (docs/faults.md): the client driving an interactive transition is killed with SIGKILL. The
/// daemon sees its connection close and applies the transition's `onDisconnect` rule (cancel, the
/// default): the release starts on the first tick after it noticed, the transition runs back and ends
/// `cancelled`, and the stack is exactly as before.
@Suite(.serialized) struct InteractiveDisconnectTests {
    /// The display link's rate the daemon runs at.
    static let framesPerSecond = 60.0
    /// Where the gesture leaves the transition before its driver dies.
    static let fraction = 0.5
    /// Frames of slack on the cancellation's frame index: the release starts between two ticks, and the
    /// ease-in-ease-out return ends on the first tick at or past its duration.
    static let frameSlack = 2

    @Test func aKilledDriverCancelsItsInteractiveTransition() async throws {
        // On a thread of its own: blocking a thread of the cooperative pool, which every test target
        // shares, would starve the in-process services of other tests.
        try await OffPool.run {
            let daemon = try DaemonUnderTest(arguments: ["--frame-rate", "60"])
            let control = try daemon.connect()
            try control.succeed("CreateStack", Screens.create("gesture"))
            try control.succeed("Push", ["stack": "gesture", "screen": Screens.screen("list"), "animated": false])
            let before = try control.succeed("GetStack", ["name": "gesture", "includeScreens": true])["stack"]
            let watcher = try StreamRecorder(socketPath: daemon.socketPath, stack: "gesture")
            defer { watcher.stop() }

            // The driver: begins an interactive push and moves it to the fraction, on a connection that is
            // then handed to a child process (as its descriptor 3) and closed here, so that the child holds
            // the connection's only reference.
            let driver = try daemon.connect()
            let began = try driver.succeed(
                "BeginInteractive", ["stack": "gesture", "operation": "push", "screen": Screens.screen("detail")])
            #expect(began["result"]?["outcome"]?.stringValue == "started")
            try driver.succeed("UpdateInteractive", ["stack": "gesture", "fraction": .number(Self.fraction)])
            let running = try control.succeed("GetStack", ["name": "gesture"])["stack"]?["transition"]
            let duration = try #require(running?["durationSeconds"]?.doubleValue)
            #expect(running?["interactive"]?.boolValue == true)
            let atFraction = watcher.waitUntil { items in
                items.contains {
                    if case .frame(_, let progress?, _) = $0 { abs(progress - Self.fraction) < 1e-6 } else { false }
                }
            }
            try #require(atFraction, "no frame at the gesture's fraction: \(watcher.recorded)")
            let holder = try ChildProcess(
                executable: "/bin/sleep", arguments: ["600"], environment: ["PATH=\(ChildProcess.searchPath)"],
                descriptors: [(driver.connection.fileDescriptor, 3)])
            driver.close()
            let heldItems = watcher.recorded.count

            holder.send(signal: SIGKILL)
            _ = holder.finishBlocking()
            let cancelled = watcher.waitUntil { items in
                items.contains { if case .event("cancelled", _, _) = $0 { true } else { false } }
            }
            try #require(cancelled, "no cancelled event after the driver was killed: \(watcher.recorded)")

            let after = Array(watcher.recorded[heldItems...])
            let firstFrame = after.lazy.compactMap { item -> (index: Int, progress: Double?)? in
                if case .frame(let index, let progress, _) = item { return (index, progress) }
                return nil
            }.first
            let cancellation = watcher.events.first { $0.kind == "cancelled" }
            let first = try #require(firstFrame, "no frame after the driver was killed: \(after)")
            let cancelledAt = try #require(cancellation).frameIndex
            // The release started on the first tick: that tick's frame already runs back from the fraction,
            // unless the tick came late enough that its grid time is before the moment the daemon noticed the
            // disconnection (it then shows the fraction still); the frame after it runs back in any case.
            let firstProgress = try #require(first.progress, "the first frame after the kill is settled: \(after)")
            let frames = after.compactMap { item -> (index: Int, progress: Double?)? in
                if case .frame(let index, let progress, _) = item { return (index, progress) }
                return nil
            }
            let firstMoving = try #require(
                frames.first { ($0.progress ?? 0) < Self.fraction }, "no frame ran back after the kill: \(after)")
            #expect(
                firstMoving.index - first.index <= 1,
                "the frames after the kill stayed at the fraction until frame \(firstMoving.index): \(after)")
            #expect(firstProgress <= Self.fraction)
            // Going back from f takes f · D seconds at completion speed 1 (docs/engine.md, "Releasing"),
            // counted from the first frame seen: on a machine that runs the daemon or the watcher late, ticks
            // are skipped or frames replaced, and that frame may already be some way back from the fraction.
            let expectedFrames = Int((firstProgress * duration * Self.framesPerSecond).rounded(.up))
            let framesTaken = cancelledAt - first.index
            print(
                "fault 1: first tick after the kill frame \(first.index) at progress \(firstProgress); cancelled at "
                    + "frame \(cancelledAt) (\(framesTaken) frames; \(expectedFrames) expected)")
            #expect(
                abs(framesTaken - expectedFrames) <= Self.frameSlack,
                """
                cancelled at frame \(cancelledAt), \(framesTaken) frames after the first tick after the kill \
                (frame \(first.index)); expected \(expectedFrames) ± \(Self.frameSlack)
                """)
            let stateAfter = try control.succeed("GetStack", ["name": "gesture", "includeScreens": true])["stack"]
            #expect(stateAfter == before)
            #expect(!daemon.hasExited)
        }
    }
}
