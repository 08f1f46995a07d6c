import SystemdSupport
import TransitionEngine

/// One key of `transitiond.conf`: its section, name, default as written in the file, documentation,
/// and how its value is read into a `DaemonConfiguration`.
///
/// `DaemonConfigurationSchema.keys` lists them all; the loader, the shipped `etc/transitiond.conf`
/// and the tests are all driven by that one list, so they cannot drift apart.
public struct DaemonConfigurationKey: Sendable {
    /// The section, without brackets (`Daemon`).
    public let section: String
    /// The key (`FrameRate`); case-sensitive, as all systemd keys.
    public let name: String
    /// The default as the file would spell it (`60`, `5s`), or empty when the default is computed at
    /// start (paths that depend on the user and on systemd's variables).
    public let defaultText: String
    /// What the key means, one line per entry, written as comments above it in `transitiond.conf`.
    public let documentation: [String]
    /// Reads an assignment into the configuration; throws `SystemdError` (`.badValue`, with the
    /// assignment's `file:line`) for a value it cannot use.
    let apply: @Sendable (ConfigurationAssignment, inout DaemonConfiguration, DaemonEnvironment) throws -> Void

    /// Creates a key.
    init(
        _ section: String,
        _ name: String,
        default defaultText: String,
        _ documentation: [String],
        apply:
            @escaping @Sendable (ConfigurationAssignment, inout DaemonConfiguration, DaemonEnvironment) throws ->
            Void
    ) {
        self.section = section
        self.name = name
        self.defaultText = defaultText
        self.documentation = documentation
        self.apply = apply
    }

    /// `Section.Key`, the `parameter` of errors about this key.
    public var parameter: String { "\(section).\(name)" }

    /// Reads `assignment` (which must be of this key) into `configuration`.
    ///
    /// - Throws: `SystemdError` with `.badValue` and the assignment's location.
    public func read(
        _ assignment: ConfigurationAssignment,
        into configuration: inout DaemonConfiguration,
        environment: DaemonEnvironment
    ) throws {
        try apply(assignment, &configuration, environment)
    }
}

extension ConfigurationAssignment {
    /// The value as a group: a decimal gid, or a name that the group database resolves.
    ///
    /// - Throws: `.badValue` for an invalid name or a name with no group.
    func group(environment: DaemonEnvironment) throws -> DaemonConfiguration.GroupReference {
        if let id = UInt32(value), id != UInt32.max {
            return DaemonConfiguration.GroupReference(name: value, id: id)
        }
        guard Self.isValidGroupName(value) else {
            throw badValueError("expected a group name or number, got \"\(value)\"")
        }
        guard let id = environment.groupID(value) else {
            throw badValueError("no group named \"\(value)\"; create it (see sysusers.d(5)) or use another")
        }
        return DaemonConfiguration.GroupReference(name: value, id: id)
    }

    /// The value as a real-time scheduling setting: `auto`, or a systemd boolean (`yes` asks and
    /// requires it, `no` never asks).
    ///
    /// - Throws: `.badValue` for anything else.
    func realTimeScheduling() throws -> RealTimeScheduling {
        if value == "auto" { return .whenAllowed }
        do {
            return try boolean() ? .required : .off
        } catch {
            throw badValueError("expected auto or a boolean (yes/no, true/false, on/off, 1/0), got \"\(value)\"")
        }
    }

    /// The value as a journal priority: a syslog name (`info`) or level (`6`), as `journalctl -p` and
    /// systemd's `LogLevel=` accept.
    func priority() throws -> JournalPriority {
        if let priority = JournalPriority(name: value) { return priority }
        if let level = Int(value), let priority = JournalPriority(level: level) { return priority }
        throw badValueError(
            "expected one of emerg, alert, crit, err, warning, notice, info, debug or 0…7, got \"\(value)\"")
    }

    /// A byte count that fits an `Int`, in `range`.
    func sizeBytes(in range: ClosedRange<Int>) throws -> Int {
        Int(try sizeBytes(in: UInt64(range.lowerBound)...UInt64(range.upperBound)))
    }

    /// A name as useradd and systemd-sysusers accept: letters, digits, `_`, `-`, `.`, not starting
    /// with a digit or `-`, at most 32 characters (sysusers.d(5), "User/group names").
    private static func isValidGroupName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 32 else { return false }
        let isLetter = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }
}
