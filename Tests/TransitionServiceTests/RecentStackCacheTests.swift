import Testing
import TransitionTestSupport
import Varlink

@testable import TransitionEngine
@testable import TransitionService

/// The stack of the latest in-place update: found by the bytes of its name while the engine registry's
/// generation is the one it was looked up at, and never after any change of the registry.
@Suite struct RecentStackCacheTests {
    static func lookUp(_ cache: RecentStackCache, _ name: String, _ generation: UInt64) -> StackRecord? {
        Array(name.utf8).withUnsafeBytes { cache.record(named: $0, generation: generation) }
    }

    @Test func findsTheRememberedStackWhileTheRegistryIsUnchanged() async throws {
        let (harness, records) = try await GestureMailboxTests.records()
        let cache = RecentStackCache()
        let generation = harness.engine.registryGeneration
        #expect(Self.lookUp(cache, "a", generation) == nil, "nothing remembered yet")
        Array("a".utf8).withUnsafeBytes { cache.remember(records[0], named: $0, generation: generation) }
        #expect(Self.lookUp(cache, "a", generation) === records[0])
        #expect(Self.lookUp(cache, "b", generation) == nil, "another name")
        #expect(Self.lookUp(cache, "ab", generation) == nil, "another length")
        #expect(Self.lookUp(cache, "", generation) == nil, "the empty name")
        #expect(Self.lookUp(cache, "a", generation + 1) == nil, "another generation")
        await harness.shutdown()
    }

    /// Every change of the registry changes its generation: creating, deleting and failing to delete.
    @Test func everyChangeOfTheRegistryChangesItsGeneration() async throws {
        let (harness, records) = try await GestureMailboxTests.records()
        let engine = harness.engine
        var seen: Set<UInt64> = [engine.registryGeneration]
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("d"))
        }
        #expect(seen.insert(engine.registryGeneration).inserted, "created")
        #expect(engine.changeRegistry { $0.beginDeleting("a") } != nil)
        #expect(seen.insert(engine.registryGeneration).inserted, "being deleted")
        #expect((try? harness.service.stackRecord("a")) == nil)
        engine.changeRegistry { $0.setPhase(.ready, of: "a") }
        #expect(seen.insert(engine.registryGeneration).inserted, "deletion cancelled")
        #expect(try harness.service.stackRecord("a") === records[0])
        let unchanged = engine.registryGeneration
        _ = try harness.service.stackRecord("b")
        #expect(engine.registryGeneration == unchanged, "a lookup changes nothing")
        try await harness.withConnection { connection throws in
            try connection.call("DeleteStack", ["name": "b"])
        }
        #expect(seen.insert(engine.registryGeneration).inserted, "deleted")
        await harness.shutdown()
    }

    /// The cache does not keep a deleted stack alive.
    @Test func holdsItsStackWeakly() async throws {
        let (harness, records) = try await GestureMailboxTests.records()
        let cache = RecentStackCache()
        let generation = harness.engine.registryGeneration
        var record: StackRecord? = StackRecord(actor: records[0].actor)
        Array("x".utf8).withUnsafeBytes { cache.remember(record!, named: $0, generation: generation) }
        #expect(Self.lookUp(cache, "x", generation) === record)
        record = nil
        #expect(Self.lookUp(cache, "x", generation) == nil)
        await harness.shutdown()
    }

    /// The cache as a property: over random creations, deletions (finished or cancelled) and re-creations
    /// of a few names, the in-place path's lookup of any name is the registry's own answer now: the same
    /// record, or none.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func anInPlaceLookupIsAlwaysTheRegistrysAnswer(seed: UInt64) async throws {
        let harness = try ServiceHarness()
        let service = harness.service
        let engine = harness.engine
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
                let id = StackID(rawValue: name)
                if engine.changeRegistry({ $0.beginDeleting(id) }) != nil {
                    let during = Array(name.utf8).withUnsafeBytes { service.inPlaceRecord(named: $0) }
                    #expect(during == nil, "a stack being deleted takes no updates")
                    engine.changeRegistry { $0.setPhase(.ready, of: id) }
                }
            default: break
            }
            for looked in names + ["", "absent"] {
                let found = Array(looked.utf8).withUnsafeBytes { service.inPlaceRecord(named: $0) }
                let expected = try? service.stackRecord(looked)
                #expect(found === expected, "seed \(seed): '\(looked)'")
                if found != nil { served += 1 }
            }
        }
        #expect(served > 20, "seed \(seed): the lookups found stacks \(served) times")
        await harness.shutdown()
    }
}
