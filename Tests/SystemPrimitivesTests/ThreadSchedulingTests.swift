import Synchronization
import SystemPrimitives
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A thread started from a real-time thread does not stay at real time (SystemThread starts every thread
/// at normal scheduling); other policies are inherited as pthread_create(3) inherits them.
@Suite struct ThreadSchedulingTests {
    /// Linux's policy numbers (<linux/sched.h>), which Glibc's module leaves out (they need _GNU_SOURCE).
    static let batchPolicy: Int32 = 3
    static let idlePolicy: Int32 = 5

    /// The policy of a thread started by a thread that first set itself to `policy` at `priority`, or nil
    /// when the system refused that policy to the creator.
    static func policyOfThreadStarted(fromPolicy policy: Int32, priority: Int32) throws -> Int32? {
        let seen = Mutex<Int32?>(nil)
        let creator = try SystemThread.startJoinable {
            var parameters = sched_param()
            parameters.sched_priority = priority
            guard pthread_setschedparam(pthread_self(), policy, &parameters) == 0 else { return }
            guard let child = try? SystemThread.startJoinable({ seen.withLock { $0 = sched_getscheduler(0) } })
            else { return }
            SystemThread.join(child)
        }
        SystemThread.join(creator)
        return seen.withLock { $0 }
    }

    /// Whether this process may use `SCHED_FIFO` (CAP_SYS_NICE or an RLIMIT_RTPRIO of at least 1).
    static let realTimeAllowed: Bool = {
        let allowed = Mutex(false)
        guard
            let thread = try? SystemThread.startJoinable({
                var parameters = sched_param()
                parameters.sched_priority = 1
                allowed.withLock { $0 = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0 }
            })
        else { return false }
        SystemThread.join(thread)
        return allowed.withLock { $0 }
    }()

    @Test(.enabled(if: realTimeAllowed, "needs SCHED_FIFO (CAP_SYS_NICE or RLIMIT_RTPRIO)"))
    func aThreadStartedFromARealTimeThreadRunsAtNormalScheduling() throws {
        #expect(try Self.policyOfThreadStarted(fromPolicy: SCHED_FIFO, priority: 1) == SCHED_OTHER)
        #expect(try Self.policyOfThreadStarted(fromPolicy: SCHED_RR, priority: 1) == SCHED_OTHER)
    }

    /// `SCHED_IDLE` needs no privilege, so this runs everywhere: the creator's policy really is inherited
    /// by default, and only real time is left.
    @Test func otherPoliciesAreInherited() throws {
        #expect(try Self.policyOfThreadStarted(fromPolicy: Self.idlePolicy, priority: 0) == Self.idlePolicy)
        #expect(try Self.policyOfThreadStarted(fromPolicy: Self.batchPolicy, priority: 0) == Self.batchPolicy)
    }
}
