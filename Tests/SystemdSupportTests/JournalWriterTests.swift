import Foundation
import Testing
import TransitionTestSupport

@testable import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct JournalWriterTests {
    // MARK: Choosing the destination (systemd.exec(7): INVOCATION_ID, JOURNAL_STREAM)

    static let standardError: (device: UInt64, inode: UInt64) = (device: 64769, inode: 1234)

    @Test(
        arguments: [
            ([:], JournalWriter.Destination.standardError),
            (["INVOCATION_ID": "0b3c5c3a1a5e4b7c9c3b0e3c9d6f0a11"], .journal),
            (["INVOCATION_ID": ""], .standardError),
            (["JOURNAL_STREAM": "64769:1234"], .journal),
            (["JOURNAL_STREAM": "64769:1235"], .standardError),
            (["JOURNAL_STREAM": "64769"], .standardError),
            (["JOURNAL_STREAM": "a:b"], .standardError),
            (["JOURNAL_STREAM": "64769:1234:5"], .standardError),
        ] as [([String: String], JournalWriter.Destination)])
    func destinationFollowsWhatSystemdSets(environment: [String: String], expected: JournalWriter.Destination) {
        let destination = JournalWriter.Destination.detect(
            environment: { environment[$0] },
            standardError: Self.standardError
        )
        #expect(destination == expected)
    }

    @Test func journalStreamWithoutStandardErrorMeansStandardError() {
        let destination = JournalWriter.Destination.detect(
            environment: { $0 == "JOURNAL_STREAM" ? "1:2" : nil },
            standardError: nil
        )
        #expect(destination == .standardError)
    }

    @Test func explicitDestinationOverridesDetection() {
        #expect(JournalWriter(destination: .journal).destination == .journal)
        #expect(JournalWriter(destination: .standardError).destination == .standardError)
    }

    // MARK: Plain lines on standard error

    @Test func writesOnePlainLinePerEntry() throws {
        let (output, writer) = try Self.capturingWriter(maximumPriority: .info)
        defer { close(output) }
        #expect(
            try writer.log(.warning, "Failed to attach client 12: queue full, ignoring", fields: ["CLIENT_PID": "12"]))
        #expect(try writer.log(.debug, "dropped for its priority") == false)
        #expect(try writer.log(.info, "Serving", messageID: JournalEntryTests.messageID))
        try Self.closeWriteEnd(of: writer)
        #expect(
            TextFile.read(from: output)
                == "warning: Failed to attach client 12: queue full, ignoring CLIENT_PID=12\n"
                + "info: Serving MESSAGE_ID=0123456789abcdeffedcba9876543210\n"
        )
    }

    @Test func invalidFieldsAreErrorsOnStandardErrorToo() throws {
        let (output, writer) = try Self.capturingWriter(maximumPriority: .debug)
        defer { close(output) }
        #expect(throws: SystemdError.self) { try writer.log(.info, "m", fields: ["bad": "x"]) }
        try Self.closeWriteEnd(of: writer)
        #expect(TextFile.read(from: output) == "")
    }

    @Test func standardErrorFailureIsReportedWithErrno() throws {
        let readOnly = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(readOnly) }
        let writer = JournalWriter(
            destination: .standardError, identifier: nil, maximumPriority: .debug, standardErrorDescriptor: readOnly)
        #expect {
            try writer.log(.error, "m")
        } throws: { error in
            let error = error as? SystemdError
            return error?.code == .standardErrorWriteFailed && error?.errno == EBADF
        }
    }

    /// A writer whose standard error is a pipe; returns the read end.
    private static func capturingWriter(maximumPriority: JournalPriority) throws -> (Int32, JournalWriter) {
        var ends: [Int32] = [0, 0]
        try #require(CloseOnExec.pipe(&ends) == 0)
        let writer = JournalWriter(
            destination: .standardError, identifier: "tests", maximumPriority: maximumPriority,
            standardErrorDescriptor: ends[1])
        return (ends[0], writer)
    }

    private static func closeWriteEnd(of writer: JournalWriter) throws {
        try #require(close(writer.standardErrorDescriptor) == 0)
    }

    // MARK: A real journald

    @Test(.enabled(if: PrivateJournal.isAvailable, "needs root and /lib/systemd/systemd-journald"))
    func entriesReachARealJournaldWithEveryField() async throws {
        let messageID = JournalEntryTests.messageID
        let fields: KeyValuePairs<String, String> = ["STACK": "main", "NOTE": "first line\nsecond line", "EMPTY": ""]
        let writer = JournalWriter(destination: .journal, identifier: "systemd-support-tests", maximumPriority: .info)
        let message = "Failed to frobnicate stack main, ignoring"
        // CODE_LINE is the line of the `log` call two lines below.
        let line = #line + 2
        let entries = try await PrivateJournal.run(matches: ["MESSAGE_ID=\(messageID)"]) {
            try writer.log(.warning, message, messageID: messageID, fields: fields)
            try writer.log(.debug, "below the maximum priority", messageID: messageID)
        }
        try #require(entries.count == 1)
        let entry = entries[0]
        #expect(entry["MESSAGE"] == message)
        #expect(entry["PRIORITY"] == "4")
        #expect(entry["MESSAGE_ID"] == messageID.description)
        #expect(entry["SYSLOG_IDENTIFIER"] == "systemd-support-tests")
        #expect(entry["STACK"] == "main")
        #expect(entry["NOTE"] == "first line\nsecond line")
        #expect(entry["EMPTY"] == "")
        #expect(entry["CODE_FILE"] == "SystemdSupportTests/JournalWriterTests.swift")
        #expect(entry["CODE_LINE"] == String(line))
        #expect(entry["CODE_FUNC"] == "entriesReachARealJournaldWithEveryField()")
        #expect(entry["_TRANSPORT"] == "journal")
        #expect(entry["_PID"] == String(getpid()))
    }
}
