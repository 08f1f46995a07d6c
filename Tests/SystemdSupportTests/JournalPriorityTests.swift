import Testing

@testable import SystemdSupport

@Suite struct JournalPriorityTests {
    // Levels and names from syslog(3) and journalctl(1) `--priority`.
    @Test(arguments: [
        (0, "emerg"),
        (1, "alert"),
        (2, "crit"),
        (3, "err"),
        (4, "warning"),
        (5, "notice"),
        (6, "info"),
        (7, "debug"),
    ])
    func levelsAndNamesMatchSyslog(level: Int, name: String) throws {
        let priority = try #require(JournalPriority(level: level))
        #expect(priority.name == name)
        #expect(JournalPriority(name: name) == priority)
    }

    @Test func namedConstantsHaveSyslogLevels() {
        let constants: [JournalPriority] = [.emergency, .alert, .critical, .error, .warning, .notice, .info, .debug]
        #expect(constants.map(\.level) == Array(0...7))
        #expect(JournalPriority.error < .info)
    }

    @Test(arguments: [-1, 8, 100])
    func levelsOutsideSyslogRangeAreRejected(level: Int) {
        #expect(JournalPriority(level: level) == nil)
    }

    @Test func unknownNamesAreRejected() {
        #expect(JournalPriority(name: "error") == nil)
        #expect(JournalPriority(name: "ERR") == nil)
    }
}
