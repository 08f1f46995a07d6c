extension StateStore {
    /// The writer thread: take every pending group, write it with one sync, report, repeat.
    func runWriter() {
        guard let files else { return }
        lock.lock()
        while true {
            while (pending.isEmpty || writerHeld) && !closing { lock.wait() }
            if pending.isEmpty && closing { break }
            let groups = pending
            pending = []
            lock.unlock()

            let (results, records) = write(groups, files: files)

            lock.lock()
            for record in records {
                switch record.kind {
                case .put: values_[record.key] = record.payload
                case .delete: values_[record.key] = nil
                case .end: break
                }
            }
            let written = zip(groups, results).filter { $0.1.isSuccess }.map(\.0)
            if !written.isEmpty {
                statistics_.groups += 1
                statistics_.changes += UInt64(written.reduce(0) { $0 + $1.changes.count })
            }
            statistics_.failures += UInt64(results.count - written.count)
            statistics_.journalBytes = files.journalSize
            let snapshot: [String: [UInt8]]? = !written.isEmpty && files.needsCompaction ? values_ : nil
            lock.unlock()
            for (group, result) in zip(groups, results) { group.completion(result) }
            if let snapshot, files.compact(snapshot).isSuccess { lock.withLock { statistics_.compactions += 1 } }
            lock.lock()
        }
        let finalSnapshot = values_
        lock.unlock()
        if files.compact(finalSnapshot).isSuccess { lock.withLock { statistics_.compactions += 1 } }
        files.close()
        let waiters = lock.withLock {
            closed = true
            defer { closeWaiters = [] }
            return closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Encodes each group (a group that fails to encode fails alone), then appends all the others with
    /// one write and one sync. Returns one result per group and the records now durable.
    private func write(_ groups: [Pending], files: StateFiles) -> ([Result<Void, TransitionEngineError>], [StateRecord])
    {
        var results: [Result<Void, TransitionEngineError>] = []
        var records: [StateRecord] = []
        for group in groups {
            switch Self.records(of: group.changes) {
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
    static func records(of changes: [Change]) -> Result<[StateRecord], TransitionEngineError> {
        var records: [StateRecord] = []
        for change in changes {
            switch change {
            case .put(let key, let encode):
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
        lock.withLock {
            writerHeld = held
            lock.broadcast()
        }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
