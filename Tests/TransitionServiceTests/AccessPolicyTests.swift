import Testing
import Varlink

@testable import TransitionService

/// Who may change a stack: owner, root, and the control group through the primary gid or a
/// supplementary group.
@Suite struct AccessPolicyTests {
    static func peer(uid: UInt32, gid: UInt32 = 100, groups: [UInt32] = []) -> VarlinkPeerCredentials {
        VarlinkPeerCredentials(pid: 1, uid: uid, gid: gid, groups: groups)
    }

    @Test func ownerRootAndControlGroup() {
        let policy = AccessPolicy(controlGroup: 500)
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1000)))
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 0)))
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001, gid: 500)))
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001, groups: [20, 500])))
        #expect(!policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001, groups: [20])))
        #expect(!policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001)))
    }

    @Test func withoutAControlGroupOnlyOwnerAndRoot() {
        let policy = AccessPolicy()
        #expect(!policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1001, gid: 0, groups: [0])))
        #expect(policy.mayChange(ownedBy: 1000, peer: Self.peer(uid: 1000)))
    }

    @Test func unknownCredentialsChangeNothingUnlessShared() {
        let unknown = VarlinkPeerCredentials(pid: 0, uid: .max, gid: .max, groups: [.max])
        #expect(!AccessPolicy(controlGroup: .max).mayChange(ownedBy: .max, peer: unknown))
        #expect(AccessPolicy(shared: true).mayChange(ownedBy: 1000, peer: unknown))
    }
}
