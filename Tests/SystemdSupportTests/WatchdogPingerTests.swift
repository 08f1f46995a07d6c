import Testing

@testable import SystemdSupport

@Suite struct WatchdogPingerTests {
    /// Ticks at the given (time, healthy) pairs and writes the decisions as text:
    /// `ping@t>next`, `wait@t>next`, `withhold@t>next`.
    private func timeline(_ pinger: inout WatchdogPinger, _ ticks: [(UInt64, Bool)]) -> String {
        ticks.map { time, healthy in
            let decision = pinger.tick(nowMicroseconds: time, isHealthy: healthy)
            return "\(decision.action)@\(time)>\(decision.nextTickMicroseconds)"
        }.joined(separator: " ")
    }

    @Test func pingsEveryHalfTimeoutWhileHealthy() throws {
        // WatchdogSec=10s: ping every 5 s (sd_watchdog_enabled(3)).
        var pinger = WatchdogPinger(watchdog: try #require(Watchdog(timeoutMicroseconds: 10_000_000)))
        let ticks: [(UInt64, Bool)] = [(0, true), (1_000_000, true), (5_000_000, true), (10_000_000, true)]
        #expect(
            timeline(&pinger, ticks)
                == "ping@0>5000000 wait@1000000>5000000 ping@5000000>10000000 ping@10000000>15000000"
        )
        #expect(pinger.lastPingMicroseconds == 10_000_000)
        #expect(pinger.withholdingDeadlineMicroseconds == 20_000_000)
    }

    @Test func withholdsWhileUnhealthyAndResumesOnRecovery() throws {
        var pinger = WatchdogPinger(watchdog: try #require(Watchdog(timeoutMicroseconds: 10_000_000)))
        let ticks: [(UInt64, Bool)] = [
            (0, true), (5_000_000, false), (6_250_000, false), (7_500_000, true), (8_000_000, false),
        ]
        #expect(
            timeline(&pinger, ticks)
                == "ping@0>5000000 withhold@5000000>6250000 withhold@6250000>7500000 ping@7500000>12500000 "
                + "wait@8000000>12500000"
        )
    }

    @Test func unhealthyBeforeTheFirstPingWithholds() throws {
        var pinger = WatchdogPinger(watchdog: try #require(Watchdog(timeoutMicroseconds: 4)))
        #expect(timeline(&pinger, [(100, false), (101, true)]) == "withhold@100>101 ping@101>103")
        #expect(pinger.withholdingDeadlineMicroseconds == 105)
    }

    @Test func withholdingDeadlineIsUnknownBeforeTheFirstPing() throws {
        let pinger = WatchdogPinger(watchdog: try #require(Watchdog(timeoutMicroseconds: 10)))
        #expect(pinger.lastPingMicroseconds == nil)
        #expect(pinger.withholdingDeadlineMicroseconds == nil)
    }

    @Test func timeBeforeTheLastPingIsNotDue() throws {
        var pinger = WatchdogPinger(watchdog: try #require(Watchdog(timeoutMicroseconds: 10)))
        #expect(timeline(&pinger, [(50, true), (40, true)]) == "ping@50>55 wait@40>55")
    }

    @Test func aOneMicrosecondTimeoutPingsOnEveryHealthyTick() throws {
        var pinger = WatchdogPinger(watchdog: try #require(Watchdog(timeoutMicroseconds: 1)))
        #expect(timeline(&pinger, [(7, true), (7, true), (8, false)]) == "ping@7>7 ping@7>7 withhold@8>9")
    }
}
