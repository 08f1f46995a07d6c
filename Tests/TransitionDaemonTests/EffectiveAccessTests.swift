import Testing

@testable import TransitionDaemon

@Suite struct EffectiveAccessTests {
    private static let initial = UserNamespaceMapping(ranges: [.init(inside: 0, outside: 0, count: UInt32.max)])
    private static let privateUsers = UserNamespaceMapping(ranges: [
        .init(inside: 0, outside: 0, count: 1), .init(inside: 61_234, outside: 61_234, count: 1),
    ])
    private static let video = DaemonConfiguration.GroupReference(name: "video", id: 44)

    /// Ownership= against the namespace: the mode in force and the group handed to the service.
    @Test(arguments: [
        (DaemonConfiguration.OwnershipMode.automatic, initial, EffectiveAccess.Ownership.perUser, true, UInt32?(44)),
        (.automatic, privateUsers, .shared, false, 65_000),
        (.perUser, initial, .perUser, true, 44),
        (.perUser, privateUsers, .perUser, false, 44),
        (.shared, initial, .shared, true, nil),
        (.shared, privateUsers, .shared, false, 65_000),
    ])
    func resolution(
        mode: DaemonConfiguration.OwnershipMode, mapping: UserNamespaceMapping, expected: EffectiveAccess.Ownership,
        exact: Bool, serviceGroup: UInt32?
    ) {
        let access = EffectiveAccess.resolve(
            DaemonConfiguration.AccessSettings(ownership: mode, controlGroup: Self.video), mapping: mapping,
            overflowUserID: 65_001, overflowGroupID: 65_000)
        #expect(access.ownership == expected)
        #expect(access.peerUserIDsAreExact == exact)
        #expect(access.serviceControlGroupID == serviceGroup)
        #expect(access.controlGroupID == (expected == .perUser ? 44 : nil))
        #expect(!access.explanation.isEmpty)
        if mode == .automatic && !exact { #expect(access.explanation.contains("65001")) }
    }

    @Test func anUnknownMapCountsAsTheInitialNamespace() {
        let access = EffectiveAccess.resolve(
            DaemonConfiguration.AccessSettings(ownership: .automatic, controlGroup: nil), mapping: nil)
        #expect(access.ownership == .perUser)
        #expect(access.serviceControlGroupID == nil)
    }
}
