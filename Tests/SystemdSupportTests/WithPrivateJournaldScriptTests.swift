import Foundation
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// scripts/with-private-journald, run as other layers' tests run it, with clients nobody
/// here wrote (`systemd-cat`, `logger --journald`) and `journalctl -o json` inside.
@Suite struct WithPrivateJournaldScriptTests {
    /// The script, found from this file's real location (the tests may be compiled through
    /// a symbolic link to the repository's Tests directory).
    static let script: String = {
        let testsDirectory = (#filePath as NSString).deletingLastPathComponent
        let real =
            realpath(testsDirectory, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? testsDirectory
        return ((real as NSString).appendingPathComponent("../../scripts/with-private-journald") as NSString)
            .standardizingPath
    }()

    static var isAvailable: Bool {
        access(script, X_OK) == 0 && PrivateJournal.isAvailable
    }

    /// Runs the script with `shellCommand` on a thread of its own: the script starts a journald and waits
    /// for it, which must not hold a thread of the cooperative pool (docs/testing.md).
    private func run(_ shellCommand: String) async throws -> ChildProcess.Result {
        try await OffPool.run {
            try ChildProcess.run(
                [Self.script, "sh", "-c", shellCommand], environment: ["PATH=\(ChildProcess.searchPath)"])
        }
    }

    @Test(.enabled(if: isAvailable, "needs root and systemd-journald"))
    func clientsWriteToThePrivateJournal() async throws {
        let result = try await run(
            """
            echo 'from systemd-cat' | systemd-cat -t script-test -p warning
            printf 'MESSAGE=from logger\\nSYSLOG_IDENTIFIER=script-test\\nSTACK=main\\n' | logger --journald
            journalctl --sync
            journalctl --no-pager -o json SYSLOG_IDENTIFIER=script-test
            """
        )
        #expect(result.status == 0, "\(result.errors)")
        let entries = try result.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(entries.count == 2)
        // Found by message: journald reads the stream and the datagram on its own schedule, so the
        // entries may be stored in either order.
        let stream = try #require(entries.first { $0["MESSAGE"] as? String == "from systemd-cat" })
        #expect(stream["PRIORITY"] as? String == "4")
        #expect(stream["_TRANSPORT"] as? String == "stdout")
        let native = try #require(entries.first { $0["MESSAGE"] as? String == "from logger" })
        #expect(native["STACK"] as? String == "main")
        #expect(native["_TRANSPORT"] as? String == "journal")
    }

    @Test(.enabled(if: isAvailable, "needs root and systemd-journald"))
    func eachRunStartsWithAnEmptyJournal() async throws {
        let tag = "script-test-\(getpid())"
        let first = try await run("logger --journald <<EOF\nMESSAGE=once\nSYSLOG_IDENTIFIER=\(tag)\nEOF\n")
        #expect(first.status == 0, "\(first.errors)")
        let second = try await run("journalctl --no-pager -o json SYSLOG_IDENTIFIER=\(tag)")
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output == "")
    }

    @Test(
        .enabled(if: isAvailable, "needs root and systemd-journald"),
        arguments: [
            ("exit 0", 0), ("exit 3", 3), ("kill -TERM $$", 128 + SIGTERM),
        ] as [(String, Int32)])
    func exitStatusIsTheCommands(command: String, status: Int32) async throws {
        #expect(try await run(command).status == status)
    }
}
