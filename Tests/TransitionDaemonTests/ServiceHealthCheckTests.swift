import Testing

@testable import TransitionDaemon

@Suite struct ServiceHealthCheckTests {
    @Test func closureCheckPassesTheTime() {
        let check = ClosureHealthCheck { now in now < 100 }
        #expect(check.isHealthy(nowMicroseconds: 99))
        #expect(!check.isHealthy(nowMicroseconds: 100))
    }

    @Test func combinedCheckNeedsEveryCheck() {
        let early = ClosureHealthCheck { $0 < 100 }
        let late = ClosureHealthCheck { $0 > 10 }
        let both = CombinedHealthCheck([early, late])
        #expect(!both.isHealthy(nowMicroseconds: 5))
        #expect(both.isHealthy(nowMicroseconds: 50))
        #expect(!both.isHealthy(nowMicroseconds: 150))
        #expect(CombinedHealthCheck([]).isHealthy(nowMicroseconds: 0))
    }
}
