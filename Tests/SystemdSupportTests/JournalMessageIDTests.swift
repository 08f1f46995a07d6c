import Testing

@testable import SystemdSupport

@Suite struct JournalMessageIDTests {
    // SD_MESSAGE_JOURNAL_START from <systemd/sd-messages.h>:
    // SD_ID128_MAKE(f7,73,79,a8,49,0b,40,8b,be,5f,69,40,50,5a,77,7b).
    static let journalStart = JournalMessageID(high: 0xf773_79a8_490b_408b, low: 0xbe5f_6940_505a_777b)

    @Test(arguments: [
        "f77379a8490b408bbe5f6940505a777b",
        "F77379A8490B408BBE5F6940505A777B",
        "f77379a8-490b-408b-be5f-6940505a777b",
    ])
    func parsesHexadecimalAndUUIDForms(text: String) {
        #expect(JournalMessageID(text) == Self.journalStart)
    }

    @Test func formatsAsThirtyTwoLowercaseDigits() {
        #expect(Self.journalStart.description == "f77379a8490b408bbe5f6940505a777b")
        #expect(JournalMessageID(high: 0, low: 1).description == "00000000000000000000000000000001")
    }

    @Test(arguments: [
        "",
        "f77379a8490b408bbe5f6940505a777",
        "f77379a8490b408bbe5f6940505a777b0",
        "g77379a8490b408bbe5f6940505a777b",
        "f77379a8-490b-408b-be5f6940505a777b",
        "f77379a8490b-408b-be5f-6940505a777b-",
        " f77379a8490b408bbe5f6940505a777b",
    ])
    func rejectsOtherText(text: String) {
        #expect(JournalMessageID(text) == nil)
    }

    @Test func descriptionRoundTrips() {
        let seed: UInt64 = 0x5EED_0001
        var generator = SplitMix64(seed: seed)
        for _ in 0..<1000 {
            let id = JournalMessageID(high: generator.next(), low: generator.next())
            #expect(JournalMessageID(id.description) == id, "seed \(seed), id \(id)")
        }
    }
}
