import SystemPrimitives

/// The state store's writer thread: take every pending group, write it with one sync, report, repeat;
/// once the store closes, write what is left, compact the journal into the snapshot and close the files.
final class StateWriter: WorkerLoop {
    enum Work {
        /// Write these groups with one sync and report each one's outcome.
        case write([StateStore.Pending])
        /// Compact this final map into the snapshot, close the files and tell whoever waits in `close()`.
        case finish([String: [UInt8]])
    }

    let files: StateFiles
    /// The store, for the outcome of each write: set once, before the thread starts, and held until the
    /// thread exits (after `close()`), so a store dropped without closing still finishes its writes.
    nonisolated(unsafe) var store: StateStore!

    init(files: StateFiles) { self.files = files }

    func nextStep(_ state: inout StateStore.Shared) -> WorkerStep<Work> {
        // A held writer (tests) writes nothing until released, unless the store closes.
        if !state.pending.isEmpty && (!state.writerHeld || state.closing) {
            let groups = state.pending
            state.pending = []
            return .perform(.write(groups))
        }
        guard state.closing else { return .sleep }
        guard state.finalCompactionDone else {
            state.finalCompactionDone = true
            return .perform(.finish(state.values))
        }
        return .exit
    }

    func perform(_ work: Work) {
        switch work {
        case .write(let groups): write(groups)
        case .finish(let finalMap): finish(finalMap)
        }
    }

    private func write(_ groups: [StateStore.Pending]) {
        let (results, records) = StateStore.write(groups, files: files) { key in
            store.writer.withState { $0.values[key]?.count }
        }
        let snapshot: [String: [UInt8]]? = store.writer.withState { state in
            for record in records {
                switch record.kind {
                case .put: state.values[record.key] = record.payload
                case .delete: state.values[record.key] = nil
                case .end: break
                }
            }
            let written = zip(groups, results).filter { $0.1.isSuccess }.map(\.0)
            if !written.isEmpty {
                state.statistics.groups += 1
                state.statistics.changes += UInt64(written.reduce(0) { $0 + $1.changes.count })
            }
            state.statistics.failures += UInt64(results.count - written.count)
            state.statistics.journalBytes = files.journalSize
            return !written.isEmpty && files.needsCompaction ? state.values : nil
        }
        for (group, result) in zip(groups, results) { group.completion(result) }
        if let snapshot, files.compact(snapshot).isSuccess { store.writer.withState { $0.statistics.compactions += 1 } }
    }

    private func finish(_ finalMap: [String: [UInt8]]) {
        let compacted = files.compact(finalMap).isSuccess
        files.close()
        let waiters = store.writer.withState { state in
            if compacted { state.statistics.compactions += 1 }
            state.closed = true
            defer { state.closeWaiters = [] }
            return state.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

extension StateStore {
    /// Encodes each group (a group that fails to encode fails alone), then appends all the others with
    /// one write and one sync. Returns one result per group and the records now durable.
    ///
    /// - Parameter storedByteCount: the size of the value a key holds now, nil for none (`boundedPut`).
    static func write(
        _ groups: [Pending], files: StateFiles, storedByteCount: (String) -> Int?
    ) -> ([Result<Void, TransitionEngineError>], [StateRecord]) {
        var results: [Result<Void, TransitionEngineError>] = []
        var records: [StateRecord] = []
        for group in groups {
            switch Self.records(of: group.changes, storedByteCount: storedByteCount) {
            case .success(let groupRecords):
                records += groupRecords
                results.append(.success(()))
            case .failure(let error):
                results.append(.failure(error))
            }
        }
        guard !records.isEmpty else { return (results, []) }
        if let error = files.append(records) {
            return (results.map { $0.isSuccess ? .failure(error) : $0 }, [])
        }
        return (results, records)
    }

    /// The records of one group, encoding its puts.
    static func records(
        of changes: [Change], storedByteCount: (String) -> Int?
    ) -> Result<[StateRecord], TransitionEngineError> {
        var records: [StateRecord] = []
        for change in changes {
            switch change {
            case .put(let key, let encode), .boundedPut(let key, _, let encode):
                let payload: [UInt8]
                do {
                    payload = try encode()
                } catch let error as TransitionEngineError where error.code == .limitExceeded {
                    return .failure(error)
                } catch {
                    return .failure(
                        TransitionEngineError(
                            .persistenceFailed, "Failed to encode the state of \(key); nothing was written.",
                            parameter: key, cause: "\(error)"))
                }
                if case .boundedPut(_, let maximumBytes, _) = change, payload.count > maximumBytes,
                    payload.count > storedByteCount(key) ?? 0
                {
                    return .failure(
                        .limitExceeded(
                            ExceededLimit("storedStateBytes", maximum: maximumBytes),
                            "The stack would take \(payload.count) bytes to store, more than \(maximumBytes); "
                                + "pop or dismiss screens first, or give them smaller styles.",
                            parameter: "storedState"))
                }
                let record = StateRecord(sequence: 0, kind: .put, key: key, payload: payload)
                // A record restore would refuse as corrupt must never be written: restore stops at the
                // first corrupt record of the journal and drops every record after it.
                guard record.bodySize <= StateRecord.maximumBodySize else {
                    return .failure(
                        TransitionEngineError(
                            .persistenceFailed,
                            "The state of \(key) takes \(payload.count) bytes, more than a record may hold "
                                + "(\(StateRecord.maximumBodySize) bytes); nothing was written.",
                            parameter: key))
                }
                records.append(record)
            case .delete(let key):
                records.append(StateRecord(sequence: 0, kind: .delete, key: key, payload: []))
            }
        }
        return .success(records)
    }
}

extension StateStore {
    /// Holds (`true`) or releases the writer, so a test can queue several groups and see them written
    /// with one sync. Never used outside tests.
    func holdWriter(_ held: Bool) {
        writer.update { state in
            state.writerHeld = held
            return .one
        }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
