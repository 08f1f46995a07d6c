import SystemdSupport
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct DaemonConfigurationLoadingTests {
    /// Loads with `files` (name → contents) in a fresh search directory.
    private func load(
        _ files: [String: String],
        overrides: DaemonConfigurationOverrides = DaemonConfigurationOverrides(),
        environment: DaemonEnvironment = Fixtures.user()
    ) throws -> (DaemonConfiguration, String) {
        let directory = try TemporaryDirectory()
        for (name, contents) in files { try directory.write(name, contents) }
        defer { directory.remove() }
        return (
            try DaemonConfiguration.load(
                overrides: overrides, searchDirectories: [directory.path], environment: environment),
            directory.path
        )
    }

    private func problems(
        _ files: [String: String],
        overrides: DaemonConfigurationOverrides = DaemonConfigurationOverrides(),
        environment: DaemonEnvironment = Fixtures.user()
    ) throws -> (DaemonConfigurationError, String) {
        let directory = try TemporaryDirectory()
        for (name, contents) in files { try directory.write(name, contents) }
        defer { directory.remove() }
        do {
            _ = try DaemonConfiguration.load(
                overrides: overrides, searchDirectories: [directory.path], environment: environment)
        } catch {
            return (error, directory.path)
        }
        throw HarnessFailure("the configuration was accepted")
    }

    @Test func noFileGivesTheBuiltInDefaults() throws {
        let (configuration, _) = try load([:])
        #expect(configuration == DaemonConfiguration.defaults(environment: Fixtures.user()))
        #expect(configuration.files.isEmpty)
        #expect(configuration.frameRate == 60)
        #expect(configuration.socket.path == "/run/user/1000/transitiond/io.transitiond")
    }

    @Test func everyKeyIsRead() throws {
        let text = """
            [Daemon]
            FrameRate=120
            StateDirectory=/srv/state
            AnimatorDirectory=/srv/animators
            LogLevel=debug
            ShutdownSettleSec=1.5s
            RealTimeScheduling=no
            ReduceMotion=yes
            [Socket]
            Path=/srv/run/ctl.sock
            Mode=0660
            Group=transitiond
            [Limits]
            MaxMessageSize=64K
            MaxConnections=100
            MaxConnectionsPerUser=20
            MaxStacksPerUser=7
            MaxPendingOutput=1M
            MaxPendingOutputPerUser=3M
            MaxStacks=500
            MaxScreensPerStack=9
            MaxTabsPerStack=3
            MaxNodesPerScreen=100
            MaxNodesPerStack=900
            MaxNodesPerCall=800
            MaxStackSize=64K
            MaxRulesPerStack=5
            MaxQueuedOperations=6
            MaxSubscribersPerStack=11
            MaxSubscriptionsPerUser=12
            MaxAnimatorsPerUser=13
            MaxAnimatorSize=2K
            MaxTracksPerAnimator=14
            MaxKeyframesPerAnimator=15
            [Access]
            Ownership=per-user
            ControlGroup=video
            [Watchdog]
            StallTimeoutSec=500ms
            """
        let (configuration, directory) = try load(["transitiond.conf": text])
        #expect(configuration.frameRate == 120)
        #expect(configuration.stateDirectory == "/srv/state")
        #expect(configuration.animatorDirectory == "/srv/animators")
        #expect(configuration.logLevel == .debug)
        #expect(configuration.shutdownSettleMicroseconds == 1_500_000)
        #expect(configuration.realTimeScheduling == .off)
        #expect(configuration.reduceMotion)
        #expect(configuration.socket.path == "/srv/run/ctl.sock")
        #expect(configuration.socket.mode == 0o660)
        #expect(configuration.socket.group == DaemonConfiguration.GroupReference(name: "transitiond", id: 990))
        #expect(configuration.limits.maximumMessageBytes == 65_536)
        #expect(configuration.limits.maximumConnections == 100)
        #expect(configuration.limits.maximumConnectionsPerUser == 20)
        #expect(configuration.limits.service.stacksPerUser == 7)
        #expect(configuration.limits.maximumPendingOutputBytes == 1_048_576)
        #expect(configuration.limits.maximumPendingOutputBytesPerUser == 3 << 20)
        #expect(
            configuration.limits.engine
                == TransitionEngine.Limits(
                    stacks: 500, subscribersPerStack: 11, screensPerStack: 9, tabsPerStack: 3, nodesPerScreen: 100,
                    nodesPerStack: 900, rulesPerStack: 5, queuedOperationsPerStack: 6, storedBytesPerStack: 65_536))
        #expect(
            configuration.limits.service
                == ServiceLimits(
                    stacksPerUser: 7, nodesPerCall: 800, animatorsPerUser: 13, animatorBytes: 2_048,
                    tracksPerAnimator: 14, keyframesPerAnimator: 15, subscriptionsPerUser: 12))
        #expect(configuration.access.ownership == .perUser)
        #expect(configuration.access.controlGroup == DaemonConfiguration.GroupReference(name: "video", id: 44))
        #expect(configuration.watchdog.stallTimeoutMicroseconds == 500_000)
        #expect(configuration.files == [directory + "/transitiond.conf"])
        // Every key of the schema appears in the text above: a new key must be added here too.
        let assigned = Set(text.split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(Set(DaemonConfigurationSchema.keys.map(\.name)).isSubset(of: assigned))
    }

    /// `auto` (the default) asks when allowed; a systemd boolean requires it or turns it off.
    @Test(arguments: [
        ("auto", RealTimeScheduling.whenAllowed), ("yes", .required), ("on", .required), ("1", .required),
        ("no", .off), ("false", .off), ("0", .off),
    ])
    func realTimeSchedulingValues(text: String, expected: RealTimeScheduling) throws {
        let (configuration, _) = try load(["transitiond.conf": "[Daemon]\nRealTimeScheduling=\(text)\n"])
        #expect(configuration.realTimeScheduling == expected)
        #expect(try load([:]).0.realTimeScheduling == .whenAllowed)
    }

    @Test func dropInsOverrideTheMainFileInNameOrderAndEmptyValuesReset() throws {
        let (configuration, directory) = try load([
            "transitiond.conf": "[Daemon]\nFrameRate=30\nLogLevel=debug\n",
            "transitiond.conf.d/20-later.conf": "[Daemon]\nFrameRate=90\n",
            "transitiond.conf.d/10-earlier.conf": "[Daemon]\nFrameRate=75\nLogLevel=\n",
            "transitiond.conf.d/ignored.txt": "[Daemon]\nFrameRate=1\n",
        ])
        #expect(configuration.frameRate == 90)
        #expect(configuration.logLevel == .info)  // reset to the default by `LogLevel=`
        #expect(
            configuration.files == [
                directory + "/transitiond.conf", directory + "/transitiond.conf.d/10-earlier.conf",
                directory + "/transitiond.conf.d/20-later.conf",
            ])
    }

    @Test func anInstanceReadsItsOwnFileAfterTheCommonOnes() throws {
        let files = [
            "transitiond.conf": "[Daemon]\nFrameRate=30\nLogLevel=debug\n",
            "transitiond.conf.d/50-site.conf": "[Limits]\nMaxConnections=10\n",
            "transitiond@seat1.conf": "[Daemon]\nFrameRate=144\n",
            "transitiond@seat1.conf.d/50-reset.conf": "[Daemon]\nLogLevel=\n",
        ]
        let (plain, _) = try load(files)
        #expect(plain.frameRate == 30)
        let (instance, _) = try load(files, overrides: DaemonConfigurationOverrides(instance: "seat1"))
        #expect(instance.frameRate == 144)
        #expect(instance.logLevel == .info)
        #expect(instance.limits.maximumConnections == 10)
        #expect(instance.instance == "seat1")
        #expect(instance.socket.path == "/run/user/1000/transitiond-seat1/io.transitiond")
        #expect(instance.stateDirectory == "/home/ann/.local/state/transitiond-seat1")
    }

    @Test func unknownSectionsAndKeysAreReportedWithFileAndLine() throws {
        let (error, directory) = try problems([
            "transitiond.conf": "[Daemon]\nFrameRat=30\n[Deamon]\nFrameRate=1\n[X-Vendor]\nAnything=goes\n",
            "transitiond.conf.d/50-local.conf": "# comment\n[Socket]\nMode=0660\nOwner=root\n",
        ])
        #expect(error.code == .invalidConfiguration)
        #expect(
            error.problems.map(\.message) == [
                "\(directory)/transitiond.conf:2: unknown key FrameRat in [Daemon]; check its spelling or remove it",
                "\(directory)/transitiond.conf:3: unknown section [Deamon]; check its spelling or remove it",
                "\(directory)/transitiond.conf.d/50-local.conf:4: unknown key Owner in [Socket]; check its spelling or "
                    + "remove it",
            ])
        #expect(error.parameter == "Daemon.FrameRat")
        #expect(error.message.hasPrefix("Failed to load the configuration: 3 problems"))
    }

    /// One bad value per line: the key's text and the expected message after `file:1: `.
    @Test(arguments: [
        ("[Daemon]\nFrameRate=0", "bad value for FrameRate: expected an integer in 1...240, got 0"),
        ("[Daemon]\nFrameRate=sixty", "bad value for FrameRate: expected an integer in 1...240, got \"sixty\""),
        (
            "[Daemon]\nStateDirectory=var/lib",
            "bad value for StateDirectory: expected an absolute path starting with '/', got \"var/lib\""
        ),
        (
            "[Daemon]\nLogLevel=verbose",
            "bad value for LogLevel: expected one of emerg, alert, crit, err, warning, notice, info, debug or 0…7, got \"verbose\""
        ),
        (
            "[Daemon]\nShutdownSettleSec=2min",
            "bad value for ShutdownSettleSec: expected a time span from 0 to 1min, got \"2min\""
        ),
        (
            "[Daemon]\nRealTimeScheduling=sometimes",
            "bad value for RealTimeScheduling: expected auto or a boolean (yes/no, true/false, on/off, 1/0), got \"sometimes\""
        ),
        (
            "[Daemon]\nReduceMotion=sometimes",
            "bad value for ReduceMotion: expected a boolean (yes/no, true/false, on/off, 1/0), got \"sometimes\""
        ),
        ("[Socket]\nMode=0777x", "bad value for Mode: expected an octal file mode from 0 to 7777, got \"0777x\""),
        ("[Socket]\nMode=4755", "bad value for Mode: expected permission bits from 0 to 0777, got \"4755\""),
        (
            "[Socket]\nGroup=nosuchgroup",
            "bad value for Group: no group named \"nosuchgroup\"; create it (see sysusers.d(5)) or use another"
        ),
        ("[Socket]\nGroup=bad group", "bad value for Group: expected a group name or number, got \"bad group\""),
        (
            "[Socket]\nPath=/" + String(repeating: "p", count: 107),
            "bad value for Path: expected a path of at most 107 bytes (unix(7)), got 108"
        ),
        (
            "[Limits]\nMaxMessageSize=1K",
            "bad value for MaxMessageSize: expected a size from 4K to 256M (base 1024), got \"1K\""
        ),
        ("[Limits]\nMaxConnections=-1", "bad value for MaxConnections: expected an integer in 1...1000000, got -1"),
        ("[Access]\nOwnership=mine", "bad value for Ownership: expected one of auto, per-user, shared, got \"mine\""),
        (
            "[Watchdog]\nStallTimeoutSec=1ms",
            "bad value for StallTimeoutSec: expected a time span from 10ms to 10min, got \"1ms\""
        ),
    ])
    func badValuesAreReportedWithFileAndLine(text: String, expected: String) throws {
        let (error, directory) = try problems(["transitiond.conf": text])
        #expect(error.code == .invalidConfiguration)
        #expect(error.problems.map(\.message) == ["\(directory)/transitiond.conf:2: \(expected)"])
        #expect(error.problems.first?.location?.line == 2)
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() throws {
        let (error, _) = try problems([
            "transitiond.conf": "[Daemon]\nFrameRate=999\nLogLevel=loud\n[Limits]\nMaxConnections=0\nExtra=1\n"
        ])
        #expect(error.problems.map { $0.location?.line } == [2, 3, 5, 6])
        #expect(error.description.split(separator: "\n").count == 5)
    }

    @Test func aSyntaxErrorStopsLoading() throws {
        let (error, directory) = try problems(["transitiond.conf": "[Daemon]\nFrameRate 60\n"])
        #expect(error.code == .invalidConfiguration)
        #expect(error.problems.count == 1)
        #expect(error.problems[0].code == .syntaxError)
        #expect(error.problems[0].message.hasPrefix("\(directory)/transitiond.conf:2:"))
    }

    @Test func configFileOptionReadsOnlyThatFileAndItsDropIns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("transitiond.conf", "[Daemon]\nFrameRate=30\n")
        try directory.write("other/custom.conf", "[Daemon]\nFrameRate=50\n")
        try directory.write("other/custom.conf.d/10.conf", "[Daemon]\nLogLevel=notice\n")
        let configuration = try DaemonConfiguration.load(
            overrides: DaemonConfigurationOverrides(configurationFile: directory.file("other/custom.conf")),
            searchDirectories: [directory.path], environment: Fixtures.user())
        #expect(configuration.frameRate == 50)
        #expect(configuration.logLevel == .notice)
        #expect(
            configuration.files == [directory.file("other/custom.conf"), directory.file("other/custom.conf.d/10.conf")])
    }

    @Test func aMissingConfigFileIsAnError() throws {
        let (error, directory) = try problems(
            [:], overrides: DaemonConfigurationOverrides(configurationFile: "/nonexistent/transitiond.conf"))
        _ = directory
        #expect(error.code == .unreadableConfiguration)
        #expect(error.parameter == "--config")
        #expect(error.problems.first?.errno == 2)
    }

    @Test func relativeConfigFileIsFoundFromTheWorkingDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("site.conf", "[Daemon]\nFrameRate=24\n")
        let environment = DaemonEnvironment(
            effectiveUserID: 0, variables: [:], currentDirectory: directory.path, groupID: { _ in nil })
        let configuration = try DaemonConfiguration.load(
            overrides: DaemonConfigurationOverrides(configurationFile: "site.conf"), searchDirectories: [],
            environment: environment)
        #expect(configuration.frameRate == 24)
    }

    @Test func commandLineValuesOverrideTheFiles() throws {
        let (configuration, _) = try load(
            ["transitiond.conf": "[Daemon]\nFrameRate=30\nStateDirectory=/srv/state\n[Socket]\nPath=/srv/ctl.sock\n"],
            overrides: DaemonConfigurationOverrides(
                socketPath: "ctl.sock", stateDirectory: "/tmp/state", frameRate: 120))
        #expect(configuration.frameRate == 120)
        #expect(configuration.stateDirectory == "/tmp/state")
        #expect(configuration.socket.path == "/home/ann/work/ctl.sock")
    }

    @Test func badCommandLineValuesAreReportedBeforeAnyFileIsRead() throws {
        let (error, _) = try problems(
            ["transitiond.conf": "[Daemon]\nUnknown=1\n"],
            overrides: DaemonConfigurationOverrides(instance: "-seat", frameRate: 500))
        #expect(error.code == .invalidArgument)
        #expect(error.problems.map(\.parameter) == ["--instance", "--frame-rate"])
    }

    @Test func aUserWithoutRuntimeDirectoryMustNameTheSocket() throws {
        let environment = Fixtures.user(["HOME": "/home/ann"])
        let (error, _) = try problems([:], environment: environment)
        #expect(error.code == .missingLocation)
        #expect(error.parameter == "Socket.Path")
        let (configuration, _) = try load(
            [:], overrides: DaemonConfigurationOverrides(socketPath: "/tmp/t.sock"), environment: environment)
        #expect(configuration.socket.path == "/tmp/t.sock")
    }

    /// Under systemd with DynamicUser= there is no runtime directory, and the socket comes from the
    /// socket unit: no path is needed then.
    @Test func aPassedSocketNeedsNoPath() throws {
        let environment = Fixtures.user(["HOME": "/home/ann"])
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = try DaemonConfiguration.load(
            searchDirectories: [directory.path], environment: environment, socketIsPassed: true)
        #expect(configuration.socket.path.isEmpty)
        #expect(configuration.stateDirectory == "/home/ann/.local/state/transitiond")
    }
}
