import Testing
import TransitionTestSupport

@testable import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DaemonEnvironmentTests {
    @Test func theGroupDatabaseResolvesNames() {
        // Group 0 is "root" on every Linux system (base-passwd, /etc/group).
        #expect(DaemonEnvironment.systemGroupID("root") == 0)
        #expect(DaemonEnvironment.systemGroupID("transitiond-no-such-group") == nil)
    }

    @Test func currentReadsTheProcess() {
        let environment = TestProcessEnvironment.reading { DaemonEnvironment.current() }
        #expect(environment.effectiveUserID == geteuid())
        #expect(environment.currentDirectory.hasPrefix("/"))
        #expect(Set(environment.variables.keys).isSubset(of: Set(DaemonEnvironment.readVariableNames)))
    }

    @Test(
        arguments: [
            ("/run/a", "/run/a"), ("/run/a:/run/b", "/run/a"), ("", nil), ("relative:/run/b", nil),
            (":/run/b", "/run/b"),
        ] as [(String, String?)])
    func firstAbsoluteDirectory(value: String, expected: String?) {
        let environment = DaemonEnvironment(effectiveUserID: 0, variables: ["RUNTIME_DIRECTORY": value]) { _ in nil }
        #expect(environment.firstAbsoluteDirectory(in: "RUNTIME_DIRECTORY") == expected)
        #expect(environment.firstAbsoluteDirectory(in: "STATE_DIRECTORY") == nil)
    }
}
