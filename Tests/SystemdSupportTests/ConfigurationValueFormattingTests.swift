import Testing

@testable import SystemdSupport

/// Bounds in messages are written as a configuration file gives them, and read back to the same value.
@Suite struct ConfigurationValueFormattingTests {
    @Test(
        arguments: [
            (0, "0"), (1, "1us"), (10_000, "10ms"), (60_000_000, "1min"), (90_000_000, "1min 30s"),
            (3_600_000_500, "1h 500us"), (600_000_000, "10min"), (86_400_000_000 * 8, "1w 1d"),
        ] as [(UInt64, String)])
    func timeSpans(microseconds: UInt64, text: String) {
        #expect(ConfigurationValueFormatting.timeSpan(microseconds) == text)
        #expect(ConfigurationAssignment.parseTimeSpan(text, defaultUnit: .second) == microseconds)
    }

    @Test(
        arguments: [
            (0, "0"), (1000, "1000"), (4096, "4K"), (1 << 20, "1M"), (268_435_456, "256M"),
            (3 << 30, "3G"), (1536, "1536"), (3072, "3K"), (1 << 62, "4E"),
        ] as [(UInt64, String)])
    func sizes(bytes: UInt64, text: String) {
        #expect(ConfigurationValueFormatting.size(bytes) == text)
        #expect(ConfigurationAssignment.parseSize(text) == bytes)
    }
}
