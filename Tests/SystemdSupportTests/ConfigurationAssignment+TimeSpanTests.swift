import Testing

@testable import SystemdSupport

@Suite struct ConfigurationAssignmentTimeSpanTests {
    private func span(_ text: String, defaultUnit: TimeSpanUnit = .second) throws -> UInt64 {
        try ConfigurationAssignmentTests.assignment(text).timeSpanMicroseconds(defaultUnit: defaultUnit)
    }

    // Expected values printed by systemd 252's `systemd-analyze timespan '<text>'` ("μs:" line).
    @Test(
        arguments: [
            ("500ms", 500_000),
            ("2s", 2_000_000),
            ("1min", 60_000_000),
            ("1.5s", 1_500_000),
            ("0.0000015s", 1),
            ("1y 12month", 63_115_200_000_000),
            ("5 3", 8_000_000),
            ("2 h", 7_200_000_000),
            ("1h30", 3_630_000_000),
            ("1.5min", 90_000_000),
            ("55s500ms", 55_500_000),
            ("300ms20s 5day", 432_020_300_000),
            ("1M", 2_629_800_000_000),
            ("1m", 60_000_000),
            ("2μs", 2),
            ("2µs", 2),
            ("10 usec", 10),
            ("1.123456789s", 1_123_456),
            ("0.5", 500_000),
            (".5s", 500_000),
            ("1s1s", 2_000_000),
            ("+5s", 5_000_000),
            ("5 min 3", 303_000_000),
            ("0", 0),
            ("0.5us", 0),
            ("1.2345ms", 1_234),
            ("0.33333333333M", 876_599_999_985),
            ("1.9999999y", 63_115_196_844_240),
            ("9223372036854775807us", 9_223_372_036_854_775_807),
            ("2weeks 1d", 1_296_000_000_000),
            ("3hr 4minutes 5seconds 6msec", 11_045_006_000),
        ] as [(String, UInt64)])
    func matchesSystemd(text: String, microseconds: UInt64) throws {
        #expect(try span(text) == microseconds)
    }

    // Each rejected by `systemd-analyze timespan` ("Invalid argument" or "Numerical result out of range").
    @Test(arguments: [
        "", "5sx", "1 . 5s", "1.s", "1e3s", "5secs", "3.+1s", "-1s", "9223372036854775808us",
        "18446744073709551614", "600000000000000000s", "infinity", "s", "5 5 x",
    ])
    func rejectsWhatSystemdRejects(text: String) {
        #expect(ConfigurationAssignmentTests.message { try span(text) }.hasPrefix("/etc/t.conf:7: bad value for Key: "))
    }

    @Test func defaultUnitAppliesToBareNumbersOnly() throws {
        #expect(try span("250", defaultUnit: .millisecond) == 250_000)
        #expect(try span("250us", defaultUnit: .millisecond) == 250)
        #expect(try span("2", defaultUnit: .minute) == 120_000_000)
        #expect(try span("7", defaultUnit: .microsecond) == 7)
        #expect(try span("3", defaultUnit: try #require(TimeSpanUnit(microseconds: 10))) == 30)
        #expect(TimeSpanUnit(microseconds: 0) == nil)
    }

    @Test func infinityOnlyWhenAllowed() throws {
        let assignment = ConfigurationAssignmentTests.assignment("infinity")
        #expect(try assignment.timeSpanMicroseconds(allowsInfinity: true) == .max)
        #expect(
            ConfigurationAssignmentTests.message { try assignment.timeSpanMicroseconds() }
                == "/etc/t.conf:7: bad value for Key: expected a finite time span such as 500ms, got infinity")
    }

    @Test func rangeIsChecked() throws {
        let assignment = ConfigurationAssignmentTests.assignment("2min")
        #expect(try assignment.timeSpanMicroseconds(in: 0...120_000_000) == 120_000_000)
        #expect(
            ConfigurationAssignmentTests.message { try assignment.timeSpanMicroseconds(in: 1...60_000_000) }
                == "/etc/t.conf:7: bad value for Key: expected a time span from 1us to 1min, got \"2min\"")
    }
}
