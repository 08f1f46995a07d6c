import JSON
import SystemPrimitives
import TransitionCore

/// The service's view of the engine's animators: looked up on the event-loop thread to check an
/// animator named in a call before anything runs, listed by `ListAnimators` from a reply built once per
/// change, and each defined one's owner (the uid that defined it; built-ins and the daemon's own
/// animators belong to root), who with root and the control group may replace it.
final class AnimatorCatalog: Sendable {
    private struct State {
        var animators: [String: AnimatorSpecification] = [:]
        /// The uid that owns each animator a client defined, and root for the daemon's own.
        var owners: [String: UInt32] = [:]
        /// The animators clients defined (DefineAnimator, kept in the state directory), which count
        /// against `ServiceLimits.animatorsPerUser`; the daemon's own do not.
        var clientDefined: Set<String> = []
        /// Definitions under way per uid, each holding room under `ServiceLimits.animatorsPerUser`.
        var reservedByUid: [UInt32: Int] = [:]
        /// The `ListAnimators` reply, rebuilt after each change.
        var listing: JSONObject = [:]
        /// The same reply as JSON text, sent without encoding it again.
        var listingJSON: [UInt8] = []
    }

    private let state = Locked(State())

    /// The engine's animators, with the owners of those clients defined (missing: root).
    init(_ animators: [AnimatorSpecification], owners: [String: UInt32] = [:]) {
        state.withLock { state in
            for animator in animators { state.animators[animator.name] = animator }
            state.owners = owners
            state.clientDefined = Set(owners.keys)
            state.listing = Self.listing(state.animators)
            state.listingJSON = Self.json(state.listing)
        }
    }

    /// The animator named `name`, if any.
    func animator(named name: String) -> AnimatorSpecification? { state.withLock { $0.animators[name] } }

    /// The uid that owns the animator named `name`: its definer's, or root's for built-ins, the daemon's
    /// own and unknown names.
    func owner(of name: String) -> UInt32 { state.withLock { $0.owners[name] } ?? AccessPolicy.rootUid }

    /// Every animator.
    var all: [AnimatorSpecification] { state.withLock { Array($0.animators.values) } }

    /// The `ListAnimators` reply.
    var listing: JSONObject { state.withLock { $0.listing } }

    /// The `ListAnimators` reply's parameters as JSON text.
    var listingJSON: [UInt8] { state.withLock { $0.listingJSON } }

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

    /// Adds or replaces an animator (after the engine accepted it), owned by `owner`; `byClient` for one a
    /// client defined (DefineAnimator), which counts against its owner's limit.
    func define(_ animator: AnimatorSpecification, owner: UInt32, byClient: Bool) {
        state.withLock { state in
            state.animators[animator.name] = animator
            state.owners[animator.name] = owner
            if byClient {
                state.clientDefined.insert(animator.name)
            } else {
                state.clientDefined.remove(animator.name)
            }
            state.listing = Self.listing(state.animators)
            state.listingJSON = Self.json(state.listing)
        }
    }

    private static func json(_ listing: JSONObject) -> [UInt8] {
        var bytes: [UInt8] = []
        // Names, summaries and operations are strings: nothing here can fail to encode.
        try? JSONWriter.write(.object(listing), into: &bytes)
        return bytes
    }

    private static func listing(_ animators: [String: AnimatorSpecification]) -> JSONObject {
        let sorted = animators.values.sorted { $0.name < $1.name }
        return [
            "animators": .array(
                sorted.map { ReplyEncoding.animatorSummary($0, builtin: BuiltinAnimators.named($0.name) != nil) })
        ]
    }
}
