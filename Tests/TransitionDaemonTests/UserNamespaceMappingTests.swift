import Foundation
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct UserNamespaceMappingTests {
    /// uid_map texts with what they mean. Sources: user_namespaces(7) for the initial map; systemd's
    /// PrivateUsers=yes writes root and the service user (systemd.exec(5)); a container manager maps 65536
    /// ids from a high base.
    @Test(arguments: [
        ("         0          0 4294967295\n", true, true),
        ("0 0 1\n61234 61234 1\n", false, false),
        ("0 0 1\n", false, false),
        ("0 1879048192 65536\n", false, true),
        ("0 0 65536\n", false, true),
        ("0 100000 1000\n1000 1000 1\n1001 101001 64535\n", false, true),
        ("0 100000 1000\n1001 101001 64535\n", false, false),
    ])
    func mapsAreClassified(text: String, isInitial: Bool, distinguishes: Bool) throws {
        let mapping = try #require(UserNamespaceMapping(parsing: text))
        #expect(mapping.isInitialNamespace == isInitial)
        #expect(mapping.distinguishesRegularUsers == distinguishes)
    }

    @Test(arguments: ["0 0\n", "a b c\n", "0 0 0\n", "0 0 1 2\n", "-1 0 1\n"])
    func malformedMapsAreRefused(text: String) {
        #expect(UserNamespaceMapping(parsing: text) == nil)
    }

    @Test func theTestProcessMapIsReadable() throws {
        let mapping = try #require(UserNamespaceMapping.current())
        #expect(!mapping.ranges.isEmpty)
        #expect(UserNamespaceMapping.current(path: "/nonexistent") == nil)
        #expect(UserNamespaceMapping.overflowUserID(path: "/nonexistent") == 65_534)
    }

    /// The finding behind `Ownership=auto`, checked against the kernel: a listener in a user namespace
    /// that maps only root (as PrivateUsers=yes maps only root and the service user) sees a uid 1000
    /// client as the overflow uid and gid, and the map it reads says so.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: python)))
    func peerCredentialsCollapseInAUserNamespace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        chmod(directory.path, 0o755)
        let socketPath = directory.file("peer.sock")
        let server = """
            import os, socket, struct, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(sys.argv[1]); os.chmod(sys.argv[1], 0o666); s.listen()
            print(open("/proc/self/uid_map").read().strip().replace("\\n", ";"), flush=True)
            c, _ = s.accept()
            pid, uid, gid = struct.unpack("3i", c.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
            print(uid, gid, flush=True)
            """
        let environment = ["PATH=\(ChildProcess.searchPath)"]
        let started = try ChildProcess(
            executable: "unshare", arguments: ["--user", "--map-root-user", Self.python, "-c", server, socketPath],
            environment: environment)
        defer {
            started.send(signal: SIGKILL)
            _ = started.finishBlocking()
        }
        // The first line comes once the socket listens: no polling, no sleep.
        let mapLine = try #require(started.readOutputLine(), "server did not start")
        let client = try ChildProcess.run(
            [
                "setpriv", "--reuid", "1000", "--regid", "1000", "--clear-groups", Self.python, "-c",
                "import socket, sys; socket.socket(socket.AF_UNIX).connect(sys.argv[1])", socketPath,
            ], environment: environment)
        guard client.status == 0 else {
            // Without a client the server would wait forever: end it before failing.
            Issue.record("client failed: \(client.errors)")
            return
        }
        let credentials = try #require(started.readOutputLine(), "server saw no client")
        #expect(credentials == "65534 65534")

        let mapping = try #require(UserNamespaceMapping(parsing: mapLine.replacingOccurrences(of: ";", with: "\n")))
        #expect(!mapping.distinguishesRegularUsers)
        let access = EffectiveAccess.resolve(
            DaemonConfiguration.AccessSettings(ownership: .automatic, controlGroup: nil), mapping: mapping,
            overflowUserID: 65_534)
        #expect(access.ownership == .shared)
        #expect(access.controlGroupID == nil)
    }

    /// Debian's Python, which any user may run (a per-user Python under /root is not).
    static let python = "/usr/bin/python3"
}
