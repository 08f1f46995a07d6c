import SystemPrimitives

/// Crash-safe storage of the engine's committed state: a map from keys (stack ids) to opaque values.
///
/// On disk (see docs/engine.md, "Persistence"): a snapshot file written by temporary file, fsync, rename
/// and fsync of the directory, plus an append-only journal of changes since that snapshot. Every
/// record carries a CRC-32; on open the snapshot is loaded, the journal replayed, and a torn or corrupt
/// tail is reported in `restored.problems` and cut off, never trapped on.
///
/// Writes are grouped like a database's group commit: one dedicated writer thread takes every change
/// submitted since its last write, appends them with one `write` and one `fdatasync`, and only then
/// reports success. A push/pop storm therefore costs one sync per group, not per change. A value counts
/// as committed only once its completion reported success; on failure (disk full, I/O error) nothing of
/// the group is applied and the caller gets `diskFull` or `persistenceFailed`.
public final class StateStore: @unchecked Sendable {
    /// One change of the stored map.
    public enum Change: Sendable {
        /// Sets `key` to the bytes `encode` returns; `encode` runs on the writer thread, so encoding cost
        /// stays off the cooperative pool. An error thrown by `encode` fails the group.
        case put(key: String, encode: @Sendable () throws -> [UInt8])
        /// Sets `key` as `put` does, unless the bytes are more than `maximumBytes` and more than `key` holds
        /// now (nothing, for a new key): then the group fails with `limitExceeded` (`storedStateBytes`) and
        /// nothing of it is written. A value may so stay above a lowered limit and shrink, never grow. An
        /// in-memory store keeps no records and checks nothing.
        case boundedPut(key: String, maximumBytes: Int, encode: @Sendable () throws -> [UInt8])
        /// Removes `key`.
        case delete(key: String)
    }

    /// What was found when the store was opened.
    public struct RestoreReport: Sendable, Equatable {
        /// The restored map.
        public var values: [String: [UInt8]] = [:]
        /// Records read from the snapshot.
        public var snapshotRecords = 0
        /// Journal records replayed on top of the snapshot.
        public var journalRecords = 0
        /// Bytes of torn or corrupt data discarded from the end of the journal.
        public var discardedBytes = 0
        /// What was wrong (`corruptState`), in the order found; empty for a clean restore.
        public var problems: [TransitionEngineError] = []
    }

    /// Counters of the writer, since open.
    public struct Statistics: Sendable, Equatable {
        /// Groups written, each with one `fdatasync`.
        public var groups: UInt64 = 0
        /// Changes written.
        public var changes: UInt64 = 0
        /// Snapshots written (compactions).
        public var compactions: UInt64 = 0
        /// Groups that failed.
        public var failures: UInt64 = 0
        /// Current size of the journal in bytes.
        public var journalBytes: Int = 0
    }

    typealias Completion = @Sendable (Result<Void, TransitionEngineError>) -> Void

    struct Pending {
        var changes: [Change]
        var completion: Completion
    }

    /// The default journal size that triggers a compaction, in bytes (4 MiB).
    public static var defaultCompactionThreshold: Int { 4 << 20 }

    /// What was found on open.
    public let restored: RestoreReport
    let files: StateFiles?
    /// The writer thread (persistent stores only) and everything guarded by its lock, which inherits
    /// priority: stacks commit from their shard threads.
    let writer: WorkerThreads<StateWriter>

    /// What the writer thread shares with the threads that submit changes and read the map.
    struct Shared {
        var pending: [Pending] = []
        var closing = false
        var writerHeld = false
        /// In-memory stores only: fail every write with this error (tests of failed commits).
        var injectedFailure: TransitionEngineError?
        /// Whether the final compaction ran (set by the writer's last work).
        var finalCompactionDone = false
        var closed = false
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        var statistics: Statistics
        var values: [String: [UInt8]]
        /// In-memory stores keep the encoders and run them when `values` is read.
        var memoryValues: [String: @Sendable () throws -> [UInt8]] = [:]
    }

    private init(files: StateFiles?, restored: RestoreReport) {
        self.files = files
        self.restored = restored
        writer = WorkerThreads(
            state: Shared(statistics: Statistics(journalBytes: files?.journalSize ?? 0), values: restored.values),
            inheritingPriority: true)
    }

    /// Opens (creating if needed) the state directory, restores its contents and starts the writer.
    ///
    /// - Parameters:
    ///   - directory: the state directory; created with mode 0700 if missing (its parent must exist).
    ///   - compactionThreshold: journal size in bytes above which the writer rewrites the snapshot.
    /// - Throws: `persistenceFailed` when the directory or its files cannot be opened. Corrupt contents do
    ///   not throw; they are reported in `restored.problems`.
    public static func open(
        directory: String, compactionThreshold: Int = defaultCompactionThreshold
    ) throws(TransitionEngineError) -> StateStore {
        let (files, report) = try StateFiles.open(directory: directory, compactionThreshold: compactionThreshold)
        let store = StateStore(files: files, restored: report)
        let writer = StateWriter(files: files)
        writer.store = store
        store.writer.start(writer, name: "transitiond-store")
        return store
    }

    /// Whether `directory` exists (a store may have been opened there).
    public static func directoryExists(_ directory: String) -> Bool { PosixFile.isDirectory(directory) }

    /// Removes a closed store's directory: its snapshot and journal (and a snapshot left half written),
    /// then the directory, whose parent is synced so that the removal is durable.
    ///
    /// - Throws: `persistenceFailed` naming the file that could not be removed; the directory then holds
    ///   what is left, and opening it restores that.
    public static func removeDirectory(_ directory: String) throws(TransitionEngineError) {
        // The journal first: a snapshot without its journal is a complete, older state.
        for name in [StateFiles.journalName, StateFiles.temporaryName, StateFiles.snapshotName] {
            if case .failure(let error) = PosixFile.remove(directory + "/" + name) {
                throw TransitionEngineError(
                    .persistenceFailed, "Failed to remove \(directory)/\(name): \(error)", parameter: "stateDirectory")
            }
        }
        if case .failure(let error) = PosixFile.removeDirectory(directory) {
            throw TransitionEngineError(
                .persistenceFailed, "Failed to remove \(directory): \(error)", parameter: "stateDirectory")
        }
        let parent = directory.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        _ = PosixFile.syncDirectory(parent.isEmpty ? "/" : parent)
    }

    /// A store that keeps everything in memory and reports every write durable at once.
    public static func inMemory() -> StateStore { StateStore(files: nil, restored: RestoreReport()) }

    /// An in-memory store that starts with `values`, as if it had restored them from disk: for tests of
    /// what is done with restored records, including writes that fail (`injectFailure`).
    static func inMemory(restoring values: [String: [UInt8]]) -> StateStore {
        var report = RestoreReport()
        report.values = values
        let store = StateStore(files: nil, restored: report)
        store.writer.withState { state in state.memoryValues = values.mapValues { bytes in { bytes } } }
        return store
    }

    /// Makes every following write of an in-memory store fail with `error` (nil: succeed again), to test
    /// what callers do when a commit cannot be written.
    func injectFailure(_ error: TransitionEngineError?) { writer.withState { $0.injectedFailure = error } }

    /// Whether the store writes to disk.
    public var isPersistent: Bool { files != nil }

    /// The current committed map.
    public var values: [String: [UInt8]] {
        guard files == nil else { return writer.withState { $0.values } }
        let encoders = writer.withState { $0.memoryValues }
        return encoders.compactMapValues { try? $0() }
    }

    /// Counters of the writer.
    public var statistics: Statistics { writer.withState { $0.statistics } }

    /// Writes `changes` and returns once they are durable.
    ///
    /// - Throws: `diskFull` or `persistenceFailed` (none of `changes` was applied), `engineStopped` after
    ///   `close()`.
    public func write(_ changes: [Change]) async throws(TransitionEngineError) {
        let result: Result<Void, TransitionEngineError> = await withCheckedContinuation { continuation in
            submit(changes) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// Writes several independent groups (one per stack) together and returns each one's outcome, in
    /// order. A group that fails to encode fails alone; an I/O failure fails every group of its write.
    func write(groups: [[Change]]) async -> [Result<Void, TransitionEngineError>] {
        guard !groups.isEmpty else { return [] }
        final class Collector: @unchecked Sendable {
            let lock = ConditionLock(inheritingPriority: true)
            var results: [Result<Void, TransitionEngineError>?]
            var remaining: Int
            var continuation: CheckedContinuation<[Result<Void, TransitionEngineError>], Never>?
            init(count: Int) {
                results = Array(repeating: nil, count: count)
                remaining = count
            }
        }
        let collector = Collector(count: groups.count)
        return await withCheckedContinuation { continuation in
            collector.lock.withLock { collector.continuation = continuation }
            for (index, group) in groups.enumerated() {
                submit(group) { result in
                    let finished: CheckedContinuation<[Result<Void, TransitionEngineError>], Never>? =
                        collector.lock.withLock {
                            collector.results[index] = result
                            collector.remaining -= 1
                            return collector.remaining == 0 ? collector.continuation : nil
                        }
                    finished?.resume(returning: collector.results.map { $0! })
                }
            }
        }
    }

    /// Queues `changes` and calls `completion` once they are durable or failed: on the writer thread for
    /// a persistent store, synchronously for an in-memory one. `completion` must not block.
    func submit(_ changes: [Change], completion: @escaping Completion) {
        guard files != nil else {
            // In memory: nothing to make durable. Values are encoded only when `values` is read.
            let result = writer.withState { state -> Result<Void, TransitionEngineError> in
                guard !state.closing else { return .failure(Self.stoppedError) }
                if let injectedFailure = state.injectedFailure { return .failure(injectedFailure) }
                for change in changes {
                    switch change {
                    case .put(let key, let encode), .boundedPut(let key, _, let encode):
                        state.memoryValues[key] = encode
                    case .delete(let key): state.memoryValues[key] = nil
                    }
                }
                state.statistics.groups += 1
                state.statistics.changes += UInt64(changes.count)
                return .success(())
            }
            completion(result)
            return
        }
        var accepted = false
        writer.update { state in
            guard !state.closing else { return .none }
            accepted = true
            state.pending.append(Pending(changes: changes, completion: completion))
            return state.pending.count == 1 ? .one : .none
        }
        if !accepted { completion(.failure(Self.stoppedError)) }
    }

    /// Writes what is queued, compacts the journal into the snapshot, stops the writer and returns. Later
    /// writes fail with `engineStopped`.
    public func close() async {
        guard files != nil else {
            writer.withState { $0.closing = true }
            return
        }
        await withCheckedContinuation { continuation in
            var alreadyClosed = false
            writer.update { state in
                state.closing = true
                alreadyClosed = state.closed
                if !state.closed { state.closeWaiters.append(continuation) }
                return .one
            }
            if alreadyClosed { continuation.resume() }
        }
    }

    static let stoppedError = TransitionEngineError(
        .engineStopped, "The state store was closed; open it again to write.", parameter: "stateDirectory")
}
