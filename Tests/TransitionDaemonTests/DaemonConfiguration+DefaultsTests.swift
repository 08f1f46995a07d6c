import Testing
import TransitionEngine
import TransitionService

@testable import TransitionDaemon

@Suite struct DaemonConfigurationDefaultsTests {
    /// One environment per line: who runs the daemon, what systemd or the session set, the instance,
    /// and the expected socket path and state directory (issue 5, item 1).
    @Test(
        arguments: [
            (0, [:], nil, "/run/transitiond/io.transitiond", "/var/lib/transitiond"),
            (0, [:], "seat0", "/run/transitiond-seat0/io.transitiond", "/var/lib/transitiond-seat0"),
            (
                0, ["RUNTIME_DIRECTORY": "/run/custom", "STATE_DIRECTORY": "/var/lib/custom"], nil,
                "/run/custom/io.transitiond", "/var/lib/custom"
            ),
            (
                61234, ["RUNTIME_DIRECTORY": "/run/a:/run/b", "STATE_DIRECTORY": "/var/lib/private/x:/var/lib/y"],
                "seat0", "/run/a/io.transitiond", "/var/lib/private/x"
            ),
            (
                1000, ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ann"], nil,
                "/run/user/1000/transitiond/io.transitiond", "/home/ann/.local/state/transitiond"
            ),
            (
                1000, ["XDG_RUNTIME_DIR": "/run/user/1000/", "XDG_STATE_HOME": "/srv/state"], "hdmi-1",
                "/run/user/1000/transitiond-hdmi-1/io.transitiond", "/srv/state/transitiond-hdmi-1"
            ),
            (1000, ["XDG_RUNTIME_DIR": "relative", "HOME": ""], nil, "", ""),
            (1000, ["RUNTIME_DIRECTORY": ""], nil, "", ""),
        ] as [(UInt32, [String: String], String?, String, String)])
    func locationsFollowTheUserAndTheEnvironment(
        uid: UInt32, variables: [String: String], instance: String?, socket: String, state: String
    ) {
        let environment = DaemonEnvironment(effectiveUserID: uid, variables: variables) { _ in nil }
        let configuration = DaemonConfiguration.defaults(instance: instance, environment: environment)
        #expect(configuration.socket.path == socket)
        #expect(configuration.stateDirectory == state)
        #expect(configuration.instance == instance)
    }

    @Test func otherDefaultsAreTheDocumentedOnes() {
        let configuration = DaemonConfiguration.defaults(environment: Fixtures.root())
        #expect(configuration.frameRate == 60)
        #expect(configuration.socket.mode == 0o666)
        #expect(configuration.socket.group == nil)
        #expect(configuration.animatorDirectory == "/etc/transitiond/animators")
        #expect(configuration.logLevel == .info)
        #expect(configuration.shutdownSettleMicroseconds == 5_000_000)
        #expect(configuration.limits.maximumMessageBytes == 1 << 20)
        #expect(configuration.limits.maximumConnections == 4096)
        #expect(configuration.limits.maximumConnectionsPerUser == 256)
        #expect(configuration.limits.service == ServiceLimits())
        #expect(configuration.limits.service.stacksPerUser == 64)
        #expect(configuration.limits.engine == TransitionEngine.Limits())
        #expect(configuration.limits.engine.screensPerStack == 64)
        #expect(configuration.limits.maximumPendingOutputBytes == 8 << 20)
        #expect(configuration.limits.maximumPendingOutputBytesPerUser == 64 << 20)
        #expect(configuration.access.ownership == .automatic)
        #expect(configuration.access.controlGroup == nil)
        #expect(configuration.watchdog.stallTimeoutMicroseconds == 2_000_000)
        #expect(configuration.files.isEmpty)
    }
}
