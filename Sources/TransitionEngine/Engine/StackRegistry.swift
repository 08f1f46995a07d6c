/// The engine's stacks by id with what the layer above keeps with each (`StackAttachment`): the one
/// registry of stacks, kept under the engine's lock. A name is taken from the moment its creation
/// begins, so two creations of one name cannot both pass, and a stack being deleted answers no lookup.
struct StackRegistry {
    /// Where a stack stands in its life.
    enum Phase: Equatable {
        /// Its creation is being written; lookups do not find it yet.
        case creating
        /// It exists.
        case ready
        /// Its deletion is being written; lookups no longer find it.
        case deleting
    }

    struct Entry {
        let stack: StackActor
        var phase: Phase
        var attachment: (any StackAttachment)?
    }

    private(set) var entries: [StackID: Entry] = [:]
    /// Stacks per owner uid, in every phase.
    private var countByOwner: [UInt32: Int] = [:]

    /// The stack `id` names, if it exists (not being created or deleted).
    func ready(_ id: StackID) -> Entry? {
        guard let entry = entries[id], entry.phase == .ready else { return nil }
        return entry
    }

    /// Every existing stack, sorted by id.
    var readyEntries: [Entry] {
        entries.values.filter { $0.phase == .ready }.sorted { $0.stack.id < $1.stack.id }
    }

    /// Number of existing stacks.
    var readyCount: Int { entries.values.count { $0.phase == .ready } }

    /// Adds a stack found in the store.
    mutating func insertRestored(_ stack: StackActor) {
        entries[stack.id] = Entry(stack: stack, phase: .ready)
        countByOwner[stack.ownerUid, default: 0] += 1
    }

    /// Takes `stack`'s id for its creation.
    ///
    /// - Throws: `stackExists`; `limitExceeded` (`stacks`) when the registry holds `maximumStacks`, or
    ///   (`stacksPerUser`) when the owner's stacks fill `quota`.
    mutating func reserve(
        _ stack: StackActor, attachment: (any StackAttachment)?, maximumStacks: Int, quota: OwnerQuota?
    ) throws(TransitionEngineError) {
        guard entries[stack.id] == nil else {
            throw TransitionEngineError(
                .stackExists, "A stack named \(stack.id) exists; choose another id.", parameter: "stack")
        }
        guard entries.count < maximumStacks else {
            throw .limitExceeded(
                ExceededLimit("stacks", maximum: maximumStacks),
                "The daemon holds \(maximumStacks) stacks; delete one first.", parameter: "stack")
        }
        if let quota {
            let owned = quota.countsEveryOwner ? entries.count : countByOwner[stack.ownerUid] ?? 0
            guard owned < quota.maximum else {
                throw .limitExceeded(
                    ExceededLimit("stacksPerUser", maximum: quota.maximum),
                    "uid \(stack.ownerUid) owns \(owned) stacks, the most one user may own; delete one first.",
                    parameter: "stack")
            }
        }
        entries[stack.id] = Entry(stack: stack, phase: .creating, attachment: attachment)
        countByOwner[stack.ownerUid, default: 0] += 1
    }

    /// Moves the stack `id` to `phase`.
    mutating func setPhase(_ phase: Phase, of id: StackID) {
        entries[id]?.phase = phase
    }

    /// Marks the existing stack `id` as being deleted.
    ///
    /// - Returns: its actor, or nil when no stack `id` exists (or it is being created or deleted).
    mutating func beginDeleting(_ id: StackID) -> StackActor? {
        guard let entry = ready(id) else { return nil }
        entries[id]?.phase = .deleting
        return entry.stack
    }

    /// Forgets the stack `id`: a creation that failed, or a deletion that was written.
    mutating func remove(_ id: StackID) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        let owner = entry.stack.ownerUid
        let remaining = (countByOwner[owner] ?? 1) - 1
        countByOwner[owner] = remaining > 0 ? remaining : nil
    }

    /// Gives every stack without an attachment the one `make` returns for it.
    mutating func attachMissing(_ make: (StackActor) -> any StackAttachment) {
        for (id, entry) in entries where entry.attachment == nil {
            entries[id]?.attachment = make(entry.stack)
        }
    }
}
