import Varlink

extension TransitionService {
    /// A oneway `UpdateInteractive` read straight from its message on the event-loop thread: the same
    /// checks and effect as `updateInteractive(_:)`'s oneway path, without building the call. Anything that
    /// would be refused returns false before changing anything, and the ordinary path then refuses it with
    /// its error and log line.
    func updateInteractiveInPlace(_ call: VarlinkOnewayCall) -> Bool {
        guard let name = call.call.stringBytes("stack"), let fraction = call.call.number("fraction"),
            fraction >= 0, fraction <= 1, !isStopping, let record = inPlaceRecord(named: name),
            access.mayChange(ownedBy: record.ownerUid, peer: call.peer)
        else { return false }
        if mayDrive(record, from: call.connectionID) { storePendingFraction(fraction, of: record) }
        return true
    }

    /// The existing stack whose name has the UTF-8 bytes `name`, if the name is a valid identifier: from
    /// the cache of the last one while the engine's registry is unchanged, else from the registry.
    func inPlaceRecord(named name: UnsafeRawBufferPointer) -> StackRecord? {
        let generation = engine.registryGeneration
        if let record = recentStack.record(named: name, generation: generation) { return record }
        let text = String(decoding: name, as: UTF8.self)
        guard CallParameters.isValidIdentifier(text), let record = try? stackRecord(text) else { return nil }
        recentStack.remember(record, named: name, generation: generation)
        return record
    }
}
