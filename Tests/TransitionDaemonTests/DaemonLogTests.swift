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
        let client = DaemonLog.Client(pid: 42, uid: 1000)
        for _ in 0..<15 { recording.log.requestRejected(client, method: "Push", error: "NoSuchStack") }
        #expect(recording.entries.value.count == 10)
        // Another key has its own budget.
        recording.log.requestRejected(DaemonLog.Client(pid: 43, uid: 1000), method: "Push", error: "NoSuchStack")
        #expect(recording.entries.value.count == 11)
        recording.advance(seconds: 10)
        recording.log.requestRejected(client, method: "Push", error: "NoSuchStack")
        #expect(
            recording.last?.message
                == "Rejected Push from pid 42 (uid 1000): NoSuchStack (5 similar messages suppressed)")
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
        recording.log.stackCreated("main", by: DaemonLog.Client(pid: 42, uid: 1000))
        let entry = try #require(recording.last)
        #expect(
            entry.plainLine()
                == "notice: Created stack main for client pid 42 (uid 1000) MESSAGE_ID=f174ec4e45924807b5595fe00795c16d "
                + "STACK=main CLIENT_PID=42 CLIENT_UID=1000")
    }
}
