/// How many stacks one owner may hold, checked by `TransitionEngine.createStack` under the registry's
/// lock together with the name and the engine's own limit, so that two creations at once cannot both pass.
///
/// A stack counts from the moment its creation begins until its deletion is written.
public struct OwnerQuota: Sendable, Equatable {
    /// The most stacks the owner may hold (at least 0).
    public var maximum: Int
    /// Whether every owner's stacks count together against `maximum` (a daemon whose users share every
    /// stack), rather than the owner's alone.
    public var countsEveryOwner: Bool

    /// A quota of `maximum` stacks, counted per owner unless `countsEveryOwner`.
    public init(maximum: Int, countsEveryOwner: Bool = false) {
        self.maximum = maximum
        self.countsEveryOwner = countsEveryOwner
    }
}
