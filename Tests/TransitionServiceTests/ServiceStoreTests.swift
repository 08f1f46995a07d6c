import Testing
import TransitionCore
import TransitionEngine
import TransitionTestSupport

@testable import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// The service's records in the engine's one store: beside the stacks, apart from them, and moved there
/// from the directory older daemons kept them in.
@Suite struct ServiceStoreTests {
    /// An older daemon's `<state>/service` store, with a stack's owner and an animator with its owner.
    static func writeLegacyRecords(in stateDirectory: String) async throws {
        let legacy = try StateStore.open(directory: stateDirectory + "/" + ServiceStore.legacyDirectoryName)
        try await legacy.write([
            .put(key: "owner/main", encode: { Array("1000".utf8) }),
            .put(key: "animator/soft", encode: { Array(#"{"name":"soft"}"#.utf8) }),
            .put(key: "animator-owner/soft", encode: { Array("1000".utf8) }),
        ])
        await legacy.close()
    }

    @Test func theLegacyDirectoryIsMovedIntoTheEnginesStoreOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.file("state")
        let store = try StateStore.open(directory: state)
        try await Self.writeLegacyRecords(in: state)
        #expect(try await ServiceStore.migrateLegacyDirectory(of: state, into: store) == [])
        #expect(!StateStore.directoryExists(state + "/" + ServiceStore.legacyDirectoryName))
        // A second start finds nothing to move.
        #expect(try await ServiceStore.migrateLegacyDirectory(of: state, into: store) == [])
        await store.close()

        // What the next start reads: the records, and no stack made of them.
        let reopened = try StateStore.open(directory: state)
        #expect(reopened.values[TransitionEngine.foreignKeyPrefix + "owner/main"] == Array("1000".utf8))
        let records = ServiceStore(sharing: reopened)
        #expect(records.restoredAnimators.map(\.name) == ["soft"])
        #expect(records.restoredAnimators.first?.owner == 1000)
        #expect(records.restoredAnimators.first.map { String(decoding: $0.json, as: UTF8.self) } == #"{"name":"soft"}"#)
        let engine = TransitionEngine(clock: try VirtualClock(), store: reopened, shardCount: 1)
        #expect(engine.restoreProblems.isEmpty, "\(engine.restoreProblems)")
        #expect(engine.stackIDs.isEmpty)
        // An owner record without its stack: folding the owners into the stacks drops it.
        try await engine.foldLegacyOwnerRecords()
        #expect(!reopened.values.keys.contains { $0.hasPrefix(TransitionEngine.foreignKeyPrefix + "owner/") })
        await engine.shutdown()
    }

    /// Animators written by the service live in the engine's store, under keys no stack can have, and a
    /// stack's owner in the stack's own record: the engine restores its stacks, with their owners, beside
    /// the animators, and nothing else is left in the state directory.
    @Test func ownersAndAnimatorsShareTheEnginesStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try ServiceHarness(directory: directory, persistent: true)
        try await first.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("main"))
            try connection.call("DefineAnimator", ["animator": TransitionServiceAnimatorsTests.crossFade])
        }
        let keys = first.engine.store.values.keys.sorted()
        #expect(keys.contains("main"))
        #expect(!keys.contains { $0.hasPrefix(TransitionEngine.foreignKeyPrefix + "owner/") })
        #expect(keys.contains { $0.hasPrefix(TransitionEngine.foreignKeyPrefix + "animator/crossFade") })
        #expect(!StateStore.directoryExists(directory.file("state/" + ServiceStore.legacyDirectoryName)))
        await first.stop()

        let second = try ServiceHarness(directory: directory, persistent: true)
        #expect(second.engine.restoreProblems.isEmpty, "\(second.engine.restoreProblems)")
        #expect(second.engine.stackIDs == ["main"])
        #expect(try second.engine.stack("main").ownerUid == getuid())
        #expect(second.service.animators.animator(named: "crossFade") != nil)
        await second.shutdown()
    }

    /// No stack may take a name that begins where the service's records do.
    @Test func aStackIdCannotBeginWithTheForeignKeyPrefix() async throws {
        let engine = TransitionEngine(clock: try VirtualClock(), store: .inMemory(), shardCount: 1)
        let state = StackState(
            id: StackID(rawValue: TransitionEngine.foreignKeyPrefix + "owner/main"),
            screens: [Screens.screen("home")], containerSize: Size(width: 375, height: 667))
        await #expect(throws: TransitionEngineError.self) { try await engine.createStack(state) }
        #expect(engine.stackIDs.isEmpty)
        await engine.shutdown()
    }
}
