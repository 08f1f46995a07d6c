import SystemdSupport
import Testing
import TransitionEngine
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct DaemonLogLifecycleTests {
    @Test func startAndConfiguration() {
        expectEntry(
            .starting, "Starting transitiond 1.2.3 (instance seat0)", ["VERSION=1.2.3", "INSTANCE=seat0"],
            instance: "seat0"
        ) {
            $0.starting(version: "1.2.3")
        }
        var configuration = DaemonConfiguration.defaults(environment: Fixtures.root())
        expectEntry(
            .configurationLoaded, "Loaded configuration from built-in defaults (no configuration file)",
            ["STATE_DIRECTORY=/var/lib/transitiond", "FRAME_RATE=60"]
        ) { $0.configurationLoaded(configuration) }
        configuration.files = ["/etc/transitiond/transitiond.conf", "/etc/transitiond/transitiond.conf.d/50.conf"]
        expectEntry(
            .configurationLoaded,
            "Loaded configuration from /etc/transitiond/transitiond.conf, /etc/transitiond/transitiond.conf.d/50.conf",
            [
                "CONFIG_FILE=/etc/transitiond/transitiond.conf",
                "CONFIG_FILE=/etc/transitiond/transitiond.conf.d/50.conf",
                "STATE_DIRECTORY=/var/lib/transitiond", "FRAME_RATE=60",
            ]
        ) { $0.configurationLoaded(configuration) }
    }

    @Test func rejectedConfigurationIsOneEntryPerProblemWithItsLocation() throws {
        let location = ConfigurationLocation(file: "/etc/transitiond/transitiond.conf", line: 4)
        let assignment = ConfigurationAssignment(section: "Daemon", key: "Rate", value: "1", location: location)
        let error = DaemonConfigurationError(
            code: .invalidConfiguration,
            problems: [
                assignment.unknownKeyError(),
                SystemdError(code: .invalidArgument, message: "Failed to use x", parameter: "--x"),
            ])
        let recording = RecordingLog()
        recording.log.configurationRejected(error, keepingPrevious: true)
        let entries = recording.entries.value
        #expect(
            entries.map(\.message) == [
                "Failed to load the configuration: /etc/transitiond/transitiond.conf:4: unknown key Rate in [Daemon]; "
                    + "check its spelling or remove it, keeping the previous configuration",
                "Failed to load the configuration: Failed to use x, keeping the previous configuration",
            ])
        #expect(
            entries.first?.fields.map { "\($0.name)=\($0.value)" } == [
                "PARAMETER=Daemon.Rate", "CONFIG_FILE=/etc/transitiond/transitiond.conf", "CONFIG_LINE=4",
            ])
        #expect(
            entries.allSatisfy {
                $0.priority == .error && $0.messageID == DaemonLogEvent.configurationRejected.messageID
            })
    }

    @Test func socketAndState() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("io.transitiond")
        let socket = try ListeningSocket.acquire(
            passed: ListenFileDescriptors(descriptors: []),
            settings: DaemonConfiguration.SocketSettings(path: path, mode: 0o666, group: nil))
        defer { close(socket.fileDescriptor) }
        expectEntry(
            .listening, "Listening on \(path) (bound by transitiond)", ["SOCKET=\(path)", "SOCKET_ORIGIN=bound"]
        ) {
            $0.listening(socket)
        }
        let failure = LifecycleError(
            code: .socketInUse, message: "Failed to bind socket /run/x: in use", parameter: "/run/x")
        expectEntry(.socketFailed, "Failed to bind socket /run/x: in use", ["SOCKET=/run/x"]) {
            $0.socketFailed(failure)
        }
        expectEntry(
            .fileDescriptorStoreFailed,
            "Failed to store the listening socket in the service manager: Failed to send, ignoring", []
        ) { $0.fileDescriptorStoreFailed(SystemdError(code: .notificationFailed, message: "Failed to send")) }
        expectEntry(
            .stateRestored, "Restored 1 stack from /var/lib/transitiond",
            ["STATE_DIRECTORY=/var/lib/transitiond", "STACKS=1"]
        ) { $0.stateRestored(stacks: 1, directory: "/var/lib/transitiond") }
    }

    @Test func readyReloadAndStop() {
        expectEntry(.ready, "Ready: Serving 0 stacks to 0 clients at 60 fps", []) {
            $0.ready(status: "Serving 0 stacks to 0 clients at 60 fps")
        }
        expectEntry(.reloaded, "Reloaded configuration: nothing changed", []) { $0.reloaded(changed: []) }
        expectEntry(
            .reloaded,
            "Reloaded configuration: changed Daemon.LogLevel, Socket.Path; Socket.Path takes effect at the next start",
            ["PARAMETER=Daemon.LogLevel", "PARAMETER=Socket.Path"]
        ) { $0.reloaded(changed: ["Daemon.LogLevel", "Socket.Path"]) }
        expectEntry(
            .stopping, "Stopping on SIGTERM: settling 2 transitions within 5s", ["SIGNAL=SIGTERM", "TRANSITIONS=2"]
        ) {
            $0.stopping(signal: "SIGTERM", runningTransitions: 2, settleMicroseconds: 5_000_000)
        }
        expectEntry(.stopping, "Stopping on SIGINT: no transition running", ["SIGNAL=SIGINT", "TRANSITIONS=0"]) {
            $0.stopping(signal: "SIGINT", runningTransitions: 0, settleMicroseconds: 5_000_000)
        }
        expectEntry(
            .transitionsCancelledAtShutdown, "Failed to settle 1 transition within 1.5s, cancelling them",
            ["TRANSITIONS=1"]
        ) { $0.transitionsCancelledAtShutdown(count: 1, settleMicroseconds: 1_500_000) }
        expectEntry(
            .transitionsCancelledAtShutdown, "Failed to settle 1 transition within 2s, cancelling them",
            ["TRANSITIONS=1", "PENDING=stack main is not idle; stack main has 1 queued operations"]
        ) {
            $0.transitionsCancelledAtShutdown(
                count: 1, settleMicroseconds: 2_000_000,
                pending: ["stack main is not idle", "stack main has 1 queued operations"])
        }
        expectEntry(.stopped, "Stopped: state of 3 stacks written, 1 client disconnected", ["STACKS=3"]) {
            $0.stopped(stacks: 3, clients: 1)
        }
    }

    @Test func accessAndSupervision() {
        let access = EffectiveAccess.resolve(
            DaemonConfiguration.AccessSettings(ownership: .shared, controlGroup: nil), mapping: nil)
        expectEntry(
            .accessMode, "Stacks are shared by every client that can open the socket (Ownership=shared)",
            ["OWNERSHIP=shared", "PEER_UIDS_EXACT=yes"]
        ) { $0.accessMode(access) }
        expectEntry(
            .realTimeScheduling, "Real-time scheduling allowed: ticks run at SCHED_FIFO priority 1",
            ["REAL_TIME_SCHEDULING=auto", "REAL_TIME_ALLOWED=yes"]
        ) { $0.realTimeScheduling(.whenAllowed, allowed: true) }
        expectEntry(
            .realTimeScheduling, priority: .notice,
            "Real-time scheduling refused by the system (no CAP_SYS_NICE or RLIMIT_RTPRIO, or RestrictRealtime=yes): "
                + "ticks run at normal priority", ["REAL_TIME_SCHEDULING=auto", "REAL_TIME_ALLOWED=no"]
        ) { $0.realTimeScheduling(.whenAllowed, allowed: false) }
        expectEntry(
            .realTimeScheduling, priority: .error,
            "Failed to start: RealTimeScheduling=yes, but the system refuses real-time scheduling (give CAP_SYS_NICE "
                + "or LimitRTPRIO=1, and RestrictRealtime=no in the unit)",
            ["REAL_TIME_SCHEDULING=yes", "REAL_TIME_ALLOWED=no"]
        ) { $0.realTimeScheduling(.required, allowed: false) }
        expectEntry(
            .realTimeScheduling, "Real-time scheduling off (RealTimeScheduling=no): ticks run at normal priority",
            ["REAL_TIME_SCHEDULING=no", "REAL_TIME_ALLOWED=no"]
        ) { $0.realTimeScheduling(.off, allowed: false) }
        expectEntry(
            .watchdogWithheld,
            "Failed to confirm that transitiond makes progress: the health check failed, withholding the watchdog "
                + "ping; systemd restarts the daemon 10s after the last ping", []
        ) { $0.supervisorEvent(.watchdogWithheld(lastPingMicroseconds: 5_000_000, deadlineMicroseconds: 15_000_000)) }
        expectEntry(.watchdogResumed, "Progress confirmed after 2.5s, watchdog pings resumed", ["DURATION_MS=2500"]) {
            $0.supervisorEvent(.watchdogResumed(withheldMicroseconds: 2_500_000))
        }
        expectEntry(.notificationFailed, "Failed to notify the service manager: Failed to send, ignoring", []) {
            $0.supervisorEvent(.notificationFailed(SystemdError(code: .notificationFailed, message: "Failed to send")))
        }
        expectEntry(
            .animatorsLoaded, "Loaded 2 user animators from /etc/transitiond/animators",
            ["ANIMATOR_DIRECTORY=/etc/transitiond/animators"]
        ) {
            $0.animatorsLoaded(count: 2, directory: "/etc/transitiond/animators")
        }
        expectEntry(
            .animatorRejected, "Failed to load animator /etc/transitiond/animators/x.json: no variants, ignoring",
            ["ANIMATOR_FILE=/etc/transitiond/animators/x.json"]
        ) { $0.animatorRejected(file: "/etc/transitiond/animators/x.json", reason: "no variants") }
        // A reason that is a whole error message loses its full stop, so that the sentence goes on.
        expectEntry(
            .animatorRejected,
            "Failed to load animator /etc/transitiond/animators/slide: 'slide' is a built-in animator, ignoring",
            ["ANIMATOR_FILE=/etc/transitiond/animators/slide"]
        ) {
            $0.animatorRejected(
                file: "/etc/transitiond/animators/slide", reason: "'slide' is a built-in animator.")
        }
    }

    @Test(arguments: [
        (UInt64(0), "0ms"), (750_000, "750ms"), (1_000_000, "1s"), (1_500_000, "1.5s"), (60_000_000, "1min"),
        (90_000_000, "90s"),
    ])
    func durations(microseconds: UInt64, text: String) {
        #expect(DaemonLog.duration(microseconds) == text)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
