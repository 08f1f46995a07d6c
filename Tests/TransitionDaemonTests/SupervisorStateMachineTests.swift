import SystemdSupport
import Testing

@testable import TransitionDaemon

@Suite struct SupervisorStateMachineTests {
    /// Writes one wake-up: `t=<now> [messages] {events} next=<wake>`.
    private func describe(_ now: UInt64, _ step: SupervisorStateMachine.Step) -> String {
        var parts = ["t=\(now)"]
        parts += step.messages.map { $0.description.replacingOccurrences(of: "\n", with: ",") }
        parts += step.events.map { event -> String in
            switch event {
            case .watchdogWithheld(let last, let deadline): "withheld(last=\(last ?? 0),deadline=\(deadline ?? 0))"
            case .watchdogResumed(let withheld): "resumed(\(withheld))"
            case .notificationFailed: "failed"
            }
        }
        parts.append("next=\(step.nextWakeMicroseconds.map(String.init) ?? "none")")
        return parts.joined(separator: " ")
    }

    /// A 1000 µs watchdog pings every 500 µs and rechecks every 125 µs while unhealthy
    /// (WatchdogPinger: half the timeout; a quarter of that while withholding).
    @Test func pingsOnlyWhileHealthyAndReportsTheChanges() {
        var machine = SupervisorStateMachine(
            watchdog: Watchdog(timeoutMicroseconds: 1000), statusIntervalMicroseconds: 1000)
        let health: [UInt64: Bool] = [0: true, 500: false, 625: false, 750: true, 1250: true]
        var lines: [String] = []
        for now: UInt64 in [0, 200, 500, 625, 750, 1250] {
            let isHealthy = machine.isWatchdogDue(nowMicroseconds: now) ? health[now]! : nil
            lines.append(describe(now, machine.tick(nowMicroseconds: now, isHealthy: isHealthy)))
        }
        #expect(
            lines == [
                "t=0 WATCHDOG=1 next=500",
                "t=200 next=500",
                "t=500 withheld(last=0,deadline=1000) next=625",
                "t=625 next=750",
                "t=750 WATCHDOG=1 resumed(250) next=1250",
                "t=1250 WATCHDOG=1 next=1750",
            ])
    }

    @Test func heldBackStatusIsSentByTheThreadAtItsDeadline() {
        var machine = SupervisorStateMachine(
            watchdog: Watchdog(timeoutMicroseconds: 1000), statusIntervalMicroseconds: 1000)
        _ = machine.tick(nowMicroseconds: 0, isHealthy: true)
        #expect(machine.throttle.submit("one", nowMicroseconds: 100) == .send("one"))
        #expect(machine.throttle.submit("two", nowMicroseconds: 200) == .holdUntil(1100))
        var lines: [String] = []
        for now: UInt64 in [500, 1000, 1100] {
            let isHealthy = machine.isWatchdogDue(nowMicroseconds: now) ? true : nil
            lines.append(describe(now, machine.tick(nowMicroseconds: now, isHealthy: isHealthy)))
        }
        #expect(lines == ["t=500 WATCHDOG=1 next=1000", "t=1000 WATCHDOG=1 next=1100", "t=1100 STATUS=two next=1500"])
    }

    @Test func withoutWatchdogNothingIsScheduledUnlessAStatusWaits() {
        var machine = SupervisorStateMachine(watchdog: nil, statusIntervalMicroseconds: 1000)
        #expect(!machine.isWatchdogDue(nowMicroseconds: 0))
        #expect(describe(0, machine.tick(nowMicroseconds: 0, isHealthy: nil)) == "t=0 next=none")
        _ = machine.throttle.submit("one", nowMicroseconds: 0)
        _ = machine.throttle.submit("two", nowMicroseconds: 1)
        #expect(describe(2, machine.tick(nowMicroseconds: 2, isHealthy: nil)) == "t=2 next=1000")
        #expect(describe(1000, machine.tick(nowMicroseconds: 1000, isHealthy: nil)) == "t=1000 STATUS=two next=none")
    }
}
