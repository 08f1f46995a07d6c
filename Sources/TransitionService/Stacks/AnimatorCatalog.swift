import JSON
import SystemPrimitives
import TransitionCore
import TransitionEngine

/// What the service keeps about animators beside the engine's registry, which alone holds them
/// (`TransitionEngine.animator(named:)`): each defined one's owner (the uid that defined it; built-ins and
/// the daemon's own animators belong to root), who with root and the control group may replace it; the
/// room definitions under way hold against `ServiceLimits.animatorsPerUser`; and the `ListAnimators`
/// reply, built from the engine's animators and kept with the registry's generation, so that the
/// event-loop thread answers it without encoding while no definition changed them and rebuilds it first
/// when one did: the reply sent is always the engine's animators as they are.
final class AnimatorCatalog: Sendable {
    private struct State {
        /// The uid that owns each animator a client defined, and root for the daemon's own.
        var owners: [String: UInt32] = [:]
        /// The animators clients defined (DefineAnimator, kept in the state directory), which count
        /// against `ServiceLimits.animatorsPerUser`; the daemon's own do not.
        var clientDefined: Set<String> = []
        /// Definitions under way per uid, each holding room under `ServiceLimits.animatorsPerUser`.
        var reservedByUid: [UInt32: Int] = [:]
        /// The `ListAnimators` reply as JSON text, and the engine's animator generation it was built at
        /// (none yet: `UInt64.max`, which no registry reaches).
        var listingJSON: [UInt8] = []
        var listingGeneration = UInt64.max
    }

    private let engine: TransitionEngine
    private let state = Locked(State())

    /// The catalog of `engine`'s animators, with the owners of those clients defined (missing: root).
    init(engine: TransitionEngine, owners: [String: UInt32] = [:]) {
        self.engine = engine
        state.withLock { state in
            state.owners = owners
            state.clientDefined = Set(owners.keys)
        }
    }

    /// The animator named `name`, if any (the engine's).
    func animator(named name: String) -> AnimatorSpecification? { engine.animator(named: name) }

    /// The uid that owns the animator named `name`: its definer's, or root's for built-ins, the daemon's
    /// own and unknown names.
    func owner(of name: String) -> UInt32 { state.withLock { $0.owners[name] } ?? AccessPolicy.rootUid }

    /// Every animator, sorted by name (the engine's).
    var all: [AnimatorSpecification] { engine.animators }

    /// The `ListAnimators` reply's parameters as JSON text: the engine's animators now.
    var listingJSON: [UInt8] {
        let generation = engine.animatorGeneration
        return state.withLock { state in
            if state.listingGeneration != generation {
                let (animators, builtAt) = engine.animatorsWithGeneration
                state.listingJSON = Self.json(Self.listing(animators))
                state.listingGeneration = builtAt
            }
            return state.listingJSON
        }
    }

    /// Holds room for one more animator of `uid` while its definition is checked and stored, so that
    /// definitions running at once cannot pass the limit together. Returns false, holding nothing, when
    /// `name` is one of `uid`'s own (a replacement needs no room).
    ///
    /// - Throws: `LimitExceeded` (`animatorsPerUser`) when `uid` has `limit` animators, defined or under way.
    func reserveRoom(for name: String, uid: UInt32, limit: Int) throws(ServiceError) -> Bool {
        try state.withLock { state throws(ServiceError) in
            if state.clientDefined.contains(name) && state.owners[name] == uid { return false }
            let count = state.clientDefined.count { state.owners[$0] == uid } + (state.reservedByUid[uid] ?? 0)
            guard count < limit else {
                throw .limitExceeded(
                    "animatorsPerUser", maximum: limit, parameter: "animator.name",
                    "uid \(uid) has defined \(count) animators, the most one user may; replace one of them instead.")
            }
            state.reservedByUid[uid, default: 0] += 1
            return true
        }
    }

    /// Gives back room `reserveRoom` held for `uid` (the animator is defined, or its definition failed).
    func releaseRoom(uid: UInt32) {
        state.withLock { state in
            state.reservedByUid.decrementCount(of: uid)
        }
    }

    /// Records that the engine now has `animator` (added or replaced), owned by `owner`; `byClient` for
    /// one a client defined (DefineAnimator), which counts against its owner's limit.
    func recordDefinition(of animator: AnimatorSpecification, owner: UInt32, byClient: Bool) {
        state.withLock { state in
            state.owners[animator.name] = owner
            if byClient {
                state.clientDefined.insert(animator.name)
            } else {
                state.clientDefined.remove(animator.name)
            }
        }
    }

    private static func json(_ listing: JSONObject) -> [UInt8] {
        var bytes: [UInt8] = []
        // Names, summaries and operations are strings: nothing here can fail to encode.
        try? JSONWriter.write(.object(listing), into: &bytes)
        return bytes
    }

    /// The `ListAnimators` reply for `animators`, sorted by name.
    private static func listing(_ animators: [AnimatorSpecification]) -> JSONObject {
        [
            "animators": .array(
                animators.map { ReplyEncoding.animatorSummary($0, builtin: BuiltinAnimators.named($0.name) != nil) })
        ]
    }
}
