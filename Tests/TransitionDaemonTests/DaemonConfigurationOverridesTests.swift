import Testing

@testable import TransitionDaemon

@Suite struct DaemonConfigurationOverridesTests {
    @Test(arguments: [
        ("seat0", true), ("HDMI-A-1", true), ("display.main", true), ("a:b_c", true), ("0", true),
        ("", false), ("-seat", false), (".hidden", false), ("seat/0", false), ("seat 0", false), ("sé", false),
        (String(repeating: "x", count: 64), true), (String(repeating: "x", count: 65), false),
    ])
    func instanceNames(name: String, isValid: Bool) {
        #expect(DaemonConfigurationOverrides.isValidInstance(name) == isValid)
    }

    @Test func eachBadOptionIsOneProblemNamingTheOption() {
        let overrides = DaemonConfigurationOverrides(
            configurationFile: "", instance: "bad name", socketPath: "/" + String(repeating: "s", count: 200),
            stateDirectory: "", frameRate: 0)
        let problems = overrides.problems(environment: Fixtures.user())
        #expect(
            problems.map(\.parameter) == ["--instance", "--frame-rate", "--socket", "--state-directory", "--config"])
        #expect(problems.allSatisfy { $0.message.hasPrefix("Failed to use") })
    }

    @Test func relativePathsAreResolvedAgainstTheWorkingDirectory() {
        var configuration = DaemonConfiguration.defaults(environment: Fixtures.user())
        let overrides = DaemonConfigurationOverrides(
            socketPath: "run/ctl.sock", stateDirectory: "/abs/state", frameRate: 30)
        #expect(overrides.problems(environment: Fixtures.user()).isEmpty)
        overrides.apply(to: &configuration, environment: Fixtures.user())
        #expect(configuration.socket.path == "/home/ann/work/run/ctl.sock")
        #expect(configuration.stateDirectory == "/abs/state")
        #expect(configuration.frameRate == 30)
    }

    @Test func aRelativeSocketPathMayNotBecomeTooLong() {
        let environment = DaemonEnvironment(
            effectiveUserID: 1000, variables: [:], currentDirectory: "/" + String(repeating: "d", count: 100)
        ) { _ in nil }
        let problems = DaemonConfigurationOverrides(socketPath: "ctl.sock").problems(environment: environment)
        #expect(problems.map(\.parameter) == ["--socket"])
    }
}
