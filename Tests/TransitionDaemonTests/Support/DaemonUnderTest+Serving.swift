import TransitionTestSupport

extension DaemonUnderTest {
    /// Waits until the socket answers a call (or the daemon exits); false if it never does within
    /// `Deadline.failureTimeout`: for a daemon started with `waitForReady: false`.
    func waitUntilServing() -> Bool {
        Polling.until { VarlinkCall.call(socketPath, "org.varlink.service.GetInfo") != nil || hasExited }
            && !hasExited
    }
}
