import SystemdSupport
import Testing

@testable import TransitionDaemon

@Suite struct DaemonLogTests {
    @Test func anEntryCarriesItsEventPriorityFieldsAndCallerLocation() throws {
        let recording = RecordingLog()
        let line = #line + 1
        recording.log.log(.ready, "Ready: x", fields: [JournalField("STACK", "main")])
        let entry = try #require(recording.last)
        #expect(entry.messageID == DaemonLogEvent.ready.messageID)
        #expect(entry.priority == .notice)
        #expect(entry.message == "Ready: x")
        #expect(recording.lastFields == ["STACK=main"])
        #expect(entry.codeFile == "TransitionDaemonTests/DaemonLogTests.swift")
        #expect(entry.codeLine == line)
        #expect(entry.codeFunction == "anEntryCarriesItsEventPriorityFieldsAndCallerLocation()")
        #expect(try entry.assignments(identifier: DaemonLog.identifier).contains("SYSLOG_IDENTIFIER=transitiond"))
    }

    @Test func theLevelFiltersAndCanChange() {
        let recording = RecordingLog(level: .notice)
        #expect(!recording.log.log(.starting, "info entry"))
        #expect(recording.log.log(.ready, "notice entry"))
        #expect(recording.log.log(.starting, "an info event raised to an error", priority: .error))
        recording.log.setLevel(.debug)
        #expect(recording.log.level == .debug)
        #expect(recording.log.isEnabled(.debug))
        #expect(recording.log.log(.starting, "info entry again"))
        #expect(
            recording.entries.value.map(\.message) == [
                "notice entry", "an info event raised to an error", "info entry again",
            ])
    }

    /// `request-rejected` admits 10 per key per 10 s; the first entry of the next window counts the rest.
    @Test func repeatingEventsAreRateLimitedPerKeyAndTheSuppressedCounted() {
        let recording = RecordingLog()
        func rejected(pid: Int) {
            recording.log.serviceEntry(
                syslogLevel: 7, message: "Rejected Push from pid=\(pid): NoSuchStack",
                fields: [("CLIENT_PID", String(pid)), ("ERROR", "NoSuchStack"), ("EVENT", "request-rejected")])
        }
        for _ in 0..<15 { rejected(pid: 42) }
        #expect(recording.entries.value.count == 10)
        // Another key (the client's pid) has its own budget.
        rejected(pid: 43)
        #expect(recording.entries.value.count == 11)
        recording.advance(seconds: 10)
        rejected(pid: 42)
        #expect(
            recording.last?.message == "Rejected Push from pid=42: NoSuchStack (5 similar messages suppressed)")
        #expect(recording.lastFields.last == "SUPPRESSED=5")
        // Events that cannot repeat fast are never limited.
        for _ in 0..<50 { recording.log.ready(status: "x") }
        #expect(recording.entries.value.count == 62)
    }

    @Test func theInstanceIsOnEveryEntryAndBadFieldNamesAreDropped() {
        let recording = RecordingLog(instance: "seat0")
        recording.log.log(
            .starting, "x",
            fields: [
                JournalField("GOOD", "1"), JournalField("bad", "2"), JournalField("_TRUSTED", "3"),
                JournalField("MESSAGE", "4"),
            ])
        #expect(recording.lastFields == ["GOOD=1", "INSTANCE=seat0"])
        #expect(recording.log.instance == "seat0")
    }

    @Test func aFailingSinkIsCountedNotThrown() {
        let recording = RecordingLog()
        recording.failing.update { $0 = true }
        #expect(!recording.log.log(.starting, "lost"))
        #expect(!recording.log.log(.starting, "lost too"))
        #expect(recording.log.failedWriteCount == 2)
    }

    /// Without a journal the same entry is one plain line on standard error (JournalWriter's format).
    @Test func thePlainLineCarriesTheFields() throws {
        let recording = RecordingLog()
        recording.log.serviceEntry(
            syslogLevel: 5, message: "Created stack main for pid=42 uid=1000 gid=1000",
            fields: [("CLIENT_PID", "42"), ("CLIENT_UID", "1000"), ("STACK", "main"), ("EVENT", "stack-created")])
        let entry = try #require(recording.last)
        #expect(
            entry.plainLine()
                == "notice: Created stack main for pid=42 uid=1000 gid=1000 MESSAGE_ID=f174ec4e45924807b5595fe00795c16d "
                + "CLIENT_PID=42 CLIENT_UID=1000 STACK=main")
    }
}
