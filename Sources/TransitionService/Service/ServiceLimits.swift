/// The most one client (one uid) or one call can make the daemon hold, besides the engine's limits per
/// stack (`TransitionEngine.Limits`). Each is named in the `LimitExceeded` error it causes (`limit`,
/// with its `maximum`), and `TransitionService.setLimits` changes them while the daemon runs: a lower
/// limit refuses growth and never removes what exists.
public struct ServiceLimits: Sendable, Hashable {
    /// The most stacks one uid may own (default 64); with shared ownership, all clients together
    /// (`stacksPerUser`).
    public var stacksPerUser: Int
    /// The most nodes the screens of one call may have together: CreateStack's tabs, SetScreens' screens
    /// (default 8,192, `nodesPerCall`: about 57,000 JSON values, within
    /// `TransitionService.maximumCallValues`).
    public var nodesPerCall: Int
    /// The most animators one uid may define (default 64, `animatorsPerUser`); replacing one's own
    /// counts once. The daemon's own animators (`AnimatorDirectory=`) do not count.
    public var animatorsPerUser: Int
    /// The most bytes of one animator's definition as the daemon stores it: its JSON, written compactly
    /// (default 256 KiB, `animatorBytes`).
    public var animatorBytes: Int
    /// The most tracks of one animator, across its variants and phases (default 256, `tracksPerAnimator`).
    public var tracksPerAnimator: Int
    /// The most keyframe values of one animator, across its tracks (default 4,096, `keyframesPerAnimator`).
    public var keyframesPerAnimator: Int
    /// The most subscriptions one uid may hold open at once (default 256, `subscriptionsPerUser`).
    public var subscriptionsPerUser: Int

    /// Creates limits; every one defaults to the value its property documents.
    public init(
        stacksPerUser: Int = 64,
        nodesPerCall: Int = 8_192, animatorsPerUser: Int = 64, animatorBytes: Int = 256 << 10,
        tracksPerAnimator: Int = 256, keyframesPerAnimator: Int = 4_096, subscriptionsPerUser: Int = 256
    ) {
        self.stacksPerUser = stacksPerUser
        self.nodesPerCall = nodesPerCall
        self.animatorsPerUser = animatorsPerUser
        self.animatorBytes = animatorBytes
        self.tracksPerAnimator = tracksPerAnimator
        self.keyframesPerAnimator = keyframesPerAnimator
        self.subscriptionsPerUser = subscriptionsPerUser
    }
}
