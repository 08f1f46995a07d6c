extension StateFiles {
    static func corrupt(_ path: String, _ detail: String) -> TransitionEngineError {
        TransitionEngineError(
            .corruptState, "\(path) \(detail); the damaged part was skipped, check the restored stacks.",
            parameter: "stateDirectory")
    }

    /// Loads a snapshot; returns its sequence number. Damaged records are skipped and reported.
    static func restoreSnapshot(_ bytes: [UInt8], path: String, into report: inout StateStore.RestoreReport) -> UInt64 {
        guard bytes.count >= snapshotMagic.count, Array(bytes[0..<snapshotMagic.count]) == snapshotMagic else {
            report.problems.append(corrupt(path, "does not start with the snapshot header"))
            return 0
        }
        var offset = snapshotMagic.count
        var sequence: UInt64 = 0
        var puts = 0
        while offset < bytes.count {
            switch StateRecord.decode(bytes, at: offset) {
            case .record(let record, let next):
                offset = next
                sequence = max(sequence, record.sequence)
                switch record.kind {
                case .put:
                    report.values[record.key] = record.payload
                    puts += 1
                case .delete: report.values[record.key] = nil
                case .end:
                    let expected = record.payload.count == 8 ? StateRecord.read(UInt64.self, record.payload, 0) : 0
                    if expected != UInt64(puts) {
                        report.problems.append(corrupt(path, "holds \(puts) of its \(expected) records"))
                    }
                    report.snapshotRecords = puts
                    return sequence
                }
            case .torn:
                report.problems.append(corrupt(path, "ends inside a record at byte \(offset)"))
                report.snapshotRecords = puts
                return sequence
            case .corrupt:
                report.problems.append(corrupt(path, "has a damaged record at byte \(offset)"))
                report.snapshotRecords = puts
                return sequence
            }
        }
        report.problems.append(corrupt(path, "has no end record (truncated)"))
        report.snapshotRecords = puts
        return sequence
    }

    /// Replays journal records newer than `sequence`; stops at the first torn or corrupt record.
    /// Returns the length of the good prefix and the last sequence number seen.
    static func replayJournal(
        _ bytes: [UInt8], after sequence: UInt64, path: String, into report: inout StateStore.RestoreReport
    ) -> (goodLength: Int, lastSequence: UInt64) {
        guard !bytes.isEmpty else { return (0, sequence) }
        guard bytes.count >= journalMagic.count, Array(bytes[0..<journalMagic.count]) == journalMagic else {
            report.problems.append(corrupt(path, "does not start with the journal header"))
            report.discardedBytes = bytes.count
            return (0, sequence)
        }
        var offset = journalMagic.count
        var last = sequence
        while offset < bytes.count {
            switch StateRecord.decode(bytes, at: offset) {
            case .record(let record, let next):
                offset = next
                guard record.sequence > sequence else { continue }
                last = max(last, record.sequence)
                report.journalRecords += 1
                switch record.kind {
                case .put: report.values[record.key] = record.payload
                case .delete: report.values[record.key] = nil
                case .end: break
                }
            case .torn, .corrupt:
                let kind =
                    StateRecord.decode(bytes, at: offset) == .torn ? "ends inside a record" : "has a damaged record"
                report.problems.append(
                    corrupt(path, "\(kind) at byte \(offset); \(bytes.count - offset) bytes after it were discarded"))
                report.discardedBytes = bytes.count - offset
                return (offset, last)
            }
        }
        return (offset, last)
    }
}
