import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

/// The engine's registry, the only one of stacks: owners kept in each stack's own record, quotas decided
/// under its lock, attachments found with their stacks, and deletions that take a stack out of every
/// lookup at once.
@Suite struct StackRegistryTests {
    private final class Note: StackAttachment {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static func state(_ id: StackID, owner: UInt32) -> StackState {
        var state = Fixtures.state(id)
        state.ownerUid = owner
        return state
    }

    @Test func theOwnerIsWrittenInTheStacksOwnRecordAndComesBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            let stack = try await harness.engine.createStack(Self.state("main", owner: 1_000))
            #expect(stack.ownerUid == 1_000)
            try await stack.push(Fixtures.screen("a"))
            await harness.clock.advanceUntilIdle()
            try await harness.engine.createStack(Self.state("root's", owner: 0))
            let stored = try #require(harness.store.values["main"])
            #expect(String(decoding: stored, as: UTF8.self).hasSuffix(#","ownerUid":1000}"#))
            #expect(!String(decoding: harness.store.values["root's"] ?? [], as: UTF8.self).contains("ownerUid"))
            #expect(harness.store.values.keys.sorted() == ["main", "root's"], "no record apart from the stacks")
            await harness.engine.shutdown()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(try restarted.engine.stack("main").ownerUid == 1_000)
        #expect(await (try restarted.engine.stack("main")).state.screens.map(\.id) == ["home", "a"])
        #expect(try restarted.engine.stack("root's").ownerUid == 0)
        await restarted.engine.shutdown()
    }

    /// An older daemon kept owners apart (`\u{1}owner/<stack>`): the restore gives them to their stacks,
    /// and folding writes them into the stacks' records and removes every old record, a stale one too.
    @Test func olderOwnerRecordsAreFoldedIntoTheirStacks() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let prefix = TransitionEngine.legacyOwnerPrefix
        do {
            let store = try StateStore.open(directory: directory.path)
            try await store.write([
                .put(key: "main", encode: { try Fixtures.state("main").encodedForStore() }),
                .put(key: prefix + "main", encode: { Array("1000".utf8) }),
                .put(key: prefix + "gone", encode: { Array("7".utf8) }),
                .put(key: prefix + "bad", encode: { Array("x".utf8) }),
            ])
            await store.close()
        }
        do {
            let harness = try Harness(store: try StateStore.open(directory: directory.path))
            #expect(harness.engine.restoreProblems.isEmpty, "\(harness.engine.restoreProblems)")
            #expect(try harness.engine.stack("main").ownerUid == 1_000)
            try await harness.engine.foldLegacyOwnerRecords()
            #expect(harness.store.values.keys.sorted() == ["main"])
            #expect(String(decoding: harness.store.values["main"] ?? [], as: UTF8.self).contains(#""ownerUid":1000"#))
            let groups = harness.store.statistics.groups
            try await harness.engine.foldLegacyOwnerRecords()
            #expect(harness.store.statistics.groups == groups, "nothing left to fold, nothing written")
            await harness.engine.shutdown()
        }
        let restarted = try Harness(store: try StateStore.open(directory: directory.path))
        #expect(try restarted.engine.stack("main").ownerUid == 1_000)
        await restarted.engine.shutdown()
    }

    /// A fold that cannot be written leaves the old records, read again next time; the stacks keep their
    /// owners in memory meanwhile.
    @Test func aFailedFoldKeepsTheOlderRecords() async throws {
        let store = StateStore.inMemory(restoring: [
            "main": try Fixtures.state("main").encodedForStore(),
            TransitionEngine.legacyOwnerPrefix + "main": Array("1000".utf8),
        ])
        let harness = try Harness(store: store)
        store.injectFailure(TransitionEngineError(.diskFull, "full"))
        await expectError(.diskFull) { try await harness.engine.foldLegacyOwnerRecords() }
        store.injectFailure(nil)
        #expect(store.values[TransitionEngine.legacyOwnerPrefix + "main"] == Array("1000".utf8))
        #expect(try harness.engine.stack("main").ownerUid == 1_000)
        try await harness.engine.foldLegacyOwnerRecords()
        #expect(store.values.keys.sorted() == ["main"])
        await harness.engine.shutdown()
    }

    @Test func anOwnersQuotaCountsItsStacksFromCreationUntilDeletion() async throws {
        let store = StateStore.inMemory()
        let harness = try Harness(store: store)
        let engine = harness.engine
        let quota = OwnerQuota(maximum: 2)
        try await engine.createStack(Self.state("a", owner: 1_000), quota: quota)
        try await engine.createStack(Self.state("b", owner: 1_000), quota: quota)
        await expectError(.limitExceeded) {
            try await engine.createStack(Self.state("c", owner: 1_000), quota: quota)
        }
        try await engine.createStack(Self.state("d", owner: 2_000), quota: quota)
        #expect(engine.stackIDs == ["a", "b", "d"], "a refused creation leaves nothing")
        try await engine.deleteStack("a")
        // A creation that cannot be written gives its place back.
        store.injectFailure(TransitionEngineError(.diskFull, "full"))
        await expectError(.diskFull) { try await engine.createStack(Self.state("c", owner: 1_000), quota: quota) }
        store.injectFailure(nil)
        try await engine.createStack(Self.state("c", owner: 1_000), quota: quota)
        // Counted together, every owner's stacks fill one quota.
        await expectError(.limitExceeded) {
            try await engine.createStack(
                Self.state("e", owner: 3_000), quota: OwnerQuota(maximum: 3, countsEveryOwner: true))
        }
        try await engine.createStack(
            Self.state("e", owner: 3_000), quota: OwnerQuota(maximum: 4, countsEveryOwner: true))
        #expect(engine.stackIDs == ["b", "c", "d", "e"])
        await engine.shutdown()
    }

    @Test func theQuotasErrorNamesItsLimit() async throws {
        let harness = try Harness()
        do {
            try await harness.engine.createStack(Self.state("a", owner: 5), quota: OwnerQuota(maximum: 0))
            Issue.record("a quota of 0 let a stack be created")
        } catch {
            #expect(error.exceededLimit == ExceededLimit("stacksPerUser", maximum: 0))
            #expect(error.message.contains("uid 5 owns 0 stacks"), "\(error.message)")
        }
        await harness.engine.shutdown()
    }

    @Test func attachmentsAreFoundWithTheirStacksAndGoWithThem() async throws {
        let store = StateStore.inMemory(restoring: ["restored": try Fixtures.state("restored").encodedForStore()])
        let harness = try Harness(store: store)
        let engine = harness.engine
        #expect(engine.attachment(of: "restored") == nil, "restored without one")
        let created = try await engine.createStack(Fixtures.state("created"), attachment: { Note("made for \($0.id)") })
        #expect((engine.attachment(of: "created") as? Note)?.text == "made for created")
        #expect(try engine.stack("created") === created)
        let generation = engine.registryGeneration
        engine.attachToStacksWithout { Note("given to \($0.id)") }
        #expect(engine.registryGeneration != generation)
        #expect(engine.attachments.compactMap { ($0 as? Note)?.text } == ["made for created", "given to restored"])
        #expect(engine.attachment(of: "absent") == nil)

        store.injectFailure(TransitionEngineError(.diskFull, "full"))
        await expectError(.diskFull) { try await engine.deleteStack("created") }
        store.injectFailure(nil)
        #expect(!created.isDeleted, "a deletion that failed is undone")
        #expect(engine.attachment(of: "created") != nil)
        try await engine.deleteStack("created")
        #expect(created.isDeleted)
        #expect(engine.attachment(of: "created") == nil)
        await expectError(.noSuchStack) { _ = try engine.stack("created") }
        await engine.shutdown()
    }

    /// Two deletions of one stack at once: one deletes it, the other finds no stack.
    @Test func aStackIsDeletedOnce() async throws {
        let harness = try Harness()
        let engine = harness.engine
        try await engine.createStack(Fixtures.state("main"))
        let deletions = [Task { try await engine.deleteStack("main") }, Task { try await engine.deleteStack("main") }]
        var codes: [String] = []
        for deletion in deletions {
            switch await deletion.result {
            case .success: codes.append("deleted")
            case .failure(let error):
                codes.append("\((error as? TransitionEngineError).map { "\($0.code)" } ?? "\(error)")")
            }
        }
        #expect(codes.sorted() == ["deleted", "\(TransitionEngineError.Code.noSuchStack)"].sorted())
        #expect(engine.stackIDs.isEmpty)
        await engine.shutdown()
    }
}
