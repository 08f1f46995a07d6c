#if canImport(Glibc)
    import Glibc
#endif

/// Where `transitionctl` finds the daemon's socket: `--socket PATH`, else `TRANSITIOND_SOCKET`, else the
/// path the daemon binds by default.
///
/// The daemon's default is `/run/transitiond/io.transitiond` when it runs as root and
/// `$XDG_RUNTIME_DIR/transitiond/io.transitiond` otherwise. A user who is not root first tries the
/// socket of a daemon of their own in `$XDG_RUNTIME_DIR`, and falls back to the system's socket when
/// there is none, the way `systemctl` talks to the system manager unless told `--user`.
public enum DaemonAddress {
    /// The environment variable naming the socket.
    public static let environmentVariable = "TRANSITIOND_SOCKET"
    /// The socket of a daemon running as root (the system service).
    public static let systemSocket = "/run/transitiond/io.transitiond"
    /// The socket's path below a user's runtime directory.
    public static let userSocketSuffix = "transitiond/io.transitiond"

    /// The socket to connect to.
    ///
    /// - Parameters:
    ///   - option: the value of `--socket`, if given.
    ///   - environment: the process's environment (`TRANSITIOND_SOCKET`, `XDG_RUNTIME_DIR`).
    ///   - isRoot: whether the effective uid is 0.
    ///   - exists: whether a file exists at a path (injected so that tests need no file system).
    /// - Throws: ``CommandError`` `invalidValue` (usage) for an empty `--socket` or `TRANSITIOND_SOCKET`.
    public static func resolve(
        option: String?, environment: [String: String], isRoot: Bool, exists: (String) -> Bool
    ) throws(CommandError) -> String {
        if let option {
            guard !option.isEmpty else {
                throw CommandError(.invalidValue, parameter: "--socket", "--socket must name a socket file")
            }
            return option
        }
        if let variable = environment[environmentVariable] {
            guard !variable.isEmpty else {
                throw CommandError(
                    .invalidValue, parameter: environmentVariable,
                    "\(environmentVariable) is set but empty; unset it or name a socket file")
            }
            return variable
        }
        if !isRoot, let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let path = (runtime.hasSuffix("/") ? runtime : runtime + "/") + userSocketSuffix
            if exists(path) { return path }
        }
        return systemSocket
    }

    /// The socket for `invocation`, from its `--socket`, its environment, the effective uid and the file
    /// system.
    public static func resolve(for invocation: CommandInvocation) throws(CommandError) -> String {
        try resolve(
            option: invocation.arguments.value("socket"), environment: invocation.environment,
            isRoot: geteuid() == 0, exists: { access($0, F_OK) == 0 })
    }
}
