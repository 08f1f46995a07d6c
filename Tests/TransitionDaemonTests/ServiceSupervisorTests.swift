import SystemdSupport
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

/// The real supervisor thread against a notification socket bound by the test, as systemd's would be.
@Suite struct ServiceSupervisorTests {
    /// A receiver in a fresh directory and a sender to it.
    private func notificationSocket() throws -> (TemporaryDirectory, NotifyReceiver, DatagramNotificationSender) {
        let directory = try TemporaryDirectory()
        let receiver = try NotifyReceiver(path: directory.file("notify"))
        return (directory, receiver, DatagramNotificationSender(path: receiver.path))
    }

    @Test func lifecycleMessagesGoOutAtOnceAndInOrder() throws {
        let (directory, receiver, sender) = try notificationSocket()
        defer { directory.remove() }
        let supervisor = ServiceSupervisor(watchdog: nil, healthCheck: ScriptedHealthCheck(), notifier: sender)
        try supervisor.start()
        defer { supervisor.stop() }
        #expect(supervisor.isEnabled)
        #expect(try supervisor.ready(status: "Serving 0 stacks to 0 clients at 60 fps"))
        let before = SystemdClock.monotonicMicroseconds()
        try supervisor.reloading()
        let after = SystemdClock.monotonicMicroseconds()
        try supervisor.ready(status: "Serving 1 stack to 0 clients at 60 fps")
        try supervisor.stopping(status: StatusSummary.stoppingText(runningTransitions: 2))

        let ready = try #require(receiver.receive())
        #expect(ready.lines == ["READY=1", "STATUS=Serving 0 stacks to 0 clients at 60 fps"])
        #expect(ready.senderPID == getpid())
        let reloading = try #require(receiver.receive())
        #expect(reloading.lines.count == 3)
        #expect(reloading.lines.first == "RELOADING=1")
        #expect(reloading.lines.last == "STATUS=Reloading configuration")
        #expect(reloading.lines.dropFirst().first?.hasPrefix("MONOTONIC_USEC=") == true)
        let stamp = try #require(reloading.lines.dropFirst().first?.split(separator: "=").last.flatMap { UInt64($0) })
        #expect((before...after).contains(stamp))
        #expect(receiver.receive()?.lines == ["READY=1", "STATUS=Serving 1 stack to 0 clients at 60 fps"])
        #expect(receiver.receive()?.lines == ["STOPPING=1", "STATUS=Stopping: settling 2 transitions"])
    }

    /// Pings while the check passes; none while it fails (every ping follows a passing answer on the
    /// same thread, so after three failing answers the socket holds exactly one ping per passing
    /// answer); pings again once it passes, with the changes reported.
    @Test func watchdogPingsFollowTheHealthCheck() throws {
        let (directory, receiver, sender) = try notificationSocket()
        defer { directory.remove() }
        let health = ScriptedHealthCheck()
        let events = Observed([SupervisorEvent]())
        // 20 ms: pings every 10 ms, rechecks every 2.5 ms while withheld.
        let supervisor = ServiceSupervisor(
            watchdog: Watchdog(timeoutMicroseconds: 20_000), healthCheck: health, notifier: sender,
            onEvent: { event in events.update { $0.append(event) } })
        try supervisor.start()
        defer { supervisor.stop() }
        for _ in 0..<3 { #expect(receiver.receive()?.lines == ["WATCHDOG=1"]) }

        health.state.update { $0.isHealthy = false }
        #expect(health.state.wait { $0.answers.filter { !$0 }.count >= 3 })
        let passing = health.state.value.answers.prefix { $0 }.count
        var pings = 3
        while let datagram = receiver.receiveNow() {
            #expect(datagram.lines == ["WATCHDOG=1"])
            pings += 1
        }
        #expect(pings == passing)
        #expect(events.wait { $0.contains { if case .watchdogWithheld = $0 { true } else { false } } })

        health.state.update { $0.isHealthy = true }
        #expect(receiver.receive()?.lines == ["WATCHDOG=1"])
        #expect(events.wait { $0.contains { if case .watchdogResumed = $0 { true } else { false } } })
    }

    /// The latest status always arrives; texts in between may be skipped (the exact schedule is
    /// `StatusThrottle`'s, tested with chosen times).
    @Test func theLatestStatusArrives() throws {
        let (directory, receiver, sender) = try notificationSocket()
        defer { directory.remove() }
        let supervisor = ServiceSupervisor(
            watchdog: nil, healthCheck: ScriptedHealthCheck(), statusIntervalMicroseconds: 1_000, notifier: sender)
        try supervisor.start()
        defer { supervisor.stop() }
        supervisor.updateStatus("one")
        supervisor.updateStatus("two")
        supervisor.updateStatus("three")
        #expect(receiver.receive()?.lines == ["STATUS=one"])
        let last = receiver.receive(until: "STATUS=three")
        #expect(last.match != nil)
        #expect(last.before.allSatisfy { $0.lines == ["STATUS=two"] })
    }

    @Test func withoutServiceManagerEverythingIsANoOp() throws {
        let supervisor = ServiceSupervisor(
            watchdog: Watchdog(timeoutMicroseconds: 1_000_000), healthCheck: ScriptedHealthCheck(),
            notifier: AbsentNotificationSender())
        try supervisor.start()
        #expect(!supervisor.isEnabled)
        #expect(try supervisor.ready(status: "x") == false)
        supervisor.updateStatus("y")
        supervisor.stop()
        supervisor.stop()
    }

    @Test func aVanishedServiceManagerIsReportedNotThrownFromTheThread() throws {
        let events = Observed([SupervisorEvent]())
        let supervisor = ServiceSupervisor(
            watchdog: nil, healthCheck: ScriptedHealthCheck(), statusIntervalMicroseconds: 1_000,
            notifier: DatagramNotificationSender(path: "/nonexistent/notify"),
            onEvent: { event in events.update { $0.append(event) } })
        try supervisor.start()
        defer { supervisor.stop() }
        #expect(throws: SystemdError.self) { try supervisor.ready(status: "x") }
        supervisor.updateStatus("y")
        #expect(events.wait { !$0.isEmpty })
        guard case .notificationFailed(let error) = events.value.first else {
            Issue.record("expected notificationFailed, got \(events.value)")
            return
        }
        #expect(error.errno == ENOENT)
    }

    /// The default sender is libsystemd's: with NOTIFY_SOCKET unset in this process (no test of this
    /// target sets it), it reports no service manager.
    @Test func theDefaultSenderIsNotifier() throws {
        let supervisor = ServiceSupervisor(watchdog: nil, healthCheck: ScriptedHealthCheck())
        #expect(supervisor.isEnabled == Notifier().isEnabled)
    }
}
