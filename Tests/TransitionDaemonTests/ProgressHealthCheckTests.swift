import Testing

@testable import TransitionDaemon

@Suite struct ProgressHealthCheckTests {
    @Test func idleIsHealthyAndBusyNeedsRecentProgress() {
        let check = ProgressHealthCheck(stallTimeoutMicroseconds: 1000)
        // Idle: no tick expected, healthy however long.
        #expect(check.isHealthy(nowMicroseconds: 1_000_000))
        check.setBusy(true, atMicroseconds: 2_000_000)
        #expect(check.isHealthy(nowMicroseconds: 2_001_000))  // the timer starts when busy starts
        #expect(!check.isHealthy(nowMicroseconds: 2_001_001))  // stalled: no tick within 1 ms
        check.recordProgress(atMicroseconds: 2_001_500)
        #expect(check.isHealthy(nowMicroseconds: 2_002_500))
        #expect(!check.isHealthy(nowMicroseconds: 2_002_501))
        // An older tick reported late never moves progress backwards.
        check.recordProgress(atMicroseconds: 1_000)
        #expect(!check.isHealthy(nowMicroseconds: 2_002_501))
        check.setBusy(false, atMicroseconds: 2_003_000)
        #expect(check.isHealthy(nowMicroseconds: 9_000_000))
        // Busy again much later: the stall timer starts afresh, not from the old tick.
        check.setBusy(true, atMicroseconds: 10_000_000)
        #expect(check.isHealthy(nowMicroseconds: 10_000_500))
        // A time before the last progress counts as healthy (clocks read on different threads).
        #expect(check.isHealthy(nowMicroseconds: 9_999_000))
    }
}
