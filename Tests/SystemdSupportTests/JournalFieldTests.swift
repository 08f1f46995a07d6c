import Testing

@testable import SystemdSupport

@Suite struct JournalFieldTests {
    // Rules of systemd's journal_field_valid() for user fields (see JournalField).
    @Test(arguments: [
        "A",
        "STACK",
        "CLIENT_PID",
        "TRANSITION_ID",
        "A1",
        "X_",
        String(repeating: "F", count: 64),
    ])
    func acceptsValidNames(name: String) {
        #expect(JournalField.isValidName(name))
    }

    @Test(arguments: [
        "",
        "stack",
        "Stack",
        "_PID",
        "1ST",
        "HAS-DASH",
        "HAS SPACE",
        "ÄPFEL",
        "A=B",
        String(repeating: "F", count: 65),
    ])
    func rejectsInvalidNames(name: String) {
        #expect(!JournalField.isValidName(name))
    }
}
