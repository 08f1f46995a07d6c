import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Tests that set variables in the test process's environment (NOTIFY_SOCKET, LISTEN_*,
/// WATCHDOG_*), as libsystemd reads them from there. They are nested in this one
/// serialized suite so that no two of them change the environment at the same time; no
/// other test changes it, and tests that start processes pass `TestProcessEnvironment.forChildren`,
/// read under the lock these changes take. `scripts/test` runs this suite in a test process of its own
/// (docs/testing.md): code under test that calls `getenv` itself takes no lock.
@Suite(.serialized) enum ProcessEnvironmentTests {
    /// Sets the variables (nil unsets), runs `body`, and restores the previous values.
    static func with(_ variables: [String: String?], _ body: () throws -> Void) throws {
        let previous = variables.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
        for (name, value) in variables { set(name, value) }
        defer { for (name, value) in previous { set(name, value) } }
        try body()
    }

    private static func set(_ name: String, _ value: String?) {
        TestProcessEnvironment.change {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }
}
