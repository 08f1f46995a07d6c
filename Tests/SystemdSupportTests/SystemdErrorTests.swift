import Testing

@testable import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SystemdErrorTests {
    @Test func descriptionAddsTheSystemErrorText() {
        let error = SystemdError(code: .notificationFailed, message: "Failed to send notification", errno: ENOENT)
        // Text of ENOENT from glibc's strerror(3).
        #expect(error.description == "Failed to send notification: No such file or directory (errno 2)")
        let plain = SystemdError(code: .badValue, message: "t.conf:1: bad value for A: expected a number")
        #expect(plain.description == "t.conf:1: bad value for A: expected a number")
    }

    @Test func codesCompareByIdentityAndNameThemselves() {
        #expect(SystemdError.Code.badValue == .badValue)
        #expect(SystemdError.Code.badValue != .syntaxError)
        #expect(SystemdError.Code.journalWriteFailed.description == "journalWriteFailed")
    }
}
