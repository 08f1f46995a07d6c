extension TransitionEngine {
    /// What the keys of an older daemon's owner records begin with: before a stack's owner was part of
    /// its own record (`StackState.ownerUid`), the service kept it apart, under `<prefix><stack id>`, with
    /// the uid in decimal as the value.
    static let legacyOwnerPrefix = foreignKeyPrefix + "owner/"

    /// The older daemon's owner records among a store's values: each stack's uid, and every such key
    /// (those whose value is not a uid included, so that folding removes them too).
    static func legacyOwnerRecords(in values: [String: [UInt8]]) -> (uids: [StackID: UInt32], keys: [String]) {
        var uids: [StackID: UInt32] = [:]
        var keys: [String] = []
        for (key, value) in values where key.hasPrefix(legacyOwnerPrefix) {
            keys.append(key)
            if let uid = UInt32(String(decoding: value, as: UTF8.self)) {
                uids[StackID(rawValue: String(key.dropFirst(legacyOwnerPrefix.count)))] = uid
            }
        }
        return (uids, keys.sorted())
    }

    /// Writes the owners an older daemon kept apart into their stacks' own records and removes the old
    /// records, in one group; does nothing when the store held none. Call it once at start, before any
    /// operation: the stacks already carry these owners in memory since the restore.
    ///
    /// A crash part way leaves some stacks written and some old records in place: the journal keeps the
    /// group's records in order, the stacks first, so a removed record's stack always carries its owner,
    /// and the next start folds what is left (writing the same owners again).
    ///
    /// - Throws: `persistenceFailed` or `diskFull` when the group cannot be written; the old records then
    ///   stay and are read again at the next start.
    public func foldLegacyOwnerRecords() async throws(TransitionEngineError) {
        let (ids, keys) = legacyOwners.withLock { $0 }
        guard !keys.isEmpty else { return }
        var changes: [StateStore.Change] = []
        for id in ids {
            guard let stack = try? stack(id) else { continue }
            let state = await stack.state
            changes.append(.put(key: id.rawValue, encode: { try state.encodedForStore() }))
        }
        changes += keys.map { .delete(key: $0) }
        try await store.write(changes)
        legacyOwners.withLock { $0 = ([], []) }
    }
}
