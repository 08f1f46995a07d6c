import Testing
import TransitionCore
import TransitionTestSupport
import Varlink

@testable import TransitionService

/// The held stacks' state: who may begin at once, the requests numbered and kept oldest first, each
/// resolved once, a lease known by its stack's record and its token, and nothing waiting once the
/// daemon stops.
@Suite struct GestureLeasesTests {
    /// Contexts of calls on one recording transport, each from process `pid`.
    static func context(_ transport: VarlinkRecordingTransport, pid: Int32, method: String = "BeginInteractive")
        -> VarlinkCallContext
    {
        transport.makeContext(
            for: VarlinkCall(method: "io.transitiond." + method), peer: VarlinkPeerCredentials(pid: pid, uid: 0, gid: 0)
        )
    }

    static func lease(_ transport: VarlinkRecordingTransport, policy: GesturePolicy = .ask) -> GestureLease {
        GestureLease(
            context: context(transport, pid: 10, method: "HoldGestures"), policy: policy, maximumWait: .seconds(1))
    }

    /// A service's stack `main`, a transport for the calls' contexts, and leases nobody holds yet.
    static func fixture() async throws -> (ServiceHarness, StackRecord, VarlinkRecordingTransport, GestureLeases) {
        let harness = try await ServiceHarness.withStack("main")
        return (harness, try harness.service.stackRecord("main"), VarlinkRecordingTransport(), GestureLeases())
    }

    /// The number of a request `admit` asked about, or nil when it decided otherwise.
    static func askedNumber(_ admission: GestureLeases.Admission) -> Int? {
        guard case .asked(_, let request) = admission else { return nil }
        return request.id
    }

    @Test func onlyOtherProcessesAreAskedAndInOrder() async throws {
        let (harness, record, transport, leases) = try await Self.fixture()
        let other = Self.context(transport, pid: 20)
        guard case .proceed = leases.admit(record, other, operation: .pop, {}) else {
            Issue.record("a stack nobody holds asked")
            return
        }
        let lease = Self.lease(transport)
        #expect(leases.hold(record, with: lease) == nil)
        #expect(leases.hold(record, with: Self.lease(transport))?.token == lease.token, "one lease per stack")
        #expect(Self.askedNumber(leases.admit(record, other, operation: .pop, {})) == 1)
        #expect(Self.askedNumber(leases.admit(record, Self.context(transport, pid: 30), operation: nil, {})) == 2)
        guard case .proceed = leases.admit(record, Self.context(transport, pid: 10), operation: .pop, {}) else {
            Issue.record("the holder's own process was asked")
            return
        }
        let ended = leases.end(record, token: lease.token)
        #expect(ended?.1.map(\.id) == [1, 2], "the waiting requests, oldest first")
        #expect(leases.end(record, token: lease.token) == nil, "ended once")
        #expect(leases.count == 0)
        await harness.shutdown()
    }

    @Test func eachRequestIsResolvedOnce() async throws {
        let (harness, record, transport, leases) = try await Self.fixture()
        let lease = Self.lease(transport)
        _ = leases.hold(record, with: lease)
        _ = leases.admit(record, Self.context(transport, pid: 20), operation: .pop, {})
        _ = leases.admit(record, Self.context(transport, pid: 20), operation: .pop, {})
        guard case .failure(.noSuchLease) = leases.answer(record, token: "other", request: 1) else {
            Issue.record("a wrong lease answered")
            return
        }
        guard case .success(let (answeredLease, request)) = leases.answer(record, token: lease.token, request: 1) else {
            Issue.record("the waiting request was not found")
            return
        }
        #expect(answeredLease.token == lease.token)
        #expect(request.id == 1)
        guard case .failure(.noSuchRequest) = leases.answer(record, token: lease.token, request: 1) else {
            Issue.record("a request was answered twice")
            return
        }
        #expect(leases.withdraw(record, token: lease.token, request: 2)?.id == 2)
        #expect(leases.withdraw(record, token: lease.token, request: 2) == nil)
        await harness.shutdown()
    }

    @Test func refusePolicyAndStopping() async throws {
        let (harness, record, transport, leases) = try await Self.fixture()
        _ = leases.hold(record, with: Self.lease(transport, policy: .refuse))
        guard case .refused = leases.admit(record, Self.context(transport, pid: 20), operation: .pop, {}) else {
            Issue.record("policy refuse did not refuse")
            return
        }
        #expect(leases.end(record) != nil)
        _ = leases.hold(record, with: Self.lease(transport))
        _ = leases.admit(record, Self.context(transport, pid: 20), operation: .pop, {})
        #expect(leases.stopWaiting().map(\.2.id) == [1])
        guard case .stopping = leases.admit(record, Self.context(transport, pid: 20), operation: .pop, {}) else {
            Issue.record("a request waits while the daemon stops")
            return
        }
        #expect(leases.endAll().count == 1)
        #expect(leases.count == 0)
        await harness.shutdown()
    }
}
