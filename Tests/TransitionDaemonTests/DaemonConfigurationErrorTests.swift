import SystemdSupport
import Testing

@testable import TransitionDaemon

@Suite struct DaemonConfigurationErrorTests {
    @Test func descriptionListsEveryProblemUnderTheSummary() {
        let location = ConfigurationLocation(file: "/etc/transitiond/transitiond.conf", line: 3)
        let first = ConfigurationAssignment(section: "Daemon", key: "Frame", value: "1", location: location)
        let second = SystemdError(code: .unreadableFile, message: "Failed to open x", parameter: "x", errno: 13)
        let error = DaemonConfigurationError(code: .invalidConfiguration, problems: [first.unknownKeyError(), second])
        #expect(error.parameter == "Daemon.Frame")
        #expect(
            error.description == """
                Failed to load the configuration: 2 problems; fix them, or remove the keys to use the defaults
                /etc/transitiond/transitiond.conf:3: unknown key Frame in [Daemon]; check its spelling or remove it
                Failed to open x: Permission denied (errno 13)
                """)
        #expect(DaemonConfigurationError(code: .missingLocation, problems: [second]).message.contains("1 problem;"))
        #expect(DaemonConfigurationError.Code.missingLocation.description == "missingLocation")
    }
}
