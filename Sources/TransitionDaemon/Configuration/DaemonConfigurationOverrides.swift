import SystemdSupport

/// What the command line sets, applied over the files: `--config`, `--instance`, `--socket`,
/// `--state-directory`, `--frame-rate`. Each is optional; nil leaves the file's value (or default).
public struct DaemonConfigurationOverrides: Sendable, Hashable {
    /// `--config PATH`: read this file and `PATH.d/*.conf` instead of the standard locations. The file
    /// must exist.
    public var configurationFile: String?
    /// `--instance NAME`: one daemon of several (`transitiond@NAME.service`). It also reads
    /// `transitiond@NAME.conf` and its drop-ins after `transitiond.conf`, and uses
    /// `transitiond-NAME` in its default directories. 1 to 64 characters from `A–Z a–z 0–9 _ . : -`,
    /// starting with a letter or digit.
    public var instance: String?
    /// `--socket PATH`, relative to the working directory when not absolute.
    public var socketPath: String?
    /// `--state-directory PATH`, relative to the working directory when not absolute.
    public var stateDirectory: String?
    /// `--frame-rate N`, 1…240.
    public var frameRate: Int?

    /// Creates overrides; everything nil reads the files only.
    public init(
        configurationFile: String? = nil,
        instance: String? = nil,
        socketPath: String? = nil,
        stateDirectory: String? = nil,
        frameRate: Int? = nil
    ) {
        self.configurationFile = configurationFile
        self.instance = instance
        self.socketPath = socketPath
        self.stateDirectory = stateDirectory
        self.frameRate = frameRate
    }

    /// Longest instance name.
    public static let maximumInstanceLength = 64

    /// Problems with the values themselves (before any file is read), one per option.
    func problems(environment: DaemonEnvironment) -> [SystemdError] {
        var problems: [SystemdError] = []
        if let instance, !Self.isValidInstance(instance) {
            problems.append(
                Self.argumentError(
                    "--instance",
                    "Failed to use instance name \"\(instance)\": use 1 to \(Self.maximumInstanceLength) letters, "
                        + "digits, '_', '.', ':' or '-', starting with a letter or digit"))
        }
        if let frameRate, !DaemonConfiguration.frameRates.contains(frameRate) {
            problems.append(
                Self.argumentError(
                    "--frame-rate", "Failed to use frame rate \(frameRate): use 1 to 240 frames per second"))
        }
        if let socketPath {
            let path = Self.absolute(socketPath, in: environment)
            if socketPath.isEmpty || path.utf8.count > DaemonConfiguration.SocketSettings.maximumPathBytes {
                problems.append(
                    Self.argumentError(
                        "--socket",
                        "Failed to use socket path \"\(socketPath)\": use a path of 1 to "
                            + "\(DaemonConfiguration.SocketSettings.maximumPathBytes) bytes (unix(7))"))
            }
        }
        if let stateDirectory, stateDirectory.isEmpty {
            problems.append(Self.argumentError("--state-directory", "Failed to use an empty state directory path"))
        }
        if let configurationFile, configurationFile.isEmpty {
            problems.append(Self.argumentError("--config", "Failed to use an empty configuration file path"))
        }
        return problems
    }

    /// Sets the overridden values in `configuration`.
    func apply(to configuration: inout DaemonConfiguration, environment: DaemonEnvironment) {
        if let socketPath { configuration.socket.path = Self.absolute(socketPath, in: environment) }
        if let stateDirectory { configuration.stateDirectory = Self.absolute(stateDirectory, in: environment) }
        if let frameRate { configuration.frameRate = frameRate }
    }

    /// `path`, or `path` under the working directory when it is relative.
    static func absolute(_ path: String, in environment: DaemonEnvironment) -> String {
        if path.hasPrefix("/") { return path }
        let directory = environment.currentDirectory
        return (directory.hasSuffix("/") ? directory : directory + "/") + path
    }

    static func isValidInstance(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maximumInstanceLength else { return false }
        let isAlphanumeric = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard isAlphanumeric(first) else { return false }
        return bytes.allSatisfy { byte in
            isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "-")
        }
    }

    static func argumentError(_ option: String, _ message: String) -> SystemdError {
        SystemdError(code: .invalidArgument, message: message, parameter: option)
    }
}
