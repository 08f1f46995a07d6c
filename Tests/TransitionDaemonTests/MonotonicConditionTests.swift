import SystemdSupport
import Testing

@testable import TransitionDaemon

@Suite struct MonotonicConditionTests {
    @Test func aPastDeadlineReturnsAtOnceAndAnUpdateWakesAWaiter() throws {
        let condition = MonotonicCondition(0)
        // A deadline already passed: the wait returns, the value unchanged.
        let value = condition.wait(untilMonotonicMicroseconds: 0, unless: { _ in false }) { $0 }
        #expect(value == 0)
        // A waiter with no deadline wakes when another thread updates the value.
        let thread = try LifecycleThread(name: "updater") { condition.update { $0 = 7 } }
        var seen = 0
        while seen != 7 {
            seen = condition.wait(untilMonotonicMicroseconds: nil, unless: { $0 == 7 }) { $0 }
        }
        thread.join()
        #expect(condition.withLock { $0 } == 7)
    }
}
