import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

extension DaemonConfiguration {
    /// The directories searched for `transitiond.conf` and `transitiond.conf.d/`, most important first,
    /// as systemd's daemons search theirs (journald.conf(5), "Configuration Directories and
    /// Precedence"): local configuration, then locally installed and vendor defaults.
    public static let searchDirectories = ["/etc/transitiond", "/usr/local/lib/transitiond", "/usr/lib/transitiond"]
    /// The main configuration file's name.
    public static let fileName = "transitiond.conf"

    /// Loads the configuration: built-in defaults, then the files, then the command line.
    ///
    /// Files read, each later one overriding the earlier ones key by key:
    /// - without `--config`: `transitiond.conf` from the first of `searchDirectories` that has it, then
    ///   every `transitiond.conf.d/*.conf` (by name, across the directories); with an instance,
    ///   `transitiond@NAME.conf` and `transitiond@NAME.conf.d/*.conf` the same way after those.
    /// - with `--config PATH`: `PATH` (which must exist) and `PATH.d/*.conf`.
    ///
    /// Every problem is collected before failing, so one run reports them all: syntax errors, unknown
    /// sections (except `X-` ones, which systemd.syntax(7) reserves for extensions), unknown keys,
    /// bad values (each with `file:line`), unusable command-line values, and a socket path or state
    /// directory that cannot be chosen.
    ///
    /// Use the same call to reload on SIGHUP: on error keep the configuration you have.
    ///
    /// - Parameters:
    ///   - overrides: the command line's values.
    ///   - searchDirectories: where to look without `--config`; tests pass temporary directories.
    ///   - environment: the user and variables the defaults depend on.
    ///   - socketIsPassed: systemd passed the listening socket, so no path is needed: an empty
    ///     `Socket.Path` (a dynamic user has no runtime directory of its own) is then no problem.
    /// - Throws: `DaemonConfigurationError` listing every problem.
    public static func load(
        overrides: DaemonConfigurationOverrides = DaemonConfigurationOverrides(),
        searchDirectories: [String] = DaemonConfiguration.searchDirectories,
        environment: DaemonEnvironment = .current(),
        socketIsPassed: Bool = false
    ) throws(DaemonConfigurationError) -> DaemonConfiguration {
        let argumentProblems = overrides.problems(environment: environment)
        guard argumentProblems.isEmpty else {
            throw DaemonConfigurationError(code: .invalidArgument, problems: argumentProblems)
        }
        let layers = try readFiles(overrides: overrides, searchDirectories: searchDirectories, environment: environment)

        var configuration = defaults(instance: overrides.instance, environment: environment)
        var problems = unknownNames(in: layers)
        for key in DaemonConfigurationSchema.keys {
            guard let assignment = effectiveAssignment(of: key, in: layers) else { continue }
            do {
                try key.read(assignment, into: &configuration, environment: environment)
            } catch let error as SystemdError {
                problems.append(error)
            } catch {
                problems.append(assignment.badValueError("\(error)"))
            }
        }
        guard problems.isEmpty else {
            throw DaemonConfigurationError(
                code: .invalidConfiguration, problems: inFileOrder(problems, files: layers.flatMap(\.files)))
        }

        overrides.apply(to: &configuration, environment: environment)
        configuration.files = layers.flatMap(\.files)
        let missing = missingLocations(configuration, socketIsPassed: socketIsPassed)
        guard missing.isEmpty else { throw DaemonConfigurationError(code: .missingLocation, problems: missing) }
        return configuration
    }

    /// The configurations read, in order of precedence (later overrides earlier).
    private static func readFiles(
        overrides: DaemonConfigurationOverrides,
        searchDirectories: [String],
        environment: DaemonEnvironment
    ) throws(DaemonConfigurationError) -> [SystemdConfiguration] {
        do {
            if let file = overrides.configurationFile {
                let path = DaemonConfigurationOverrides.absolute(file, in: environment)
                guard Glibc.access(path, F_OK) == 0 else {
                    throw SystemdError(
                        code: .unreadableFile,
                        message: "Failed to open configuration file \(path) given with --config; check the path",
                        parameter: "--config",
                        errno: errno
                    )
                }
                return [try SystemdConfiguration.load(file: path)]
            }
            var layers = [try SystemdConfiguration.load(fileName: fileName, searchDirectories: searchDirectories)]
            if let instance = overrides.instance {
                layers.append(
                    try SystemdConfiguration.load(
                        fileName: "transitiond@\(instance).conf", searchDirectories: searchDirectories))
            }
            return layers
        } catch let error as SystemdError {
            let code: DaemonConfigurationError.Code =
                error.code == .syntaxError ? .invalidConfiguration : .unreadableConfiguration
            throw DaemonConfigurationError(code: code, problems: [error])
        } catch {
            throw DaemonConfigurationError(
                code: .unreadableConfiguration,
                problems: [SystemdError(code: .unreadableFile, message: "Failed to read the configuration: \(error)")]
            )
        }
    }

    /// The assignment that decides `key`: the last one in the last layer that assigns it, or nil when
    /// there is none or it is a reset (`Key=`), which restores the default.
    private static func effectiveAssignment(
        of key: DaemonConfigurationKey,
        in layers: [SystemdConfiguration]
    ) -> ConfigurationAssignment? {
        for layer in layers.reversed() {
            guard let last = layer.assignments(in: key.section).last(where: { $0.key == key.name }) else { continue }
            return last.isReset ? nil : last
        }
        return nil
    }

    /// Unknown sections and keys, in reading order. `X-` sections are extensions and are skipped.
    private static func unknownNames(in layers: [SystemdConfiguration]) -> [SystemdError] {
        var problems: [SystemdError] = []
        for layer in layers {
            for header in layer.sectionHeaders
            where !DaemonConfigurationSchema.sections.contains(header.name) && !header.name.hasPrefix("X-") {
                problems.append(header.unknownSectionError())
            }
            for assignment in layer.assignments
            where DaemonConfigurationSchema.sections.contains(assignment.section)
                && DaemonConfigurationSchema.key(assignment.key, in: assignment.section) == nil
            {
                problems.append(assignment.unknownKeyError())
            }
        }
        return problems
    }

    /// `problems` sorted by file (in reading order) and line; the sort is stable.
    private static func inFileOrder(_ problems: [SystemdError], files: [String]) -> [SystemdError] {
        func position(_ problem: SystemdError) -> (Int, Int) {
            guard let location = problem.location else { return (Int.max, 0) }
            return (files.firstIndex(of: location.file) ?? Int.max, location.line)
        }
        return problems.enumerated().sorted { left, right in
            let (a, b) = (position(left.element), position(right.element))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// Locations that no rule could choose (the socket's only when it is not passed).
    private static func missingLocations(_ configuration: DaemonConfiguration, socketIsPassed: Bool) -> [SystemdError] {
        var problems: [SystemdError] = []
        if configuration.socket.path.isEmpty && !socketIsPassed {
            problems.append(
                SystemdError(
                    code: .invalidArgument,
                    message: "Failed to choose a socket path: XDG_RUNTIME_DIR is not set; pass --socket or set "
                        + "Path= in [Socket]",
                    parameter: "Socket.Path"
                ))
        }
        if configuration.stateDirectory.isEmpty {
            problems.append(
                SystemdError(
                    code: .invalidArgument,
                    message: "Failed to choose a state directory: neither XDG_STATE_HOME nor HOME is set; pass "
                        + "--state-directory or set StateDirectory= in [Daemon]",
                    parameter: "Daemon.StateDirectory"
                ))
        }
        return problems
    }
}
