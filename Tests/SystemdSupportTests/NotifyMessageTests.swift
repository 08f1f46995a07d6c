import Testing

@testable import SystemdSupport

@Suite struct NotifyMessageTests {
    // Variable names and formats from sd_notify(3).
    @Test(
        arguments: [
            (NotifyMessage.ready, "READY=1"),
            (.watchdog, "WATCHDOG=1"),
            (.stopping, "STOPPING=1"),
            (.status("Serving"), "STATUS=Serving"),
            (.status(""), "STATUS="),
            (.reloading(monotonicMicroseconds: 0), "RELOADING=1\nMONOTONIC_USEC=0"),
            (.mainPID(1), "MAINPID=1"),
            (.errno(2), "ERRNO=2"),
            (.extendTimeout(microseconds: 5_000_000), "EXTEND_TIMEOUT_USEC=5000000"),
            (.removeStoredFileDescriptors(name: "varlink"), "FDSTOREREMOVE=1\nFDNAME=varlink"),
            (.storeFileDescriptors(name: "varlink"), "FDSTORE=1\nFDNAME=varlink"),
        ] as [(NotifyMessage, String)])
    func textIsOneAssignmentPerLine(message: NotifyMessage, text: String) {
        #expect(message.description == text)
        #expect(message.assignments.map { "\($0.name)=\($0.value)" }.joined(separator: "\n") == text)
    }

    @Test func messagesAreJoinedIntoOneDatagramText() throws {
        #expect(try Notifier.text(of: [.ready, .status("Ready"), .watchdog]) == "READY=1\nSTATUS=Ready\nWATCHDOG=1")
    }
}
