import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The files of a state directory: `state.snapshot` and `state.journal`. Used only by the writer thread
/// (and by `open` before the thread starts).
final class StateFiles: @unchecked Sendable {
    static let snapshotName = "state.snapshot"
    static let journalName = "state.journal"
    static let temporaryName = "state.snapshot.tmp"
    static let snapshotMagic = Array("TRDSNAP1".utf8)
    static let journalMagic = Array("TRDJRNL1".utf8)

    let directory: String
    let compactionThreshold: Int
    private var journal: Int32
    private(set) var journalSize: Int
    /// The sequence number of the last record written.
    private(set) var sequence: UInt64
    /// Journal size at which the next compaction is attempted (pushed back after a failed one).
    private var nextCompactionSize: Int

    private init(directory: String, compactionThreshold: Int, journal: Int32, journalSize: Int, sequence: UInt64) {
        self.directory = directory
        self.compactionThreshold = compactionThreshold
        self.journal = journal
        self.journalSize = journalSize
        self.sequence = sequence
        nextCompactionSize = compactionThreshold
    }

    var snapshotPath: String { directory + "/" + Self.snapshotName }
    var journalPath: String { directory + "/" + Self.journalName }

    var needsCompaction: Bool { journalSize >= nextCompactionSize }

    static func failure(_ what: String, _ path: String, _ error: Errno) -> TransitionEngineError {
        TransitionEngineError(
            error.isDiskFull ? .diskFull : .persistenceFailed,
            error.isDiskFull
                ? "Failed to \(what) \(path): the file system is full; free space, nothing was changed."
                : "Failed to \(what) \(path); check the state directory, nothing was changed.",
            parameter: "stateDirectory", cause: error.name)
    }

    /// Opens the directory, restores the map and returns the files ready for appending.
    static func open(
        directory: String, compactionThreshold: Int
    ) throws(TransitionEngineError) -> (StateFiles, StateStore.RestoreReport) {
        if case .failure(let error) = PosixFile.makeDirectory(directory) {
            throw failure("create the state directory", directory, error)
        }
        var report = StateStore.RestoreReport()
        var sequence: UInt64 = 0
        let snapshotPath = directory + "/" + snapshotName
        let journalPath = directory + "/" + journalName
        switch PosixFile.readAll(snapshotPath) {
        case .failure(let error): throw failure("read", snapshotPath, error)
        case .success(nil): break
        case .success(let bytes?): sequence = restoreSnapshot(bytes, path: snapshotPath, into: &report)
        }
        let journalBytes: [UInt8]
        switch PosixFile.readAll(journalPath) {
        case .failure(let error): throw failure("read", journalPath, error)
        case .success(let bytes): journalBytes = bytes ?? []
        }
        let (goodLength, lastSequence) = replayJournal(
            journalBytes, after: sequence, path: journalPath, into: &report)
        sequence = max(sequence, lastSequence)

        let descriptor: Int32
        switch PosixFile.open(journalPath, O_WRONLY | O_CREAT | O_APPEND) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw failure("open", journalPath, error)
        }
        if goodLength < journalBytes.count {
            // Cut the torn or corrupt tail so that new records follow the last good one.
            _ = PosixFile.truncate(descriptor, to: goodLength)
            _ = PosixFile.sync(descriptor)
        }
        _ = PosixFile.syncDirectory(directory)
        let files = StateFiles(
            directory: directory, compactionThreshold: compactionThreshold, journal: descriptor,
            journalSize: min(goodLength, journalBytes.count), sequence: sequence)
        return (files, report)
    }

    /// Appends records with one write and one `fdatasync`; on failure cuts the journal back to its
    /// previous length so a partial group never precedes later records.
    func append(_ records: [StateRecord]) -> TransitionEngineError? {
        var buffer: [UInt8] = journalSize == 0 ? Self.journalMagic : []
        var next = sequence
        for var record in records {
            next += 1
            record.sequence = next
            record.encode(into: &buffer)
        }
        let result = PosixFile.writeAll(journal, buffer).flatMap { PosixFile.dataSync(journal) }
        if case .failure(let error) = result {
            _ = PosixFile.truncate(journal, to: journalSize)
            return Self.failure("append to", journalPath, error)
        }
        journalSize += buffer.count
        sequence = next
        return nil
    }

    /// Writes the whole map as a new snapshot (temporary file, fsync, rename, fsync of the directory),
    /// then empties the journal. A crash at any point leaves either the old snapshot plus the full
    /// journal, or the new snapshot plus a journal whose records it already contains (skipped by
    /// sequence number on restore).
    func compact(_ values: [String: [UInt8]]) -> Result<Void, TransitionEngineError> {
        var buffer = Self.snapshotMagic
        for key in values.keys.sorted() {
            StateRecord(sequence: sequence, kind: .put, key: key, payload: values[key]!).encode(into: &buffer)
        }
        var count: [UInt8] = []
        StateRecord.append(UInt64(values.count), to: &count)
        StateRecord(sequence: sequence, kind: .end, key: "", payload: count).encode(into: &buffer)

        let temporaryPath = directory + "/" + Self.temporaryName
        let written = PosixFile.open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC).flatMap { descriptor in
            defer { PosixFile.close(descriptor) }
            return PosixFile.writeAll(descriptor, buffer).flatMap { PosixFile.sync(descriptor) }
        }
        .flatMap { PosixFile.rename(temporaryPath, snapshotPath) }
        .flatMap { PosixFile.syncDirectory(directory) }
        .flatMap { PosixFile.truncate(journal, to: 0) }
        .flatMap { PosixFile.sync(journal) }
        switch written {
        case .success:
            journalSize = 0
            nextCompactionSize = compactionThreshold
            return .success(())
        case .failure(let error):
            unlink(temporaryPath)
            nextCompactionSize = journalSize + max(compactionThreshold / 2, 1)
            return .failure(Self.failure("write the snapshot", snapshotPath, error))
        }
    }

    func close() { PosixFile.close(journal) }
}
