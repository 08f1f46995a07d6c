import Testing
import TransitionDaemon

/// transitiond's command line.
@Suite struct DaemonCommandLineTests {
    @Test func parsesEveryOption() throws {
        let parsed = try DaemonCommandLine(arguments: [
            "--socket", "/tmp/s", "--state-directory=/var/lib/x", "--frame-rate", "120",
        ])
        #expect(parsed.action == .serve)
        #expect(parsed.socketPath == "/tmp/s")
        #expect(parsed.stateDirectory == "/var/lib/x")
        #expect(parsed.framesPerSecond == 120)
        #expect(try DaemonCommandLine(arguments: ["--help"]).action == .help)
        #expect(try DaemonCommandLine(arguments: ["--version"]).action == .version)
        #expect(try DaemonCommandLine(arguments: []) == DaemonCommandLine(arguments: []))
    }

    @Test(arguments: [
        (["--frame-rate", "0"], "--frame-rate"),
        (["--frame-rate", "fast"], "--frame-rate"),
        (["--socket"], "--socket"),
        (["--socket="], "--socket"),
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

    @Test func defaultSocketPaths() {
        #expect(
            DaemonCommandLine.defaultSocketPath(isRoot: true, environment: [:]) == "/run/transitiond/io.transitiond")
        #expect(
            DaemonCommandLine.defaultSocketPath(isRoot: false, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
                == "/run/user/1000/transitiond/io.transitiond")
        #expect(DaemonCommandLine.defaultSocketPath(isRoot: false, environment: [:]) == nil)
        #expect(DaemonCommandLine.defaultSocketPath(isRoot: false, environment: ["XDG_RUNTIME_DIR": "relative"]) == nil)
    }

    /// The usage names every option (a change to the options must show in --help).
    @Test func usageNamesEveryOption() {
        for option in ["--socket PATH", "--state-directory DIR", "--frame-rate N", "--help", "--version"] {
            #expect(DaemonCommandLine.usage.contains(option))
        }
    }
}
