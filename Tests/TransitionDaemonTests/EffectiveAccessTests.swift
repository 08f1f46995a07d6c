import Testing

@testable import TransitionDaemon

@Suite struct EffectiveAccessTests {
    private static let initial = UserNamespaceMapping(ranges: [.init(inside: 0, outside: 0, count: UInt32.max)])
    private static let privateUsers = UserNamespaceMapping(ranges: [
        .init(inside: 0, outside: 0, count: 1), .init(inside: 61_234, outside: 61_234, count: 1),
    ])
    private static let video = DaemonConfiguration.GroupReference(name: "video", id: 44)

    /// Ownership= against the namespace: the mode in force, and the control group (per-user only).
    @Test(arguments: [
        (DaemonConfiguration.OwnershipMode.automatic, initial, EffectiveAccess.Ownership.perUser, true),
        (.automatic, privateUsers, .shared, false),
        (.perUser, initial, .perUser, true),
        (.perUser, privateUsers, .perUser, false),
        (.shared, initial, .shared, true),
        (.shared, privateUsers, .shared, false),
    ])
    func resolution(
        mode: DaemonConfiguration.OwnershipMode, mapping: UserNamespaceMapping, expected: EffectiveAccess.Ownership,
        exact: Bool
    ) {
        let access = EffectiveAccess.resolve(
            DaemonConfiguration.AccessSettings(ownership: mode, controlGroup: Self.video), mapping: mapping,
            overflowUserID: 65_001)
        #expect(access.ownership == expected)
        #expect(access.peerUserIDsAreExact == exact)
        #expect(access.controlGroupID == (expected == .perUser ? 44 : nil))
        #expect(!access.explanation.isEmpty)
        if mode == .automatic && !exact { #expect(access.explanation.contains("65001")) }
    }

    @Test func anUnknownMapCountsAsTheInitialNamespace() {
        let access = EffectiveAccess.resolve(
            DaemonConfiguration.AccessSettings(ownership: .automatic, controlGroup: nil), mapping: nil)
        #expect(access.ownership == .perUser)
        #expect(access.controlGroupID == nil)
    }
}
