import Foundation
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real systemd-journald serving one thread of the test process.
///
/// libsystemd sends to the fixed path /run/systemd/journal/socket, so a test journald must
/// own that path without touching the machine's. `scripts/with-private-journald` does it
/// for a whole command with a private mount namespace. A test cannot move its own
/// multithreaded process into one, but one thread can: unshare(CLONE_NEWNS) also unshares
/// CLONE_FS, which Linux allows per thread (unshare(2)), and path lookups, mounts and
/// posix_spawn'ed children then use that thread's namespace. So `run` starts a thread
/// that makes the same mounts as the script, starts journald, waits for its READY=1, runs
/// the test's code (the real `JournalWriter`, calling `sd_journal_sendv`), flushes with
/// `journalctl --sync` and reads the entries back with `journalctl -o json`.
///
/// Needs root (mounts); `isAvailable` says whether the test can run.
enum PrivateJournal {
    static var isAvailable: Bool {
        access(journald, X_OK) == 0 && unshareFunction != nil && canCreateMountNamespaces
    }

    /// Whether this process may create mount namespaces and mount file systems (root with
    /// CAP_SYS_ADMIN, not in a container that forbids it), probed once with unshare(1).
    static let canCreateMountNamespaces: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = try? ChildProcess.run(
            ["unshare", "--mount", "--propagation", "private", "mount", "-t", "tmpfs", "tmpfs", "/mnt"],
            environment: ["PATH": ChildProcess.searchPath])
        return probe?.status == 0
    }()

    /// Runs `body` on a thread served by a private journald, then returns the entries that
    /// match `matches` (journalctl match arguments such as `MESSAGE_ID=…`), one dictionary
    /// per entry; fields with several values or binary values are decoded as journalctl
    /// -o json writes them (arrays of byte numbers become text).
    static func run(
        matches: [String],
        _ body: @escaping @Sendable () throws -> Void
    ) async throws -> [[String: String]] {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try runInPrivateNamespace(matches: matches, body) })
            }
            thread.start()
        }
    }

    private static let journald = "/lib/systemd/systemd-journald"
    /// How long journald may take to send READY=1; bounds only a broken setup.
    private static let readyTimeoutMilliseconds: Int32 = 30_000

    private typealias UnshareFunction = @convention(c) (Int32) -> Int32
    /// unshare(2), which Swift's Glibc module does not expose (it needs _GNU_SOURCE).
    private static let unshareFunction: UnshareFunction? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "unshare") else { return nil }
        return unsafeBitCast(symbol, to: UnshareFunction.self)
    }()
    /// CLONE_NEWNS from <linux/sched.h>.
    private static let newMountNamespace: Int32 = 0x0002_0000

    private static func runInPrivateNamespace(
        matches: [String],
        _ body: () throws -> Void
    ) throws -> [[String: String]] {
        try enterPrivateMountNamespace()
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let notify = try NotifySocket(path: scratch.file("notify"))
        let environment = ["PATH": ChildProcess.searchPath, "NOTIFY_SOCKET": notify.path]
        let (journaldPID, journaldOutput) = try ChildProcess.start(
            [journald], environment: environment, tie: .callingThread)
        defer {
            kill(journaldPID, SIGTERM)
            _ = ChildProcess.readAll(journaldOutput)
            close(journaldOutput)
            _ = ChildProcess.wait(for: journaldPID)
        }
        while true {
            guard let datagram = notify.receive(timeoutMilliseconds: readyTimeoutMilliseconds) else {
                throw ChildProcess.Failure(description: "journald sent no READY=1")
            }
            if datagram.text.split(separator: "\n").contains("READY=1") { break }
        }
        try body()
        let sync = try ChildProcess.run(["journalctl", "--sync"], environment: environment)
        guard sync.status == 0 else { throw ChildProcess.Failure(description: "journalctl --sync: \(sync.status)") }
        let query = try ChildProcess.run(
            ["journalctl", "--no-pager", "-o", "json"] + matches,
            environment: environment
        )
        return try query.standardOutput.split(separator: "\n").map(decodeEntry)
    }

    private static func enterPrivateMountNamespace() throws {
        guard let unshareFunction, unshareFunction(newMountNamespace) == 0 else {
            throw ChildProcess.Failure(description: "unshare(CLONE_NEWNS): \(errno)")
        }
        // Without MS_PRIVATE our mounts would propagate to the machine (mount_namespaces(7)).
        guard mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else {
            throw ChildProcess.Failure(description: "make / private: \(errno)")
        }
        try cover("/run/systemd/journal", mode: 0o755)
        try cover("/run/log/journal", mode: 0o2755)
        var status = stat()
        if stat("/var/log/journal", &status) == 0 {
            guard mount("tmpfs", "/var/log/journal", "tmpfs", 0, "mode=2755") == 0 else {
                throw ChildProcess.Failure(description: "mount /var/log/journal: \(errno)")
            }
        }
    }

    /// Mounts a tmpfs on `directory`, or on its nearest existing ancestor (then creates it
    /// inside), so nothing is created on the machine's file systems.
    private static func cover(_ directory: String, mode: mode_t) throws {
        var target = directory
        var status = stat()
        while stat(target, &status) != 0 {
            target = (target as NSString).deletingLastPathComponent
        }
        guard mount("tmpfs", target, "tmpfs", 0, "mode=0755") == 0 else {
            throw ChildProcess.Failure(description: "mount tmpfs on \(target): \(errno)")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, mode)
    }

    private static func decodeEntry(_ line: Substring) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        guard let fields = object as? [String: Any] else { throw ChildProcess.Failure(description: "not an object") }
        return fields.compactMapValues { value in
            if let text = value as? String { return text }
            if let bytes = value as? [Int] { return String(decoding: bytes.map { UInt8($0) }, as: UTF8.self) }
            return nil
        }
    }
}
