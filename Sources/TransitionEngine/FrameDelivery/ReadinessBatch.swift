/// The readiness a tick's walk of one shard collects instead of telling each subscriber's reader at
/// once, to tell them together when the walk ends: each target once, with the tokens of all its
/// subscriptions that became ready.
///
/// A reader (`SubscriptionReader`) woken by the first stack's frame would otherwise drain it,
/// sleep again and be woken by the next one: a thread wake-up and a contended lock per stack, on the
/// ticking thread, while the reader competes with the walk for the cores. Told at the end of the walk, it
/// lists every stack at once and wakes once to drain them all. Targets are still called on the producer's
/// side, as `Subscription.setReadinessTarget(_:token:)` promises, a walk later.
///
/// Used by one walk at a time, on its shard's thread: the stacks of a shard run one after another there.
/// A subscription adds its token under its own lock, reading its registration in place: a target joins a
/// batch with one reference counted, however many of its subscriptions follow. A batch keeps its storage
/// once called, and `ReadinessBatchPool` hands it to a later walk, so a tick allocates nothing here.
final class ReadinessBatch: @unchecked Sendable {
    /// One target and the tokens to give it, in order.
    private struct Group {
        let target: any SubscriptionReadinessTarget
        let targetIdentifier: ObjectIdentifier
        var tokens: [Int]
    }

    // Not checked for exclusivity at run time (a `swift_beginAccess` per field and append, two per frame
    // sent): one walk uses the batch at a time, and nothing it calls while appending reaches the batch.
    @exclusivity(unchecked) private var groups: [Group] = []
    /// Token arrays of groups already called, emptied with their capacity kept, for the next groups.
    @exclusivity(unchecked) private var spareTokens: [[Int]] = []

    init() {}

    /// Whether no token is kept.
    var isEmpty: Bool { groups.isEmpty }

    /// How many tokens the batch can keep, over all its storage, without allocating (tests).
    var tokenCapacity: Int {
        groups.reduce(0) { $0 + $1.tokens.capacity } + spareTokens.reduce(0) { $0 + $1.capacity }
    }

    /// Keeps `token` for the target whose identity is `targetIdentifier`, to be given by `callAll()`.
    /// `target` is asked for (and a reference to it counted) only when the target is new to the batch:
    /// a subscription calls this under its lock with its registration's fields, read in place.
    func append(
        token: Int, targetIdentifier: ObjectIdentifier, target: () -> any SubscriptionReadinessTarget
    ) {
        for index in groups.indices where groups[index].targetIdentifier == targetIdentifier {
            groups[index].tokens.append(token)
            return
        }
        var tokens = spareTokens.popLast() ?? []
        tokens.append(token)
        groups.append(Group(target: target(), targetIdentifier: targetIdentifier, tokens: tokens))
    }

    /// Keeps `registration`'s token for its target (tests).
    func append(_ registration: ReadinessRegistration) {
        append(token: registration.token, targetIdentifier: registration.targetIdentifier) { registration.target }
    }

    /// Gives each target its tokens, targets in the order they joined, then forgets them (letting go of
    /// the targets), keeping the storage.
    ///
    /// - Precondition: no target appends to this batch (none can: a target belongs to a reader, and the
    ///   batch to the walk that is over).
    func callAll() {
        for group in groups {
            group.tokens.withUnsafeBufferPointer { group.target.subscriptionsBecameReady($0) }
        }
        while var group = groups.popLast() {
            group.tokens.removeAll(keepingCapacity: true)
            spareTokens.append(group.tokens)
        }
    }
}
