import SystemPrimitives
import Testing
import TransitionTestSupport

@testable import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StateStoreTests {
    private func put(_ key: String, _ text: String) -> StateStore.Change {
        .put(key: key) { Array(text.utf8) }
    }

    private func texts(_ values: [String: [UInt8]]) -> [String: String] {
        values.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func crcMatchesTheStandardCheckValue() {
        // Check value of CRC-32/ISO-HDLC (the zlib CRC) from the CRC catalogue: "123456789" → 0xCBF43926.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func roundTripThroughJournalAndSnapshot() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        try await store.write([put("a", "one"), put("b", "two")])
        try await store.write([put("a", "three"), .delete(key: "b"), put("c", "four")])
        #expect(texts(store.values) == ["a": "three", "c": "four"])
        // Reopen without closing: everything comes from the journal.
        let reopened = try StateStore.open(directory: directory.path)
        #expect(texts(reopened.restored.values) == ["a": "three", "c": "four"])
        #expect(reopened.restored.journalRecords == 5)
        #expect(reopened.restored.problems.isEmpty)
        await store.close()
        await reopened.close()
        // Closed: compacted into the snapshot, journal empty.
        #expect(directory.read("state.journal").isEmpty)
        let third = try StateStore.open(directory: directory.path)
        #expect(texts(third.restored.values) == ["a": "three", "c": "four"])
        #expect(third.restored.snapshotRecords == 2)
        #expect(third.restored.journalRecords == 0)
        await third.close()
    }

    @Test func compactionKeepsLaterWrites() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path, compactionThreshold: 64)
        for index in 0..<20 { try await store.write([put("k\(index % 3)", "v\(index)")]) }
        #expect(store.statistics.compactions > 0)
        let reopened = try StateStore.open(directory: directory.path)
        #expect(texts(reopened.restored.values) == ["k0": "v18", "k1": "v19", "k2": "v17"])
        #expect(reopened.restored.problems.isEmpty)
        await reopened.close()
        await store.close()
    }

    @Test func concurrentWritesAreGroupedIntoFewerSyncs() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        store.holdWriter(true)
        let done = Counter()
        for index in 0..<200 {
            store.submit([put("stack\(index)", "state\(index)")]) { result in
                if result.isSuccess { done.increment() }
            }
        }
        #expect(done.value == 0)
        store.holdWriter(false)
        await store.close()
        let statistics = store.statistics
        #expect(done.value == 200)
        #expect(statistics.changes == 200)
        #expect(statistics.groups == 1)
        #expect(store.values.count == 200)
    }

    @Test func aTornJournalTailIsReportedAndCut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        try await store.write([put("a", "kept")])
        try await store.write([put("b", "torn away")])
        // Simulate a crash in the middle of the second append: drop its last 5 bytes.
        var journal = directory.read("state.journal")
        journal.removeLast(5)
        try directory.write("state.journal", journal)
        let reopened = try StateStore.open(directory: directory.path)
        #expect(texts(reopened.restored.values) == ["a": "kept"])
        #expect(reopened.restored.problems.map(\.code) == [.corruptState])
        #expect(reopened.restored.discardedBytes > 0)
        // New records follow the good prefix and survive the next restore.
        try await reopened.write([put("c", "after")])
        let third = try StateStore.open(directory: directory.path)
        #expect(texts(third.restored.values) == ["a": "kept", "c": "after"])
        #expect(third.restored.problems.isEmpty)
        for opened in [store, reopened, third] { await opened.close() }
    }

    @Test func aCorruptRecordIsDetectedByItsChecksum() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        try await store.write([put("a", "good")])
        try await store.write([put("b", "flipped")])
        var journal = directory.read("state.journal")
        journal[journal.count - 2] ^= 0x40
        try directory.write("state.journal", journal)
        let reopened = try StateStore.open(directory: directory.path)
        #expect(texts(reopened.restored.values) == ["a": "good"])
        #expect(reopened.restored.problems.count == 1)
        await store.close()
        await reopened.close()
    }

    @Test func aDamagedSnapshotKeepsItsGoodRecords() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        try await store.write([put("a", "1"), put("b", "2")])
        await store.close()
        var snapshot = directory.read("state.snapshot")
        snapshot.removeLast(3)
        try directory.write("state.snapshot", snapshot)
        let reopened = try StateStore.open(directory: directory.path)
        #expect(texts(reopened.restored.values) == ["a": "1", "b": "2"])
        #expect(reopened.restored.problems.map(\.code) == [.corruptState])
        await reopened.close()
    }

    @Test func aFullDiskFailsTheWriteAndKeepsTheState() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // /dev/full fails every write with ENOSPC (null(4)): the journal behaves like a full file system.
        #expect(symlink("/dev/full", directory.file("state.journal")) == 0)
        let store = try StateStore.open(directory: directory.path)
        await #expect(throws: TransitionEngineError.self) { try await store.write([put("a", "lost")]) }
        do {
            try await store.write([put("a", "lost")])
        } catch {
            #expect(error.code == .diskFull)
            #expect(error.cause == "ENOSPC")
        }
        #expect(store.values.isEmpty)
        #expect(store.statistics.failures == 2)
        await store.close()
    }

    @Test func anEncodingFailureFailsOnlyItsGroup() async throws {
        struct Failure: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        await #expect(throws: TransitionEngineError.self) {
            try await store.write([put("a", "x"), .put(key: "b") { throw Failure() }])
        }
        try await store.write([put("c", "y")])
        #expect(texts(store.values) == ["c": "y"])
        await store.close()
    }

    @Test func aRecordTooLargeToReadBackIsNeverWritten() async throws {
        // Restore refuses a record whose body passes the maximum as corrupt and drops the journal after it:
        // the writer must refuse it instead, and what follows it must survive a restart.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        try await store.write([put("before", "kept")])
        let largest = StateRecord.maximumBodySize - StateRecord.bodyPrefixSize - "big".utf8.count
        let tooLarge = [UInt8](repeating: UInt8(ascii: "x"), count: largest + 1)
        do {
            try await store.write([put("other", "x"), .put(key: "big") { tooLarge }])
            Issue.record("a record past the maximum was written")
        } catch {
            #expect(error.code == .persistenceFailed)
            #expect(error.parameter == "big")
        }
        try await store.write([put("after", "kept")])
        let reopened = try StateStore.open(directory: directory.path)
        #expect(texts(reopened.restored.values) == ["before": "kept", "after": "kept"])
        #expect(reopened.restored.problems.isEmpty)
        await reopened.close()
        await store.close()
    }

    @Test func theLargestRecordIsWrittenAndReadBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        let largest = StateRecord.maximumBodySize - StateRecord.bodyPrefixSize - "big".utf8.count
        let payload = [UInt8](repeating: UInt8(ascii: "x"), count: largest)
        try await store.write([.put(key: "big") { payload }, put("after", "kept")])
        let reopened = try StateStore.open(directory: directory.path)
        #expect(reopened.restored.values["big"]?.count == largest)
        #expect(reopened.restored.values["after"] == Array("kept".utf8))
        #expect(reopened.restored.problems.isEmpty)
        await reopened.close()
        await store.close()
    }

    @Test func writesAfterCloseFail() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StateStore.open(directory: directory.path)
        await store.close()
        await #expect(throws: TransitionEngineError.self) { try await store.write([put("a", "x")]) }
    }
}

private final class Counter: Sendable {
    private let count = Locked(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
