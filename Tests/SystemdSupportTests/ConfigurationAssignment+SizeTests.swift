import Testing

@testable import SystemdSupport

@Suite struct ConfigurationAssignmentSizeTests {
    private func size(_ text: String) throws -> UInt64 {
        try ConfigurationAssignmentTests.assignment(text).sizeBytes()
    }

    // Base-1024 suffixes of systemd's parse_size() (src/basic/parse-util.c): each component's
    // suffix must be smaller than the previous one; fractions are truncated to bytes.
    @Test(
        arguments: [
            ("0", 0),
            ("512", 512),
            ("512B", 512),
            ("4K", 4_096),
            ("1M", 1_048_576),
            ("1G", 1_073_741_824),
            ("2T", 2_199_023_255_552),
            ("1P", 1_125_899_906_842_624),
            ("1E", 1_152_921_504_606_846_976),
            ("1.5K", 1_536),
            ("1.5M", 1_572_864),
            ("0.5G", 536_870_912),
            ("10.M", 10_485_760),
            ("1G 512M", 1_610_612_736),
            ("1G512M3", 1_610_612_739),
            ("4 K", 4_096),
            (" 4K", 4_096),
            ("0.1B", 0),
            ("0.99999999999999999999999K", 1_023),
            ("1.0001K", 1_024),
            ("15E", 17_293_822_569_102_704_640),
        ] as [(String, UInt64)])
    func sizes(text: String, bytes: UInt64) throws {
        #expect(try size(text) == bytes)
    }

    @Test(arguments: [
        "", "K", "4k", "4KB", "4Ki", "-1K", "512M 1G", "1K 1K", "1B 1K", "16E", "1 2", "1.5.5K", "abc", "4K ",
    ])
    func badSizes(text: String) {
        #expect(
            ConfigurationAssignmentTests.message { try size(text) }
                == "/etc/t.conf:7: bad value for Key: expected a size such as 4096, 64K or 1.5M (base 1024), got \"\(text)\""
        )
    }

    @Test func rangeIsChecked() throws {
        let assignment = ConfigurationAssignmentTests.assignment("2M")
        #expect(try assignment.sizeBytes(in: 0...2_097_152) == 2_097_152)
        #expect(
            ConfigurationAssignmentTests.message { try assignment.sizeBytes(in: 0...1_048_576) }
                == "/etc/t.conf:7: bad value for Key: expected a size from 0 to 1M (base 1024), got \"2M\"")
    }
}
