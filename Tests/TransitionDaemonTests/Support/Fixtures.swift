import TransitionDaemon

/// Environments the configuration tests use: a user in a login session, root, and a systemd service.
enum Fixtures {
    /// Groups known to the test environments' group lookup.
    static let groups: [String: UInt32] = ["transitiond": 990, "video": 44]

    static func user(_ variables: [String: String] = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ann"])
        -> DaemonEnvironment
    {
        DaemonEnvironment(effectiveUserID: 1000, variables: variables, currentDirectory: "/home/ann/work") {
            groups[$0]
        }
    }

    static func root(_ variables: [String: String] = [:]) -> DaemonEnvironment {
        DaemonEnvironment(effectiveUserID: 0, variables: variables, currentDirectory: "/") { groups[$0] }
    }
}
