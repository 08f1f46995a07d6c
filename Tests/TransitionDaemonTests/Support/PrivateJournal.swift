import Foundation
import TransitionTestSupport

/// A real systemd-journald serving one thread of the test process, the technique of
/// docs/systemd-support.md: `unshare(CLONE_NEWNS)` on a dedicated thread (which Linux allows per
/// thread, since it also unshares CLONE_FS), private tmpfs mounts over journald's directories, a
/// journald started from that thread, and the test's logging done from that thread too. Queries run
/// there with `journalctl -o json`. Needs root; `isAvailable` says whether the machine allows it.
enum PrivateJournal {
    static var isAvailable: Bool {
        access(journald, X_OK) == 0 && unshare != nil && canMount
    }

    /// Runs `body` on a thread served by a private journald, then returns, for each query (journalctl
    /// match arguments such as `STACK=main`), the matching entries as dictionaries of text values.
    static func run(
        queries: [[String]],
        _ body: @escaping @Sendable () throws -> Void
    ) async throws -> [[[String: String]]] {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try runInNamespace(queries: queries, body) })
            }.start()
        }
    }

    private static let journald = "/lib/systemd/systemd-journald"

    private typealias UnshareFunction = @convention(c) (Int32) -> Int32
    /// unshare(2): not exposed by Swift's Glibc module (it needs _GNU_SOURCE).
    private static let unshare: UnshareFunction? = dlsym(dlopen(nil, RTLD_NOW), "unshare").map {
        unsafeBitCast($0, to: UnshareFunction.self)
    }
    /// CLONE_NEWNS, <linux/sched.h>.
    private static let newMountNamespace: Int32 = 0x0002_0000

    /// Whether mount namespaces and tmpfs mounts work here (root, not forbidden by a container).
    private static let canMount: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = try? ChildProcess.run([
            "unshare", "--mount", "--propagation", "private", "mount", "-t", "tmpfs", "tmpfs", "/mnt",
        ])
        return probe?.status == 0
    }()

    private static func runInNamespace(queries: [[String]], _ body: () throws -> Void) throws -> [[[String: String]]] {
        guard let unshare, unshare(newMountNamespace) == 0 else {
            throw HarnessFailure("unshare(CLONE_NEWNS): \(errno)")
        }
        // Private propagation, or the mounts below would appear on the machine (mount_namespaces(7)).
        guard mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else {
            throw HarnessFailure("private /: \(errno)")
        }
        try cover("/run/systemd/journal", mode: 0o755)
        try cover("/run/log/journal", mode: 0o2755)
        var status = stat()
        if stat("/var/log/journal", &status) == 0 {
            guard mount("tmpfs", "/var/log/journal", "tmpfs", 0, "mode=2755") == 0 else {
                throw HarnessFailure("mount /var/log/journal: \(errno)")
            }
        }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let notify = try NotifyReceiver(path: scratch.file("notify"))
        let environment = ["PATH": ChildProcess.searchPath, "NOTIFY_SOCKET": notify.path]
        let (pid, output, error) = try ChildProcess.start(
            [journald], environment: environment, tie: .callingThread)
        defer {
            kill(pid, SIGTERM)
            _ = ChildProcess.readAll(output)
            _ = ChildProcess.readAll(error)
            close(output)
            close(error)
            _ = ChildProcess.wait(for: pid)
        }
        // journald serves its sockets once it has sent READY=1.
        guard notify.receive(until: "READY=1").match != nil else { throw HarnessFailure("journald sent no READY=1") }
        try body()
        let sync = try ChildProcess.run(["journalctl", "--sync"], environment: environment)
        guard sync.status == 0 else { throw HarnessFailure("journalctl --sync: \(sync.status) \(sync.standardError)") }
        return try queries.map { matches in
            let query = try ChildProcess.run(
                ["journalctl", "--no-pager", "-o", "json"] + matches, environment: environment)
            return try query.standardOutput.split(separator: "\n").map(decode)
        }
    }

    /// Mounts a tmpfs on `directory`, or on its nearest existing ancestor and creates it inside, so
    /// nothing is created on the machine's own file systems.
    private static func cover(_ directory: String, mode: mode_t) throws {
        var target = directory
        var status = stat()
        while stat(target, &status) != 0 { target = (target as NSString).deletingLastPathComponent }
        guard mount("tmpfs", target, "tmpfs", 0, "mode=0755") == 0 else {
            throw HarnessFailure("mount \(target): \(errno)")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, mode)
    }

    private static func decode(_ line: Substring) throws -> [String: String] {
        guard let fields = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw HarnessFailure("journalctl printed a line that is not an object: \(line)")
        }
        return fields.compactMapValues { value in
            if let text = value as? String { return text }
            if let bytes = value as? [Int] { return String(decoding: bytes.map { UInt8($0) }, as: UTF8.self) }
            return nil
        }
    }
}
