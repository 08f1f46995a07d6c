import Testing

@testable import SystemdSupport

@Suite struct JournalEntryTests {
    static let messageID = JournalMessageID(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210)

    @Test func assignmentsListEveryFieldInOrder() throws {
        let entry = JournalEntry(
            .warning,
            "Failed to restore stack main: file is truncated, ignoring",
            messageID: Self.messageID,
            fields: ["STACK": "main", "STATE_FILE": "/var/lib/transitiond/main.json"],
            fileID: "TransitionEngine/Persistence.swift",
            line: 42,
            function: "restore(stack:)"
        )
        #expect(
            try entry.assignments(identifier: "transitiond") == [
                "MESSAGE=Failed to restore stack main: file is truncated, ignoring",
                "PRIORITY=4",
                "MESSAGE_ID=0123456789abcdeffedcba9876543210",
                "SYSLOG_IDENTIFIER=transitiond",
                "STACK=main",
                "STATE_FILE=/var/lib/transitiond/main.json",
                "CODE_FILE=TransitionEngine/Persistence.swift",
                "CODE_LINE=42",
                "CODE_FUNC=restore(stack:)",
            ]
        )
    }

    @Test func recordsTheCallersCodeLocation() throws {
        let line = #line + 1
        let entry = JournalEntry(.info, "hello")
        #expect(entry.codeFile == "SystemdSupportTests/JournalEntryTests.swift")
        #expect(entry.codeLine == line)
        #expect(entry.codeFunction == "recordsTheCallersCodeLocation()")
        #expect(
            try entry.assignments() == [
                "MESSAGE=hello", "PRIORITY=6", "CODE_FILE=SystemdSupportTests/JournalEntryTests.swift",
                "CODE_LINE=\(line)", "CODE_FUNC=recordsTheCallersCodeLocation()",
            ])
    }

    @Test func runtimeFieldListKeepsOrderAndRepeats() throws {
        let entry = JournalEntry(
            .debug, "m", fieldList: [JournalField("TAG", "a"), JournalField("TAG", "b")],
            fileID: "F", line: 1, function: "f")
        #expect(
            try entry.assignments() == [
                "MESSAGE=m", "PRIORITY=7", "TAG=a", "TAG=b", "CODE_FILE=F", "CODE_LINE=1", "CODE_FUNC=f",
            ])
    }

    @Test(arguments: ["lower", "_PID", "9LIVES", "A-B", ""])
    func invalidFieldNamesAreErrors(name: String) {
        let entry = JournalEntry(.info, "m", fieldList: [JournalField("OK", "1"), JournalField(name, "x")])
        #expect {
            try entry.assignments()
        } throws: { error in
            let error = error as? SystemdError
            return error?.code == .invalidJournalField && error?.parameter == name
        }
    }

    @Test(arguments: ["MESSAGE", "PRIORITY", "MESSAGE_ID", "SYSLOG_IDENTIFIER", "CODE_FILE", "CODE_LINE", "CODE_FUNC"])
    func fieldsTheEntrySetsItselfAreErrors(name: String) {
        let entry = JournalEntry(.info, "m", fieldList: [JournalField(name, "x")])
        #expect(throws: SystemdError.self) { try entry.validateFields() }
    }

    @Test(arguments: [
        (
            JournalEntry(.error, "Failed to bind: Address in use", fileID: "F", line: 1, function: "f"),
            "err: Failed to bind: Address in use"
        ),
        (
            JournalEntry(.info, "two\nlines\tand\u{1B}escape", fileID: "F", line: 1, function: "f"),
            "info: two\\nlines\\tand\\x1bescape"
        ),
        (
            JournalEntry(.notice, "quotes \"stay\" \\ bare", fileID: "F", line: 1, function: "f"),
            "notice: quotes \"stay\" \\ bare"
        ),
        (
            JournalEntry(
                .warning, "m", messageID: messageID, fields: ["STACK": "main"], fileID: "F", line: 1, function: "f"),
            "warning: m MESSAGE_ID=0123456789abcdeffedcba9876543210 STACK=main"
        ),
        (
            JournalEntry(
                .debug, "m", fields: ["EMPTY": "", "SPACE": "a b", "QUOTE": "say \"hi\"", "EQUALS": "a=b"],
                fileID: "F", line: 1, function: "f"),
            "debug: m EMPTY=\"\" SPACE=\"a b\" QUOTE=\"say \\\"hi\\\"\" EQUALS=\"a=b\""
        ),
        (
            JournalEntry(
                .critical, "", fields: ["PATH": "C:\\dir", "NOTE": "line1\nline2", "UNICODE": "größe"],
                fileID: "F", line: 1, function: "f"),
            "crit:  PATH=\"C:\\\\dir\" NOTE=\"line1\\nline2\" UNICODE=größe"
        ),
    ])
    func plainLineFormat(entry: JournalEntry, expected: String) {
        #expect(entry.plainLine() == expected)
    }
}
