import TransitionTestSupport

extension DaemonUnderTest {
    /// A new connection to the daemon's socket.
    func connect() throws -> VarlinkClient { try VarlinkClient(path: socketPath) }
}
