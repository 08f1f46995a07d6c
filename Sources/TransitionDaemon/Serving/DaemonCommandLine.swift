/// The daemon's command line: `transitiond [--config FILE] [--instance NAME] [--socket PATH]
/// [--state-directory DIR] [--frame-rate N]`, `--help`, `--version`.
///
/// Parsing checks the shape only (known options, values present, numbers numeric); the values
/// themselves are checked with the configuration files (`DaemonConfiguration.load(overrides:)`), so
/// that one run reports every problem.
public struct DaemonCommandLine: Sendable, Equatable {
    /// What the command line asks for.
    public enum Action: Sendable, Equatable {
        /// Run the daemon.
        case serve
        /// Print the usage and exit 0.
        case help
        /// Print the version and exit 0.
        case version
    }

    /// What to do.
    public var action: Action = .serve
    /// What the options set, to apply over the configuration files.
    public var overrides = DaemonConfigurationOverrides()

    /// The usage text `--help` prints.
    public static let usage = """
        Usage: transitiond [OPTIONS]

        Runs navigation stacks of screens and their transitions for clients on a Varlink socket
        (interface io.transitiond).

        Options:
          --config FILE           Read FILE and FILE.d/*.conf instead of /etc/transitiond/transitiond.conf
                                  and its drop-ins (see transitiond.conf(5))
          --instance NAME         Run as instance NAME (transitiond@NAME.service): also reads
                                  transitiond@NAME.conf, uses transitiond-NAME in default paths
          --socket PATH           Listen on PATH (default: $RUNTIME_DIRECTORY/io.transitiond, else
                                  /run/transitiond/io.transitiond as root, else
                                  $XDG_RUNTIME_DIR/transitiond/io.transitiond); a socket passed by
                                  systemd (named "varlink") is used instead
          --state-directory DIR   Keep the stacks in DIR (default: $STATE_DIRECTORY, else
                                  /var/lib/transitiond as root, else $XDG_STATE_HOME/transitiond)
          --frame-rate N          Run the display link at N frames per second, 1 to 240 (default 60)
          --help                  Show this help and exit
          --version               Show the version and exit

        The command line overrides the configuration files. SIGHUP rereads them (a bad configuration
        is rejected and the running one kept). SIGTERM or SIGINT stops the daemon: running transitions
        settle, the state is written, clients are disconnected, and it exits 0.

        """

    /// An argument that cannot be used, with what to do.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The option or argument at fault.
        public var parameter: String
        /// What is wrong and what would be accepted.
        public var message: String
        /// `parameter: message`.
        public var description: String { "\(parameter): \(message)" }
    }

    /// Parses the arguments after the program name.
    ///
    /// - Throws: `Failure` for an unknown option, a missing or invalid value.
    public init(arguments: [String]) throws(Failure) {
        var index = 0
        func value(_ option: String) throws(Failure) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].isEmpty else {
                throw Failure(parameter: option, message: "needs a value; see --help")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var option = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                option = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            let given = { () throws(Failure) -> String in
                if let inline {
                    guard !inline.isEmpty else {
                        throw Failure(parameter: option, message: "needs a value; see --help")
                    }
                    return inline
                }
                return try value(option)
            }
            switch option {
            case "--help", "-h": action = .help
            case "--version": action = .version
            case "--config": overrides.configurationFile = try given()
            case "--instance": overrides.instance = try given()
            case "--socket": overrides.socketPath = try given()
            case "--state-directory": overrides.stateDirectory = try given()
            case "--frame-rate":
                let text = try given()
                guard let rate = Int(text) else {
                    throw Failure(parameter: option, message: "'\(text)' is not a number of frames per second")
                }
                overrides.frameRate = rate
            default:
                throw Failure(parameter: argument, message: "unknown option; see --help")
            }
            index += 1
        }
    }

}
