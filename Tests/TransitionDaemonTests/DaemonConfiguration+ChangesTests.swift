import Testing

@testable import TransitionDaemon

@Suite struct DaemonConfigurationChangesTests {
    @Test func changedParametersListWhatDiffersInSchemaOrder() {
        let old = DaemonConfiguration.defaults(environment: Fixtures.root())
        var new = old
        #expect(new.changedParameters(comparedTo: old).isEmpty)
        new.logLevel = .debug
        new.frameRate = 120
        new.socket.path = "/run/other.sock"
        new.access.controlGroup = DaemonConfiguration.GroupReference(name: "video", id: 44)
        #expect(
            new.changedParameters(comparedTo: old) == [
                "Daemon.FrameRate", "Daemon.LogLevel", "Socket.Path", "Access.ControlGroup",
            ])
        // The list of what a reload cannot apply names real keys.
        #expect(DaemonConfiguration.parametersAppliedAtStart.contains("Socket.Path"))
        // Files read are not a setting.
        new = old
        new.files = ["/etc/transitiond/transitiond.conf"]
        #expect(new.changedParameters(comparedTo: old).isEmpty)
    }
}
