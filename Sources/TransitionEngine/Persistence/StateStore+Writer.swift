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
            var values = values_
            lock.unlock()

            let results = write(groups, files: files, values: &values)

            lock.lock()
            values_ = values
            let written = zip(groups, results).filter { $0.1.isSuccess }.map(\.0)
            if !written.isEmpty {
                statistics_.groups += 1
                statistics_.changes += UInt64(written.reduce(0) { $0 + $1.changes.count })
            }
            statistics_.failures += UInt64(results.count - written.count)
            statistics_.journalBytes = files.journalSize
            lock.unlock()
            for (group, result) in zip(groups, results) { group.completion(result) }
            if !written.isEmpty, files.needsCompaction {
                if files.compact(values).isSuccess { lock.withLock { statistics_.compactions += 1 } }
            }
            lock.lock()
        }
        let snapshot = values_
        lock.unlock()
        if files.compact(snapshot).isSuccess { lock.withLock { statistics_.compactions += 1 } }
        files.close()
        let waiters = lock.withLock {
            closed = true
            defer { closeWaiters = [] }
            return closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Encodes each group (a group that fails to encode fails alone), then appends all the others with
    /// one write and one sync. Returns one result per group; `values` is updated only with what is durable.
    private func write(
        _ groups: [Pending], files: StateFiles, values: inout [String: [UInt8]]
    ) -> [Result<Void, TransitionEngineError>] {
        var results: [Result<Void, TransitionEngineError>] = []
        var records: [StateRecord] = []
        var updated = values
        for group in groups {
            var candidate = updated
            if let error = Self.apply(group.changes, to: &candidate) {
                results.append(.failure(error))
                continue
            }
            updated = candidate
            results.append(.success(()))
            for change in group.changes {
                switch change {
                case .put(let key, _):
                    records.append(StateRecord(sequence: 0, kind: .put, key: key, payload: updated[key] ?? []))
                case .delete(let key):
                    records.append(StateRecord(sequence: 0, kind: .delete, key: key, payload: []))
                }
            }
        }
        guard !records.isEmpty else { return results }
        if let error = files.append(records) {
            return results.map { $0.isSuccess ? .failure(error) : $0 }
        }
        values = updated
        return results
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
