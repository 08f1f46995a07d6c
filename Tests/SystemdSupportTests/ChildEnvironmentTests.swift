import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessEnvironmentTests {
    /// Children of tests get the environment through `TestProcessEnvironment.forChildren`, which never
    /// carries the variables the libsystemd tests set: a daemon started by one test must not notify
    /// another test's socket.
    @Suite struct ChildEnvironmentTests {
        @Test func childrenNeverSeeTheVariablesTestsSet() throws {
            try ProcessEnvironmentTests.with(["NOTIFY_SOCKET": "/tmp/not-for-children", "WATCHDOG_USEC": "1"]) {
                #expect(getenv("NOTIFY_SOCKET") != nil)
                let variables = TestProcessEnvironment.forChildren
                #expect(variables["NOTIFY_SOCKET"] == nil)
                #expect(variables["WATCHDOG_USEC"] == nil)
                #expect(variables["PATH"] == String(cString: getenv("PATH")))
            }
        }
    }
}
