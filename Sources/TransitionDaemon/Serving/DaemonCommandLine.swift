/// The daemon's command line: `transitiond [--socket PATH] [--state-directory DIR] [--frame-rate N]`,
/// `--help`, `--version`.
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
    /// `--socket PATH`.
    public var socketPath: String?
    /// `--state-directory DIR`.
    public var stateDirectory: String?
    /// `--frame-rate N`.
    public var framesPerSecond: Int?

    /// The usage text `--help` prints.
    public static let usage = """
        Usage: transitiond [OPTIONS]

        Runs navigation stacks of screens and their transitions for clients on a Varlink socket
        (interface io.transitiond).

        Options:
          --socket PATH           Listen on PATH (default: $XDG_RUNTIME_DIR/transitiond/io.transitiond,
                                  or /run/transitiond/io.transitiond as root)
          --state-directory DIR   Keep the stacks in DIR (default: in memory, lost at exit)
          --frame-rate N          Run the display link at N frames per second, 1 to 240 (default 60)
          --help                  Show this help and exit
          --version               Show the version and exit

        SIGTERM or SIGINT stops the daemon: running transitions settle, the state is written, clients
        are disconnected, and it exits 0.

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
            case "--socket": socketPath = try given()
            case "--state-directory": stateDirectory = try given()
            case "--frame-rate":
                let text = try given()
                guard let rate = Int(text), (1...240).contains(rate) else {
                    throw Failure(parameter: option, message: "'\(text)' is not a frame rate from 1 to 240")
                }
                framesPerSecond = rate
            default:
                throw Failure(parameter: argument, message: "unknown option; see --help")
            }
            index += 1
        }
    }

    /// The default socket path: `/run/transitiond/io.transitiond` for root, else
    /// `$XDG_RUNTIME_DIR/transitiond/io.transitiond`; `nil` when neither applies.
    public static func defaultSocketPath(isRoot: Bool, environment: [String: String]) -> String? {
        if isRoot { return "/run/transitiond/io.transitiond" }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return (runtime.hasSuffix("/") ? runtime : runtime + "/") + "transitiond/io.transitiond"
    }
}
