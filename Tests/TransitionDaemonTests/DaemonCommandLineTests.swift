import Testing
import TransitionDaemon

/// transitiond's command line: its shape only (the values are checked with the configuration files).
@Suite struct DaemonCommandLineTests {
    @Test func parsesEveryOption() throws {
        let parsed = try DaemonCommandLine(arguments: [
            "--config", "/etc/x.conf", "--instance=seat0", "--socket", "/tmp/s", "--state-directory=/var/lib/x",
            "--frame-rate", "120",
        ])
        #expect(parsed.action == .serve)
        #expect(
            parsed.overrides
                == DaemonConfigurationOverrides(
                    configurationFile: "/etc/x.conf", instance: "seat0", socketPath: "/tmp/s",
                    stateDirectory: "/var/lib/x", frameRate: 120))
        #expect(try DaemonCommandLine(arguments: ["--help"]).action == .help)
        #expect(try DaemonCommandLine(arguments: ["-h"]).action == .help)
        #expect(try DaemonCommandLine(arguments: ["--version"]).action == .version)
        #expect(try DaemonCommandLine(arguments: []).overrides == DaemonConfigurationOverrides())
    }

    @Test(arguments: [
        (["--frame-rate", "fast"], "--frame-rate"),
        (["--socket"], "--socket"),
        (["--socket="], "--socket"),
        (["--config"], "--config"),
        (["--instance="], "--instance"),
        (["--colour"], "--colour"),
        (["extra"], "extra"),
    ])
    func rejects(arguments: [String], parameter: String) {
        #expect(throws: DaemonCommandLine.Failure.self) { try DaemonCommandLine(arguments: arguments) }
        do {
            _ = try DaemonCommandLine(arguments: arguments)
        } catch {
            #expect(error.parameter == parameter)
        }
    }

    /// An out-of-range rate parses (the configuration loader rejects it with every other problem).
    @Test func leavesRangesToTheLoader() throws {
        #expect(try DaemonCommandLine(arguments: ["--frame-rate", "0"]).overrides.frameRate == 0)
    }

    /// The usage names every option (a change to the options must show in --help).
    @Test func usageNamesEveryOption() {
        for option in [
            "--config FILE", "--instance NAME", "--socket PATH", "--state-directory DIR", "--frame-rate N", "--help",
            "--version",
        ] {
            #expect(DaemonCommandLine.usage.contains(option))
        }
    }
}
