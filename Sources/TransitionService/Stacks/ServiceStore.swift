import TransitionEngine

/// What the service keeps across restarts beside the engine's stacks: the animators clients defined.
/// Kept in the engine's own `StateStore` (journal plus snapshot, group commit), under keys that no stack
/// can have (`TransitionEngine.foreignKeyPrefix`): `animator/<name>` (value: the animator's JSON text as
/// the client sent it) and `animator-owner/<name>` (value: the uid that defined it, in decimal). A stack's
/// owner is not here: it is part of the stack's own record (`StackState.ownerUid`).
///
/// The crash ordering, in full: one journal holds the stacks and these records, and writes become
/// durable in the order they were made. An animator and its owner record are written in one group, the
/// animator first, so a crash between the two leaves at worst an animator without an owner record, which
/// belongs to root (as does an animator from before animators had owners) until its owner defines it
/// again.
///
/// Older daemons kept these records in a store of their own, in `<state directory>/service`;
/// `migrateLegacyDirectory(of:into:)` moves them into the engine's store at start.
public final class ServiceStore: Sendable {
    /// The directory older daemons kept the service's records in, inside the state directory.
    public static let legacyDirectoryName = "service"

    private static let animatorPrefix = TransitionEngine.foreignKeyPrefix + "animator/"
    private static let animatorOwnerPrefix = TransitionEngine.foreignKeyPrefix + "animator-owner/"

    let store: StateStore

    /// Animator JSON texts found at open with the uid that defined each, by name, in name order.
    let restoredAnimators: [(name: String, json: [UInt8], owner: UInt32)]

    /// The service's records in `store`, the engine's store (the same instance the engine writes its
    /// stacks to), read from what the store holds now.
    public init(sharing store: StateStore) {
        self.store = store
        var animators: [(String, [UInt8])] = []
        var animatorOwners: [String: UInt32] = [:]
        for (key, value) in store.values where key.hasPrefix(TransitionEngine.foreignKeyPrefix) {
            if key.hasPrefix(Self.animatorPrefix) {
                animators.append((String(key.dropFirst(Self.animatorPrefix.count)), value))
            } else if key.hasPrefix(Self.animatorOwnerPrefix),
                let uid = UInt32(String(decoding: value, as: UTF8.self))
            {
                animatorOwners[String(key.dropFirst(Self.animatorOwnerPrefix.count))] = uid
            }
        }
        restoredAnimators = animators.sorted { $0.0 < $1.0 }.map { name, json in
            (name, json, animatorOwners[name] ?? AccessPolicy.rootUid)
        }
    }

    /// Moves the records an older daemon kept in `<stateDirectory>/service` into `store` (the engine's,
    /// opened on `stateDirectory`), then removes that directory; does nothing when there is none. Call it
    /// before the service reads the store (`init(sharing:)`).
    ///
    /// The records are written in one group and are durable before anything is removed, so a crash at
    /// any point leaves them in one of the two places or both, and the next start finishes the move
    /// (writing the same values again).
    ///
    /// - Returns: what could not be restored from the old directory (torn or corrupt records, cut off).
    /// - Throws: `persistenceFailed` or `diskFull` when the old directory cannot be read or the records
    ///   cannot be written; the old directory is then left as it was.
    public static func migrateLegacyDirectory(
        of stateDirectory: String, into store: StateStore
    ) async throws(TransitionEngineError) -> [TransitionEngineError] {
        let legacy = stateDirectory + "/" + legacyDirectoryName
        guard StateStore.directoryExists(legacy) else { return [] }
        let old = try StateStore.open(directory: legacy)
        let values = old.restored.values
        let problems = old.restored.problems
        await old.close()
        let changes: [StateStore.Change] = values.sorted { $0.key < $1.key }.map { key, value in
            .put(key: TransitionEngine.foreignKeyPrefix + key, encode: { value })
        }
        if !changes.isEmpty { try await store.write(changes) }
        try StateStore.removeDirectory(legacy)
        return problems
    }

    /// Records in a store of their own, in memory, apart from any engine's (for tests that keep nothing).
    public static func inMemory() -> ServiceStore { ServiceStore(sharing: .inMemory()) }

    /// Stores an animator's JSON text under its name with the uid that defined it, in one group;
    /// durable on return.
    func saveAnimator(named name: String, json: [UInt8], owner: UInt32) async throws(TransitionEngineError) {
        let ownerBytes = Array(String(owner).utf8)
        try await store.write([
            .put(key: Self.animatorPrefix + name, encode: { json }),
            .put(key: Self.animatorOwnerPrefix + name, encode: { ownerBytes }),
        ])
    }
}
