import JSON
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Fault 5 (docs/faults.md): the state directory's filesystem is full. A change that cannot be written
/// fails with `StorageFailed` and changes nothing (an animated one ends `cancelled` with that error);
/// the stored state is intact (a restart reads it, still with the disk full); once space returns,
/// changes succeed and last.
@Suite(.serialized) struct DiskFullTests {
    /// The tmpfs's size, KiB.
    static let filesystemKilobytes = 512
    /// Tiles and style bytes of the screens pushed while the disk is full: a record of about 20 KB needs
    /// pages the filesystem no longer has (a small one could fit in the journal's last page).
    static let tiles = 20
    static let padding = 1_000

    @Test(.enabled(if: SmallFilesystem.isAvailable, "needs root to mount a tmpfs in a private namespace"))
    func aFullDiskFailsChangesWithoutCorruptingTheState() async throws {
        // On a thread of its own: blocking a thread of the cooperative pool, which every test target
        // shares, would starve the in-process services of other tests.
        try await OffPool.run {
            let directory = try TemporaryDirectory(prefix: "transitiond-faults")
            defer { directory.remove() }
            guard mkdir(directory.file("state"), 0o700) == 0 else { throw HarnessFailure.systemCall("mkdir") }
            let filesystem = try SmallFilesystem(over: directory.file("state"), kilobytes: Self.filesystemKilobytes)
            var daemon = try DaemonUnderTest(prefix: filesystem.prefix, directory: directory)
            var client = try daemon.connect()
            try client.succeed("CreateStack", Screens.create("disk"))
            try client.succeed("Push", ["stack": "disk", "screen": Screens.screen("kept"), "animated": false])
            let before = try client.succeed("GetStack", ["name": "disk", "includeScreens": true])["stack"]
            let filled = try filesystem.fill("filler")

            let big = Screens.screen("lost", tiles: Self.tiles, padding: Self.padding)
            let immediate = try client.call("Push", ["stack": "disk", "screen": big, "animated": false])
            #expect(immediate.error == "io.transitiond.StorageFailed", "\(immediate)")
            let created = try client.call(
                "CreateStack", Screens.create("other", tiles: Self.tiles, padding: Self.padding))
            #expect(created.error == "io.transitiond.StorageFailed", "\(created)")
            let watcher = try StreamRecorder(socketPath: daemon.socketPath, stack: "disk", frames: false)
            defer { watcher.stop() }
            let animated = try client.call("Push", ["stack": "disk", "screen": big])
            #expect(animated.parameters["result"]?["outcome"]?.stringValue == "started", "\(animated)")
            let cancelled = watcher.waitUntil { items in
                items.contains { if case .event("cancelled", _, _) = $0 { true } else { false } }
            }
            #expect(cancelled, "\(watcher.recorded)")
            let cancellation = watcher.events.first { $0.kind == "cancelled" }?.event
            #expect(cancellation?["error"]?["error"]?.stringValue == "io.transitiond.StorageFailed")
            #expect(try client.succeed("GetStack", ["name": "disk", "includeScreens": true])["stack"] == before)
            #expect(try client.succeed("ListStacks")["stacks"]?.arrayValue?.count == 1)

            // Killed and started again with the disk still full: the stored state reads back whole.
            daemon.kill()
            daemon = try DaemonUnderTest(prefix: filesystem.prefix, directory: directory)
            client = try daemon.connect()
            #expect(try client.succeed("GetStack", ["name": "disk", "includeScreens": true])["stack"] == before)
            #expect(!daemon.log.contains("corrupt"), "\(daemon.log)")

            // Space returns: the same change succeeds, and lasts.
            try filesystem.remove("filler")
            let retried = try client.call("Push", ["stack": "disk", "screen": big, "animated": false])
            #expect(retried.error == nil, "\(retried)")
            daemon.kill()
            daemon = try DaemonUnderTest(prefix: filesystem.prefix, directory: directory)
            client = try daemon.connect()
            let last = try client.succeed("GetStack", ["name": "disk"])["stack"]
            #expect(Screens.identifiers(of: try #require(last)) == ["root", "kept", "lost"])
            print("fault 5: filled the \(Self.filesystemKilobytes) KiB state filesystem with \(filled) bytes")
            daemon.stop()
        }
    }
}
