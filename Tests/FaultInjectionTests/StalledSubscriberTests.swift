import Foundation
import JSON
import Synchronization
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Fault 2 (docs/faults.md): a subscriber that never reads. Once its connection holds more unread reply
/// bytes than the backlog limit (64 KiB), the daemon sends it nothing more: its frames coalesce in the
/// subscription and its events wait (at most 1,024), so the daemon's memory levels off, and a subscriber
/// that reads keeps getting every frame.
@Suite(.serialized) struct StalledSubscriberTests {
    /// Tiles per screen: frames of about 15 KB, so that the backlog fills within a second.
    static let tiles = 40
    /// Frames the reading subscriber receives between the memory samples (about 5 s at 60 Hz).
    static let framesPerSample = 300
    /// How much the daemon's resident memory may grow after the backlog limit is reached, KiB. Events
    /// held for the stalled subscriber (1,024 at most, a few hundred bytes each) and the allocator's
    /// ordinary variation fit well within it; a daemon that kept buffering frames would pass it in
    /// seconds (about 0.9 MB of frames a second).
    static let allowedGrowthKilobytes = 4 * 1024

    @Test func aSubscriberThatNeverReadsLeavesMemoryBoundedAndOthersUndisturbed() async throws {
        // On a thread of its own: blocking a thread of the cooperative pool, which every test target
        // shares, would starve the in-process services of other tests.
        try await OffPool.run {
            let daemon = try DaemonUnderTest(arguments: ["--frame-rate", "60"])
            let control = try daemon.connect()
            try control.succeed("CreateStack", Screens.create("busy", tiles: Self.tiles))
            let reader = try StreamRecorder(socketPath: daemon.socketPath, stack: "busy")
            defer { reader.stop() }
            let stalled = try VarlinkClient(path: daemon.socketPath)
            defer { stalled.close() }
            try stalled.send("Subscribe", ["stack": "busy"], more: true)

            let driver = StackDriver(socketPath: daemon.socketPath, stacks: ["busy"], tiles: Self.tiles)
            driver.start()
            defer { driver.stop() }

            // The backlog limit is reached when the stalled subscriber's frames start to coalesce.
            let heldBack = Deadline.waitUntil {
                let statistics = try? control.succeed("GetStats")["statistics"]
                return (statistics?["subscriberFramesCoalesced"]?.intValue ?? 0) >= 60
            }
            try #require(heldBack, "the stalled subscriber's frames never coalesced")
            var samples: [Int] = []
            var framesAtSample: [Int] = []
            for _ in 0..<3 {
                let start = Self.frames(reader.recorded).count
                let received = reader.waitUntil { Self.frames($0).count >= start + Self.framesPerSample }
                try #require(received, "the reading subscriber stopped getting frames: \(driver.failures)")
                samples.append(try #require(ProcessFigures.residentKilobytes(of: daemon.pid)))
                framesAtSample.append(Self.frames(reader.recorded).count)
            }
            driver.stop()
            #expect(driver.failures.isEmpty)

            let frames = Self.frames(reader.recorded)
            // A transition's last frame and the settled frame after its commit share the commit tick's index.
            let ordered = zip(frames, frames.dropFirst()).allSatisfy {
                $0.index < $1.index || ($0.index == $1.index && $1.settled)
            }
            let missed = frames.reduce(0) { $0 + $1.missed }
            print(
                "fault 2: resident memory after the backlog limit \(samples) KiB; the reader got \(frames.count) "
                    + "frames, \(missed) coalesced")
            #expect(ordered)
            // The reader reads at once: it misses a frame only when this machine does not run it or the
            // daemon's pumps for a whole frame period (other tests share the two cores), never because of
            // the stalled subscriber, which would leave it with next to nothing: it gets at least one frame
            // for every four it misses (a quiet machine coalesces a few dozen of 900, a CI run with the
            // soak beside it about one in three; a daemon given a twentieth of the processor, about one for
            // each it got).
            #expect(missed <= 4 * frames.count, "\(missed) coalesced, \(frames.count) received")
            #expect(samples[2] - samples[0] <= Self.allowedGrowthKilobytes)
            #expect(!daemon.hasExited)
        }
    }

    static func frames(_ items: [StreamRecorder.Item]) -> [(index: Int, missed: Int, settled: Bool)] {
        items.compactMap {
            if case .frame(let index, let progress, let missed) = $0 { return (index, missed, progress == nil) }
            return nil
        }
    }
}
