import SystemPrimitives
import TransitionCore

/// The compiled plans of recent transition requests, shared by every stack of an engine, so that a
/// transition seen before starts without compiling: a push and the pop that undoes it, the same screens
/// pushed again, the same screens on many stacks.
///
/// A plan depends on its request alone (`TransitionPlan(compiling:)` reads nothing else), so the plan
/// kept for an equal request is the plan the compiler would make again. Requests are compared whole with
/// `==`: a redefined animator, a moved node or another container size makes another request. Failed
/// compilations are not kept; each one throws again.
///
/// At most ``capacity`` plans are kept, holding at most ``maximumBytes`` together
/// (`CompiledPlan.approximateByteCount`: the plan and its settled screens); a new one replaces those used
/// longest ago, and a plan larger than the whole budget is not kept. A `slide` plan of two 6-node screens
/// holds about 16 KB (25 node states of 456 bytes, its tracks and scene) and its settled screens 5.5 KB,
/// one of two 41-node screens about 100 KB and 37 KB, so the default keeps 64 small plans or 7 large
/// ones. Safe to call from any thread:
/// stacks on different shards plan at once, and the cache's lock is held only to look up and to insert
/// (the comparison of two requests that share their storage stops at the first array).
final class PlanCache: Sendable {
    /// Plans kept when the engine is not told otherwise.
    static let defaultCapacity = 64
    /// Bytes the kept plans may hold together when the engine is not told otherwise: 1 MiB.
    static let defaultMaximumBytes = 1 << 20

    /// The most plans kept; 0 keeps none and compiles every request.
    let capacity: Int
    /// The most bytes the kept plans hold together (`CompiledPlan.approximateByteCount`).
    let maximumBytes: Int
    private let contents: Locked<Contents>

    /// A cache of at most `capacity` plans (0 or more) holding at most `maximumBytes` (0 or more).
    init(capacity: Int = PlanCache.defaultCapacity, maximumBytes: Int = PlanCache.defaultMaximumBytes) {
        precondition(capacity >= 0, "a plan cache's capacity is 0 or more, not \(capacity)")
        precondition(maximumBytes >= 0, "a plan cache's byte budget is 0 or more, not \(maximumBytes)")
        self.capacity = capacity
        self.maximumBytes = maximumBytes
        contents = Locked(Contents(), inheritingPriority: true)
    }

    /// The plan of the request these parts make: the one kept for an equal request, or a new one compiled
    /// (and kept). The request is built only when no kept plan matches: a stack starting a transition seen
    /// before copies no screen or animator into a request, and the kept request is compared where it lies.
    ///
    /// - Throws: the compiler's ``TransitionCoreError`` when the request cannot be compiled.
    func plan(
        animator: AnimatorSpecification, operation: TransitionOperation, from: Screen, to: Screen,
        containerSize: Size, containerLayout: ContainerLayout = ContainerLayout(), sourceNode: NodeID?,
        reducingMotion: Bool = false, fromContainerSize: Size? = nil
    ) throws(TransitionCoreError) -> CompiledPlan {
        let fingerprint = Self.fingerprint(
            animator: animator.name, operation: operation, from: from.id, to: to.id, containerSize: containerSize,
            sourceNode: sourceNode, reducingMotion: reducingMotion, fromContainerSize: fromContainerSize)
        let kept = contents.withLock { contents in
            contents.find(
                fingerprint, animator: animator, operation: operation, from: from, to: to,
                containerSize: containerSize, containerLayout: containerLayout, sourceNode: sourceNode,
                reducingMotion: reducingMotion, fromContainerSize: fromContainerSize)
        }
        if let kept { return kept }
        let request = TransitionRequest(
            animator: animator, operation: operation, from: from, to: to, containerSize: containerSize,
            containerLayout: containerLayout, sourceNode: sourceNode, reducingMotion: reducingMotion,
            fromContainerSize: fromContainerSize)
        contents.withLock { $0.statistics.compiled += 1 }
        let plan = try CompiledPlan(compiling: request)
        let bytes = plan.approximateByteCount
        if capacity > 0, bytes <= maximumBytes {
            contents.withLock { contents in
                contents.keep(
                    Entry(fingerprint: fingerprint, request: request, plan: plan, bytes: bytes, lastUse: 0),
                    capacity: capacity, maximumBytes: maximumBytes)
            }
        }
        return plan
    }

    /// Plans compiled and reused so far.
    var statistics: PlanStatistics { contents.withLock { $0.statistics } }

    /// The number of plans kept now.
    var count: Int { contents.withLock { $0.entries.count } }

    /// The bytes the plans kept now hold together.
    var bytes: Int { contents.withLock { $0.bytes } }

    /// Cheap to compute, and equal for equal requests: the names that tell most requests apart. The
    /// nodes are left to `==`, which runs only when this matches.
    private static func fingerprint(
        animator: String, operation: TransitionOperation, from: ScreenID, to: ScreenID, containerSize: Size,
        sourceNode: NodeID?, reducingMotion: Bool, fromContainerSize: Size?
    ) -> Int {
        var hasher = Hasher()
        hasher.combine(animator)
        hasher.combine(operation)
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(containerSize.width)
        hasher.combine(containerSize.height)
        hasher.combine(sourceNode)
        hasher.combine(reducingMotion)
        hasher.combine(fromContainerSize)
        return hasher.finalize()
    }

    private struct Entry {
        var fingerprint: Int
        var request: TransitionRequest
        var plan: CompiledPlan
        /// `plan.plan.approximateByteCount`.
        var bytes: Int
        /// The value of `Contents.uses` when this was last found or kept.
        var lastUse: UInt64
    }

    private struct Contents {
        var entries: [Entry] = []
        /// The sum of the entries' `bytes`.
        var bytes = 0
        var uses: UInt64 = 0
        var statistics = PlanStatistics()

        /// The plan kept for the request these parts make. Compared field by field where it lies, as
        /// `TransitionRequest`'s synthesized `==` compares: `entries[index].request == request` copied each
        /// kept request first, and a predicate given the kept request copied it as well.
        mutating func find(
            _ fingerprint: Int, animator: AnimatorSpecification, operation: TransitionOperation, from: Screen,
            to: Screen, containerSize: Size, containerLayout: ContainerLayout, sourceNode: NodeID?,
            reducingMotion: Bool,
            fromContainerSize: Size?
        ) -> CompiledPlan? {
            for index in entries.indices where entries[index].fingerprint == fingerprint {
                guard entries[index].request.operation == operation,
                    entries[index].request.reducingMotion == reducingMotion,
                    entries[index].request.containerSize == containerSize,
                    entries[index].request.containerLayout == containerLayout,
                    entries[index].request.fromContainerSize == fromContainerSize,
                    entries[index].request.sourceNode == sourceNode, entries[index].request.from == from,
                    entries[index].request.to == to, entries[index].request.animator == animator
                else { continue }
                uses += 1
                entries[index].lastUse = uses
                statistics.reused += 1
                return entries[index].plan
            }
            return nil
        }

        /// Keeps `entry` (at most `maximumBytes` itself), first dropping the entries used longest ago
        /// until it fits.
        mutating func keep(_ entry: Entry, capacity: Int, maximumBytes: Int) {
            var entry = entry
            uses += 1
            entry.lastUse = uses
            // Another stack may have kept the same request while this one compiled: replace it.
            if let equal = entries.firstIndex(where: {
                $0.fingerprint == entry.fingerprint && $0.request == entry.request
            }) {
                remove(at: equal)
            }
            while entries.count >= capacity || bytes + entry.bytes > maximumBytes,
                let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse })
            {
                remove(at: oldest)
            }
            entries.append(entry)
            bytes += entry.bytes
        }

        private mutating func remove(at index: Int) {
            bytes -= entries[index].bytes
            entries.swapAt(index, entries.count - 1)
            entries.removeLast()
        }
    }
}
