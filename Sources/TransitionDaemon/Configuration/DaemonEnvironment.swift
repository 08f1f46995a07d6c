#if canImport(Glibc)
    import Glibc
#endif

/// What the daemon's defaults depend on: who runs it and the variables systemd and the login session
/// set (`RUNTIME_DIRECTORY`, `STATE_DIRECTORY`, `XDG_RUNTIME_DIR`, `XDG_STATE_HOME`, `HOME`), plus how
/// group names resolve. A value, so tests pass chosen ones; `current()` reads the process's.
public struct DaemonEnvironment: Sendable {
    /// The effective user id (`geteuid()`): 0 picks the system-wide default locations.
    public var effectiveUserID: UInt32
    /// Environment variables by name. Only the ones named above are read.
    public var variables: [String: String]
    /// The working directory, against which relative command-line paths are resolved.
    public var currentDirectory: String
    /// Resolves a group name to its id (`getgrnam_r`), nil when there is no such group.
    public var groupID: @Sendable (String) -> UInt32?

    /// Creates an environment.
    public init(
        effectiveUserID: UInt32,
        variables: [String: String],
        currentDirectory: String = "/",
        groupID: @escaping @Sendable (String) -> UInt32? = DaemonEnvironment.systemGroupID
    ) {
        self.effectiveUserID = effectiveUserID
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.groupID = groupID
    }

    /// The running process's environment.
    public static func current() -> DaemonEnvironment {
        var variables: [String: String] = [:]
        for name in readVariableNames {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return DaemonEnvironment(effectiveUserID: geteuid(), variables: variables, currentDirectory: workingDirectory())
    }

    /// `getcwd(3)`, or `/` when it cannot be read (a removed directory).
    private static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return buffer.withUnsafeMutableBufferPointer { storage in
            guard let path = getcwd(storage.baseAddress, storage.count) else { return "/" }
            return String(cString: path)
        }
    }

    /// The variables `current()` copies.
    static let readVariableNames = [
        "RUNTIME_DIRECTORY", "STATE_DIRECTORY", "XDG_RUNTIME_DIR", "XDG_STATE_HOME", "HOME",
    ]

    /// Whether the daemon runs as root and so uses the system-wide locations.
    public var isRoot: Bool { effectiveUserID == 0 }

    /// The first entry of a variable that systemd may set to a colon-separated list
    /// (`RUNTIME_DIRECTORY=/run/a:/run/b` when a unit names several directories, systemd.exec(5),
    /// "RuntimeDirectory="), or nil when unset, empty or not absolute.
    func firstAbsoluteDirectory(in name: String) -> String? {
        guard let value = variables[name], let first = value.split(separator: ":").first, first.hasPrefix("/")
        else { return nil }
        return String(first)
    }

    /// The id of the group with this name in the group database (`getgrnam_r(3)`), nil when there is
    /// none. Runs NSS, so call it while loading the configuration, not on a busy thread.
    @Sendable public static func systemGroupID(_ name: String) -> UInt32? {
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: groupBufferBytes)
        while true {
            let status = buffer.withUnsafeMutableBufferPointer { storage in
                getgrnam_r(name, &group, storage.baseAddress, storage.count, &result)
            }
            // ERANGE: the entry (its member list) does not fit; grow and ask again (getgrnam_r(3)).
            if status == ERANGE && buffer.count < maximumGroupBufferBytes {
                buffer = [CChar](repeating: 0, count: buffer.count * 2)
                continue
            }
            guard status == 0, result != nil else { return nil }
            return group.gr_gid
        }
    }

    /// First buffer for `getgrnam_r`: `sysconf(_SC_GETGR_R_SIZE_MAX)` is 1024 on glibc; start larger.
    private static let groupBufferBytes = 4096
    /// Largest buffer tried: a group with thousands of members still fits.
    private static let maximumGroupBufferBytes = 1 << 20
}
