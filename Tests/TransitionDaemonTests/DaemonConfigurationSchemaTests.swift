import SystemdSupport
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport

@testable import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DaemonConfigurationSchemaTests {
    @Test func keysAreUniqueAndInDeclaredSections() {
        let parameters = DaemonConfigurationSchema.keys.map(\.parameter)
        #expect(Set(parameters).count == parameters.count)
        for key in DaemonConfigurationSchema.keys {
            #expect(DaemonConfigurationSchema.sections.contains(key.section), "\(key.parameter)")
            #expect(!key.documentation.isEmpty, "\(key.parameter) has no documentation")
            #expect(key.documentation.allSatisfy { $0.count <= 100 }, "\(key.parameter): documentation line too long")
        }
        // Keys are grouped by section in section order, as the documented file lists them.
        let sectionOrder = DaemonConfigurationSchema.keys.map {
            DaemonConfigurationSchema.sections.firstIndex(of: $0.section)!
        }
        #expect(sectionOrder == sectionOrder.sorted())
    }

    /// Each default text, read as a value, gives exactly the built-in default: the documented file
    /// cannot show one default while the code uses another.
    @Test(arguments: DaemonConfigurationSchema.keys.filter { !$0.defaultText.isEmpty }.map(\.parameter))
    func defaultTextReadsBackAsTheBuiltInDefault(parameter: String) throws {
        let key = DaemonConfigurationSchema.keys.first { $0.parameter == parameter }!
        let environment = Fixtures.user()
        let defaults = DaemonConfiguration.defaults(environment: environment)
        var configuration = defaults
        // Start from a different value where one is easy to make, so that "unchanged" is not mistaken for "read".
        configuration.frameRate = 1
        configuration.logLevel = .emergency
        configuration.limits = DaemonConfiguration.Limits(
            maximumMessageBytes: 1, maximumConnections: 1, maximumConnectionsPerUser: 1, maximumPendingOutputBytes: 1,
            maximumPendingOutputBytesPerUser: 1,
            service: ServiceLimits(
                stacksPerUser: 1, nodesPerCall: 1, animatorsPerUser: 1, animatorBytes: 1, tracksPerAnimator: 1,
                keyframesPerAnimator: 1, subscriptionsPerUser: 1),
            engine: TransitionEngine.Limits(
                stacks: 1, subscribersPerStack: 1, screensPerStack: 1, tabsPerStack: 1, nodesPerScreen: 1,
                nodesPerStack: 1, rulesPerStack: 1, queuedOperationsPerStack: 1, storedBytesPerStack: 1))
        configuration.socket.mode = 0
        configuration.shutdownSettleMicroseconds = 1
        configuration.watchdog.stallTimeoutMicroseconds = 1
        configuration.access.ownership = .shared
        configuration.animatorDirectory = "/elsewhere"
        let assignment = ConfigurationAssignment(
            section: key.section, key: key.name, value: key.defaultText,
            location: ConfigurationLocation(file: "defaults", line: 1))
        try key.read(assignment, into: &configuration, environment: environment)
        let changed = configuration.changedParameters(comparedTo: defaults)
        #expect(!changed.contains(parameter), "\(parameter)=\(key.defaultText) does not read as the built-in default")
    }

    @Test func changeComparisonsCoverEveryKey() {
        #expect(DaemonConfiguration.comparisons.map(\.0) == DaemonConfigurationSchema.keys.map(\.parameter))
        #expect(
            DaemonConfiguration.parametersAppliedAtStart.isSubset(
                of: Set(DaemonConfigurationSchema.keys.map(\.parameter))))
    }

    /// etc/transitiond.conf is generated from the schema; TRANSITIOND_RECORD_GOLDEN=1 rewrites it (and fails).
    @Test func shippedConfigurationFileMatchesTheSchema() throws {
        let path = RepositoryFiles.path("etc/transitiond.conf")
        let expected = DaemonConfigurationSchema.documentedFile()
        let recording = TestProcessEnvironment.forChildren["TRANSITIOND_RECORD_GOLDEN"] == "1"
        if recording || TextFile.read(path) == nil {
            try TextFile.write(expected, to: path)
            Issue.record("wrote \(path); review it and run the tests again")
            return
        }
        #expect(TextFile.read(path) == expected, "etc/transitiond.conf differs from the schema; record it again")
    }

    /// Uncommenting every line of the shipped file changes nothing: each shown value is the default.
    @Test func uncommentedShippedFileLoadsAsTheDefaults() throws {
        let text = DaemonConfigurationSchema.documentedFile().split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                line.hasPrefix("#") && !line.hasPrefix("# ") && line != "#" ? String(line.dropFirst()) : String(line)
            }
            .joined(separator: "\n")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("transitiond.conf", text)
        var configuration = try DaemonConfiguration.load(
            searchDirectories: [directory.path], environment: Fixtures.user())
        configuration.files = []
        #expect(configuration == DaemonConfiguration.defaults(environment: Fixtures.user()))
    }

    @Test func manPageDescribesEveryKeyAndSection() throws {
        let page = try #require(TextFile.read(RepositoryFiles.path("docs/man/transitiond.conf.5")))
        for key in DaemonConfigurationSchema.keys {
            #expect(page.contains("\\fB\(key.name)=\\fR"), "transitiond.conf(5) does not describe \(key.name)=")
        }
        for section in DaemonConfigurationSchema.sections {
            #expect(page.contains("[\(section)]"), "transitiond.conf(5) has no [\(section)] section")
        }
    }
}
