import Testing
import Varlink

@testable import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// Who may change a stack, and where supplementary groups come from.
@Suite struct AccessPolicyTests {
    static func peer(uid: UInt32, gid: UInt32 = 100) -> VarlinkPeerCredentials {
        VarlinkPeerCredentials(pid: 1, uid: uid, gid: gid)
    }

    @Test func ownerRootAndControlGroup() {
        let policy = AccessPolicy(controlGroup: 500)
        var asked = 0
        let groups = { () -> [UInt32]? in
            asked += 1
            return [20, 500]
        }
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1000), groups: groups))
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 0), groups: groups))
        #expect(asked == 0)
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001, gid: 500), groups: { [] }))
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001), groups: groups))
        #expect(asked == 1)
        #expect(!policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001), groups: { [20] }))
        #expect(!policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001), groups: { nil }))
    }

    @Test func withoutAControlGroupOnlyOwnerAndRoot() {
        let policy = AccessPolicy()
        #expect(!policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001, gid: 0), groups: { [0] }))
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1000), groups: { [] }))
    }

    @Test func unknownCredentialsChangeNothingUnlessShared() {
        let unknown = VarlinkPeerCredentials(pid: 0, uid: .max, gid: .max)
        #expect(!AccessPolicy(controlGroup: .max).mayChange(ownedBy: .max, peer: unknown, groups: { [.max] }))
        #expect(AccessPolicy(shared: true).mayChange(ownedBy: 1000, peer: unknown, groups: { nil }))
    }

    /// The Groups line of proc(5)'s status file: tab after the colon, ids separated by spaces.
    @Test func parsesTheGroupsLine() {
        let status = "Name:\tpython3\nUid:\t65534\t65534\t65534\t65534\nGroups:\t4242 4243 \nNgid:\t0\n"
        #expect(ProcessGroups.groups(inStatus: status) == [4242, 4243])
        #expect(ProcessGroups.groups(inStatus: "Name:\tx\nGroups:\t\n") == [])
        #expect(ProcessGroups.groups(inStatus: "Name:\tx\n") == nil)
    }

    /// Our own process: the groups the kernel lists for it.
    @Test func readsTheGroupsOfAProcess() {
        let groups = ProcessGroups.of(pid: getpid())
        #expect(groups != nil)
        #expect(ProcessGroups.of(pid: 0) == nil)
    }
}
