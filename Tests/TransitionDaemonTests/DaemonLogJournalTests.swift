import SystemdSupport
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

/// Entries through the real `sd_journal_sendv` into a real journald, read back with journalctl.
@Suite struct DaemonLogJournalTests {
    @Test(.enabled(if: PrivateJournal.isAvailable, "needs root and mount namespaces"))
    func anOperatorCanFollowOneStackWithEveryField() async throws {
        let results = try await PrivateJournal.run(
            queries: [
                ["STACK=main"], ["MESSAGE_ID=\(DaemonLogEvent.clientConnected.messageID)"],
                ["SYSLOG_IDENTIFIER=transitiond", "PRIORITY=7"],
            ]
        ) {
            let log = DaemonLog(destination: .journal, level: .info, instance: "seat0")
            let push = DaemonLog.Transition(stack: "main", operation: "push", animator: "slide", id: 7)
            let client = [("CLIENT_PID", "4242"), ("CLIENT_UID", "1000")]
            log.serviceEntry(
                syslogLevel: 7, message: "Client connected (pid=4242 uid=1000 gid=1000)",
                fields: client + [("EVENT", "client-connected")])
            for stack in ["main", "other"] {
                log.serviceEntry(
                    syslogLevel: 5, message: "Created stack \(stack) for pid=4242 uid=1000 gid=1000",
                    fields: client + [("STACK", stack), ("EVENT", "stack-created")])
            }
            log.transitionBegan(push)
            log.transitionCompleted(push, durationMilliseconds: 300)
            log.transitionCancelled(
                DaemonLog.Transition(stack: "main", operation: "pop", animator: "zoom", id: 8),
                durationMilliseconds: 120, reason: "cancelled by the client")
            log.log(.serviceMessage, "dropped: below the level", priority: .debug)
            #expect(log.failedWriteCount == 0)
        }
        let stack = results[0]
        #expect(
            stack.map { $0["MESSAGE"] ?? "" } == [
                "Created stack main for pid=4242 uid=1000 gid=1000",
                "Stack main: push #7 began with slide",
                "Stack main: push #7 completed in 300ms",
                "Stack main: pop #8 cancelled after 120ms: cancelled by the client",
            ])
        let completed = try #require(
            stack.first { $0["MESSAGE_ID"] == DaemonLogEvent.transitionCompleted.messageID.description })
        #expect(completed["PRIORITY"] == "6")
        #expect(completed["SYSLOG_IDENTIFIER"] == "transitiond")
        #expect(completed["STACK"] == "main")
        #expect(completed["OPERATION"] == "push")
        #expect(completed["ANIMATOR"] == "slide")
        #expect(completed["TRANSITION_ID"] == "7")
        #expect(completed["DURATION_MS"] == "300")
        #expect(completed["INSTANCE"] == "seat0")
        #expect(completed["CODE_FILE"] == "TransitionDaemonTests/DaemonLogJournalTests.swift")
        #expect(completed["CODE_FUNC"] == "anOperatorCanFollowOneStackWithEveryField()")
        #expect(Int(completed["CODE_LINE"] ?? "") != nil)
        #expect(completed["_TRANSPORT"] == "journal")
        let cancelled = try #require(stack.last)
        #expect(cancelled["REASON"] == "cancelled by the client")
        #expect(cancelled["PRIORITY"] == "6")

        let connected = try #require(results[1].first)
        #expect(results[1].count == 1)
        #expect(connected["CLIENT_PID"] == "4242")
        #expect(connected["CLIENT_UID"] == "1000")
        #expect(connected["MESSAGE"] == "Client connected (pid=4242 uid=1000 gid=1000)")
        #expect(connected["PRIORITY"] == "6")  // raised from debug to the event's own priority
        #expect(results[2].isEmpty)  // the debug entry was below LogLevel=info
    }
}
