import Testing
import TransitionTestSupport
import Varlink

@testable import TransitionService

/// The stack of the latest in-place update: found by the bytes of its name while the directory's
/// generation is the one it was looked up at, and never after any change of the directory.
@Suite struct RecentStackCacheTests {
    static func lookUp(_ cache: RecentStackCache, _ name: String, _ generation: UInt64) -> StackRecord? {
        Array(name.utf8).withUnsafeBytes { cache.record(named: $0, generation: generation) }
    }

    @Test func findsTheRememberedStackWhileTheDirectoryIsUnchanged() async throws {
        let (harness, records) = try await GestureMailboxTests.records()
        let cache = RecentStackCache()
        let directory = harness.service.stacks
        let generation = directory.generation
        #expect(Self.lookUp(cache, "a", generation) == nil, "nothing remembered yet")
        Array("a".utf8).withUnsafeBytes { cache.remember(records[0], named: $0, generation: generation) }
        #expect(Self.lookUp(cache, "a", generation) === records[0])
        #expect(Self.lookUp(cache, "b", generation) == nil, "another name")
        #expect(Self.lookUp(cache, "ab", generation) == nil, "another length")
        #expect(Self.lookUp(cache, "", generation) == nil, "the empty name")
        #expect(Self.lookUp(cache, "a", generation + 1) == nil, "another generation")
        await harness.shutdown()
    }

    /// Every change of the directory changes its generation: creating, deleting and failing to delete.
    @Test func everyChangeOfTheDirectoryChangesItsGeneration() async throws {
        let (harness, records) = try await GestureMailboxTests.records()
        let directory = harness.service.stacks
        var seen: Set<UInt64> = [directory.generation]
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("d"))
        }
        #expect(seen.insert(directory.generation).inserted, "created")
        let deleting = try directory.beginDeleting("a")
        #expect(seen.insert(directory.generation).inserted, "being deleted")
        #expect((try? directory.record("a")) == nil)
        directory.cancelDeleting(deleting)
        #expect(seen.insert(directory.generation).inserted, "deletion cancelled")
        #expect(try directory.record("a") === records[0])
        let unchanged = directory.generation
        _ = try directory.record("b")
        #expect(directory.generation == unchanged, "a lookup changes nothing")
        try await harness.withConnection { connection throws in
            try connection.call("DeleteStack", ["name": "b"])
        }
        #expect(seen.insert(directory.generation).inserted, "deleted")
        await harness.shutdown()
    }

    /// The cache does not keep a deleted stack alive.
    @Test func holdsItsStackWeakly() async throws {
        let (harness, records) = try await GestureMailboxTests.records()
        let cache = RecentStackCache()
        let generation = harness.service.stacks.generation
        var record: StackRecord? = StackRecord(name: "x", ownerUid: 0, actor: records[0].actor)
        Array("x".utf8).withUnsafeBytes { cache.remember(record!, named: $0, generation: generation) }
        #expect(Self.lookUp(cache, "x", generation) === record)
        record = nil
        #expect(Self.lookUp(cache, "x", generation) == nil)
        await harness.shutdown()
    }

    /// The cache as a property: over random creations, deletions (finished or cancelled) and re-creations
    /// of a few names, the in-place path's lookup of any name is the directory's own answer now: the same
    /// record, or none.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func anInPlaceLookupIsAlwaysTheDirectorysAnswer(seed: UInt64) async throws {
        let harness = try ServiceHarness()
        let service = harness.service
        let directory = service.stacks
        var random = SeededGenerator(seed: seed)
        let names = ["a", "b", "ab", "x y"]
        var served = 0
        for _ in 0..<60 {
            let name = names.randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                try await harness.withConnection { connection throws in
                    do { try connection.call("CreateStack", Screens.createParameters(name)) } catch is VarlinkError {}
                }
            case 1:
                try await harness.withConnection { connection throws in
                    do { try connection.call("DeleteStack", ["name": .string(name)]) } catch is VarlinkError {}
                }
            case 2:
                if let deleting = try? directory.beginDeleting(name) {
                    let during = Array(name.utf8).withUnsafeBytes { service.inPlaceRecord(named: $0) }
                    #expect(during == nil, "a stack being deleted takes no updates")
                    directory.cancelDeleting(deleting)
                }
            default: break
            }
            for looked in names + ["", "absent"] {
                let found = Array(looked.utf8).withUnsafeBytes { service.inPlaceRecord(named: $0) }
                let expected = try? directory.record(looked)
                #expect(found === expected, "seed \(seed): '\(looked)'")
                if found != nil { served += 1 }
            }
        }
        #expect(served > 20, "seed \(seed): the lookups found stacks \(served) times")
        await harness.shutdown()
    }
}
