import Synchronization
import SystemPrimitives
import TransitionEngine

/// The stacks the service knows, by name, with the names being created or deleted: lookups and the
/// per-user count happen under one lock on the event-loop thread, so two clients creating the same name
/// at once cannot both pass, and a stack being deleted takes no new operations.
final class StackDirectory: Sendable {
    private enum Entry {
        /// A CreateStack is writing this name; it belongs to `uid`.
        case reserved(uid: UInt32)
        /// The stack exists.
        case ready(StackRecord)
        /// A DeleteStack is removing it.
        case deleting(StackRecord)

        var uid: UInt32 {
            switch self {
            case .reserved(let uid): uid
            case .ready(let record), .deleting(let record): record.ownerUid
            }
        }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var countByUid: [UInt32: Int] = [:]
    }

    private let state = Locked(State())
    /// Increases with every change of the entries (made under the lock), so that a lookup remembered
    /// together with the generation it was made at is known to be current while the generation is the same.
    private let changes = Atomic<UInt64>(0)
    /// Whether every owner's stacks count together for the per-user limit (shared ownership).
    private let countsTogether: Bool

    init(countsTogether: Bool = false) { self.countsTogether = countsTogether }

    private func key(_ uid: UInt32) -> UInt32 { countsTogether ? 0 : uid }

    /// The number of changes so far (names reserved, published, removed, being deleted or restored):
    /// equal generations mean the same entries.
    var generation: UInt64 { changes.load(ordering: .acquiring) }

    /// Records a change of the entries; called with the lock held.
    private func changed() {
        changes.add(1, ordering: .releasing)
    }

    /// The existing stack named `name`.
    ///
    /// - Throws: `NoSuchStack` when there is none (or it is being created or deleted).
    func record(_ name: String, parameter: String = "stack") throws(ServiceError) -> StackRecord {
        let entry = state.withLock { $0.entries[name] }
        guard case .ready(let record)? = entry else { throw .noSuchStack(name, parameter: parameter) }
        return record
    }

    /// Every existing stack, sorted by name.
    var records: [StackRecord] {
        state.withLock { state in
            state.entries.values.compactMap { entry -> StackRecord? in
                if case .ready(let record) = entry { return record }
                return nil
            }
        }.sorted { $0.name < $1.name }
    }

    /// Number of existing stacks.
    var count: Int { state.withLock { $0.entries.count } }

    /// Stacks owned by `uid`, including names being created.
    func count(ownedBy uid: UInt32) -> Int { state.withLock { $0.countByUid[key(uid)] ?? 0 } }

    /// Reserves `name` for a stack `uid` is creating.
    ///
    /// - Throws: `StackExists`, or `LimitExceeded` (`stacksPerUser`) when `uid` owns `perUserLimit` stacks.
    func reserve(_ name: String, uid: UInt32, perUserLimit: Int) throws(ServiceError) {
        try state.withLock { state throws(ServiceError) in
            guard state.entries[name] == nil else { throw .stackExists(name) }
            let owned = state.countByUid[key(uid)] ?? 0
            guard owned < perUserLimit else {
                throw .limitExceeded(
                    "stacksPerUser", maximum: perUserLimit, parameter: "name",
                    "uid \(uid) owns \(owned) stacks, the most one user may own; delete one first.")
            }
            state.entries[name] = .reserved(uid: uid)
            state.countByUid[key(uid)] = owned + 1
            changed()
        }
    }

    /// Makes a reserved (or restored) stack visible.
    func publish(_ record: StackRecord) {
        state.withLock { state in
            if state.entries[record.name] == nil { state.countByUid[key(record.ownerUid), default: 0] += 1 }
            state.entries[record.name] = .ready(record)
            changed()
        }
    }

    /// Forgets a name: a reservation that failed, or a stack that was deleted.
    func remove(_ name: String) {
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: name) else { return }
            changed()
            state.countByUid.decrementCount(of: key(entry.uid))
        }
    }

    /// Marks an existing stack as being deleted; it answers `NoSuchStack` from now on.
    func beginDeleting(_ name: String) throws(ServiceError) -> StackRecord {
        try state.withLock { state throws(ServiceError) in
            guard case .ready(let record)? = state.entries[name] else { throw .noSuchStack(name, parameter: "name") }
            state.entries[name] = .deleting(record)
            changed()
            return record
        }
    }

    /// Undoes `beginDeleting` after the deletion failed.
    func cancelDeleting(_ record: StackRecord) {
        state.withLock { state in
            if case .deleting? = state.entries[record.name] {
                state.entries[record.name] = .ready(record)
                changed()
            }
        }
    }
}
