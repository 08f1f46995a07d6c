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

    /// Taking over another connection's gesture: root and the control group (by primary or
    /// supplementary group), not the stack's owner nor anyone else; everyone when ownership is shared.
    @Test func rootAndTheControlGroupMayTakeOverAGesture() {
        let policy = AccessPolicy(controlGroup: 500)
        #expect(policy.mayTakeOverGestures(peer: Self.peer(uid: 0)))
        #expect(policy.mayTakeOverGestures(peer: Self.peer(uid: 1001, gid: 500)))
        #expect(policy.mayTakeOverGestures(peer: Self.peer(uid: 1001, groups: [20, 500])))
        #expect(!policy.mayTakeOverGestures(peer: Self.peer(uid: 1000, groups: [20])))
        #expect(!AccessPolicy().mayTakeOverGestures(peer: Self.peer(uid: 1000, gid: 0)))
        #expect(AccessPolicy(shared: true).mayTakeOverGestures(peer: Self.peer(uid: 1000)))
        let unknown = VarlinkPeerCredentials(pid: 0, uid: .max, gid: 500, groups: [500])
        #expect(!policy.mayTakeOverGestures(peer: unknown))
    }
}
