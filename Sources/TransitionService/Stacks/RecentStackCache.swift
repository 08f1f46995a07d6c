import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The stack named by the latest gesture update handled in place, with the generation of the engine's
/// registry it was looked up at (`TransitionEngine.registryGeneration`): a stream of updates to one stack
/// then finds its record by comparing the name's bytes, without building a string, hashing it and taking
/// the registry's lock.
///
/// Only a lookup that is still current is returned: any change of the registry (a stack created,
/// deleted, or being deleted) changes its generation, and the next update looks the name up again.
final class RecentStackCache: Sendable {
    private struct Entry {
        /// No registry has this generation before its 2^64-th change: the empty entry matches nothing.
        var generation = UInt64.max
        var name: [UInt8] = []
        /// Weak, so that a deleted stack is not kept alive by the cache.
        weak var record: StackRecord?
    }

    private let entry = Locked(Entry())

    /// The record remembered for the name whose UTF-8 is `name`, if it was looked up at `generation`.
    func record(named name: UnsafeRawBufferPointer, generation: UInt64) -> StackRecord? {
        // The fields are read in place: copying the entry would copy its weak reference and array.
        entry.withLock { entry -> StackRecord? in
            guard entry.generation == generation, entry.name.count == name.count else { return nil }
            let same = entry.name.withUnsafeBytes { remembered in
                name.isEmpty || memcmp(remembered.baseAddress!, name.baseAddress!, name.count) == 0
            }
            return same ? entry.record : nil
        }
    }

    /// Remembers `record` as the stack named `name` at `generation` (read before the lookup, so that a
    /// change during the lookup makes the entry stale rather than wrong).
    func remember(_ record: StackRecord, named name: UnsafeRawBufferPointer, generation: UInt64) {
        let bytes = Array(name)
        entry.withLock { entry in
            entry.generation = generation
            entry.name = bytes
            entry.record = record
        }
    }
}
