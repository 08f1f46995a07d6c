import JSON
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What one user can make the daemon hold, with the defaults (docs/protocol.md, "What one user can make
/// the daemon hold"): an unprivileged user fills every limit it has, in the shapes that cost the daemon
/// most memory (`Scripts/fill_user_limits.py`), and the daemon's resident memory grows by less than the
/// figure the documentation states.
@Suite struct UserMemoryBoundTests {
    /// The figure docs/protocol.md states for one user with the defaults, in bytes.
    static let documentedBound = 640 << 20

    @Test func oneUserFillingEveryLimitStaysWithinTheDocumentedFigure() async throws {
        try await OffPool.run {
            let daemon = try DaemonUnderTest()
            let before = try Self.residentBytes(of: daemon.pid)
            let script = RepositoryFiles.path("Tests/TransitionDaemonTests/Scripts/fill_user_limits.py")
            // The limits are per uid: the filler is nobody (65534), a user the daemon grants nothing.
            let asNobody =
                geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
            let command = asNobody + ["/usr/bin/python3", "-I", script, daemon.socketPath]
            let filler = try ChildProcess(
                executable: command[0], arguments: Array(command.dropFirst()), environment: ["PATH=/usr/bin:/bin"])
            let line = filler.readOutputLine(deadline: Deadline(after: .seconds(240)))
            guard let line, line.hasPrefix("FILLED ") else {
                let result = filler.finishBlocking()
                Issue.record("the filler stopped (\(result.status)): \(line ?? "") \(result.errors)")
                return
            }
            let summary = String(line.dropFirst("FILLED ".count))
            let reached = try JSONReader.parse(Array(summary.utf8))
            let after = try Self.residentBytes(of: daemon.pid)
            // Every limit was reached, by the refusal that named it.
            #expect(reached["create"]?[0] == "stacksPerUser", "\(summary)")
            #expect(reached["stacks"] == 64)
            #expect(reached["grow"]?[0] == "storedStateBytes", "\(summary)")
            #expect(reached["define"]?[0] == "animatorsPerUser", "\(summary)")
            #expect(reached["animators"] == 64)
            #expect(reached["connect"]?[0] == "connectionsPerUser", "\(summary)")
            let grown = after - before
            #expect(
                grown <= Self.documentedBound,
                "the daemon grew by \(grown >> 20) MiB, more than the \(Self.documentedBound >> 20) MiB documented")
            // Other users are still served.
            #expect(VarlinkCall.call(daemon.socketPath, "io.transitiond.ListStacks")?.contains("fill63") == true)
            // Its standard input ends: it exits, and its connections close.
            _ = filler.finishBlocking()
            print("one user filling every limit: the daemon grew by \(grown >> 20) MiB")
        }
    }

    /// `VmRSS` of process `pid`, in bytes.
    static func residentBytes(of pid: pid_t) throws -> Int {
        let status = try #require(TextFile.read("/proc/\(pid)/status"))
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }
}
