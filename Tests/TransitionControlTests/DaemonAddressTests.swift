import Testing
import TransitionControl

/// How the socket is chosen: `--socket`, `TRANSITIOND_SOCKET`, then the daemon's default.
@Suite("Daemon address")
struct DaemonAddressTests {
    static func resolve(
        option: String? = nil, environment: [String: String] = [:], isRoot: Bool = false, existing: Set<String> = []
    ) throws(CommandError) -> String {
        try DaemonAddress.resolve(option: option, environment: environment, isRoot: isRoot) { existing.contains($0) }
    }

    @Test func theOptionWinsOverTheEnvironment() throws {
        #expect(try Self.resolve(option: "/a", environment: ["TRANSITIOND_SOCKET": "/b"]) == "/a")
        #expect(try Self.resolve(environment: ["TRANSITIOND_SOCKET": "/b", "XDG_RUNTIME_DIR": "/run/user/1"]) == "/b")
    }

    @Test func aUserDaemonIsPreferredWhenItsSocketExists() throws {
        let runtime = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        let user = "/run/user/1000/transitiond/io.transitiond"
        #expect(try Self.resolve(environment: runtime, existing: [user]) == user)
        #expect(try Self.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"], existing: [user]) == user)
        #expect(try Self.resolve(environment: runtime) == "/run/transitiond/io.transitiond")
        // Root uses the system socket, as the daemon running as root binds it.
        #expect(
            try Self.resolve(environment: runtime, isRoot: true, existing: [user]) == "/run/transitiond/io.transitiond")
        // A relative runtime directory is ignored, as the daemon ignores it.
        #expect(
            try Self.resolve(environment: ["XDG_RUNTIME_DIR": "run"], existing: ["run/transitiond/io.transitiond"])
                == "/run/transitiond/io.transitiond")
    }

    @Test func emptyValuesAreUsageErrors() {
        #expect(throws: CommandError.self) { try Self.resolve(option: "") }
        do {
            _ = try Self.resolve(environment: ["TRANSITIOND_SOCKET": ""])
            Issue.record("an empty TRANSITIOND_SOCKET was accepted")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.parameter == "TRANSITIOND_SOCKET")
        }
    }
}
