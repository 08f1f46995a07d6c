import TransitionEngine

/// What the service keeps across restarts beside the engine's stacks: each stack's owner and the
/// animators clients defined. Stored crash-safely with the engine's `StateStore` (journal plus snapshot,
/// group commit) in a directory of its own, keyed `owner/<stack>` (value: the uid in decimal),
/// `animator/<name>` (value: the animator's JSON text as the client sent it) and `animator-owner/<name>`
/// (value: the uid that defined it, in decimal; written in the same group as the animator).
///
/// A stack's owner record is written before the stack and removed after it, so a crash between the two
/// leaves at worst an owner record without a stack: the next start gives owners only to the stacks it
/// restores, and creating a stack of that name writes its own owner record over it.
/// A stack or an animator without an owner record (a state directory from elsewhere or from before
/// animators had owners) belongs to root.
public final class ServiceStore: Sendable {
    /// The directory name, inside the daemon's state directory.
    public static let directoryName = "service"

    private static let ownerPrefix = "owner/"
    private static let animatorPrefix = "animator/"
    private static let animatorOwnerPrefix = "animator-owner/"

    let store: StateStore

    /// Owners found at open, by stack name.
    let restoredOwners: [String: UInt32]
    /// Animator JSON texts found at open with the uid that defined each, by name, in name order.
    let restoredAnimators: [(name: String, json: [UInt8], owner: UInt32)]

    /// Wraps an opened store.
    public init(store: StateStore) {
        self.store = store
        var owners: [String: UInt32] = [:]
        var animators: [(String, [UInt8])] = []
        var animatorOwners: [String: UInt32] = [:]
        for (key, value) in store.restored.values {
            if key.hasPrefix(Self.ownerPrefix), let uid = UInt32(String(decoding: value, as: UTF8.self)) {
                owners[String(key.dropFirst(Self.ownerPrefix.count))] = uid
            } else if key.hasPrefix(Self.animatorPrefix) {
                animators.append((String(key.dropFirst(Self.animatorPrefix.count)), value))
            } else if key.hasPrefix(Self.animatorOwnerPrefix),
                let uid = UInt32(String(decoding: value, as: UTF8.self))
            {
                animatorOwners[String(key.dropFirst(Self.animatorOwnerPrefix.count))] = uid
            }
        }
        restoredOwners = owners
        restoredAnimators = animators.sorted { $0.0 < $1.0 }.map { name, json in
            (name, json, animatorOwners[name] ?? AccessPolicy.rootUid)
        }
    }

    /// Opens (creating it if needed) `directory`/service inside the daemon's state directory.
    ///
    /// - Throws: the store's `persistenceFailed` when the directory cannot be used.
    public static func open(stateDirectory: String) throws(TransitionEngineError) -> ServiceStore {
        ServiceStore(store: try StateStore.open(directory: stateDirectory + "/" + directoryName))
    }

    /// A store in memory (for tests and runs without a state directory).
    public static func inMemory() -> ServiceStore { ServiceStore(store: .inMemory()) }

    /// Problems found while restoring (torn or corrupt records, cut off).
    public var restoreProblems: [TransitionEngineError] { store.restored.problems }

    /// Records that `uid` owns `stack`; durable on return.
    func setOwner(_ uid: UInt32, of stack: String) async throws(TransitionEngineError) {
        let bytes = Array(String(uid).utf8)
        try await store.write([.put(key: Self.ownerPrefix + stack, encode: { bytes })])
    }

    /// Removes the owner record of `stack`; durable on return.
    func removeOwner(of stack: String) async throws(TransitionEngineError) {
        try await store.write([.delete(key: Self.ownerPrefix + stack)])
    }

    /// Stores an animator's JSON text under its name with the uid that defined it, in one group;
    /// durable on return.
    func saveAnimator(named name: String, json: [UInt8], owner: UInt32) async throws(TransitionEngineError) {
        let ownerBytes = Array(String(owner).utf8)
        try await store.write([
            .put(key: Self.animatorPrefix + name, encode: { json }),
            .put(key: Self.animatorOwnerPrefix + name, encode: { ownerBytes }),
        ])
    }

    /// Writes what is queued and closes the store.
    public func close() async { await store.close() }
}
