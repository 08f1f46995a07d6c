import JSON
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A real systemd-journald serving one thread of the test process, for tests that log through
/// `sd_journal_sendv` (`JournalWriter`, `DaemonLog`, the daemon started there) and read the entries back.
///
/// libsystemd sends to the fixed path `/run/systemd/journal/socket`, so a test journald must own that
/// path without touching the machine's. `scripts/with-private-journald` does it for a whole command
/// with a private mount namespace. A test cannot move its own multithreaded process into one, but one
/// thread can: `unshare(CLONE_NEWNS)` also unshares `CLONE_FS`, which Linux allows per thread
/// (unshare(2)), and path lookups, mounts and children spawned from that thread then use its
/// namespace. So `run` starts a thread of its own that makes the script's mounts (tmpfs over
/// journald's directories, with private propagation so that nothing reaches the machine), starts
/// journald from that thread (`ChildProcess` with `tie: .callingThread`: it ends before the thread does)
/// and waits for its `READY=1`, runs the test's code there, flushes with `journalctl --sync` and reads
/// the entries back with `journalctl -o json`. A child the test's code starts must be started from
/// that thread with `tie: .callingThread` too, or it would not see the namespace.
///
/// Needs root (mounts); ``isAvailable`` says whether the test can run.
///
/// ```swift
/// @Test(.enabled(if: PrivateJournal.isAvailable, "needs root and mount namespaces"))
/// func logs() async throws {
///     let entries = try await PrivateJournal.run(matches: ["STACK=main"]) { try writer.log(.info, "m") }
///     #expect(entries.first?["MESSAGE"] == "m")
/// }
/// ```
public enum PrivateJournal {
    /// Whether this machine lets a test run a private journald: journald is installed, `unshare(2)` is
    /// reachable, and this process may create mount namespaces and mount file systems (root with
    /// `CAP_SYS_ADMIN`, not in a container that forbids it; probed once with unshare(1)).
    public static var isAvailable: Bool {
        access(journald, X_OK) == 0 && unshare != nil && canMount
    }

    /// Runs `body` on a thread served by a private journald, then returns the entries that match
    /// `matches` (journalctl match arguments such as `MESSAGE_ID=…`), as ``run(queries:_:)`` does for one
    /// query.
    public static func run(
        matches: [String], _ body: @escaping @Sendable () throws -> Void
    ) async throws -> [[String: String]] {
        try await run(queries: [matches], body)[0]
    }

    /// Runs `body` on a thread of its own served by a private journald, then returns, for each query
    /// (journalctl match arguments such as `STACK=main`), the matching entries in the journal's order.
    ///
    /// An entry is a dictionary of its fields' text values: a binary value, which `journalctl -o json`
    /// writes as an array of byte numbers, is decoded as UTF-8; a field with several values, or one too
    /// large for journalctl to print, is left out.
    ///
    /// - Throws: what `body` throws, or `HarnessFailure` when the namespace, the mounts or journald
    ///   cannot be set up or journalctl fails.
    public static func run(
        queries: [[String]], _ body: @escaping @Sendable () throws -> Void
    ) async throws -> [[[String: String]]] {
        try await withCheckedThrowingContinuation { continuation in
            // Never on the calling thread: it would stay in the namespace, and it may be a pool thread.
            do {
                try SystemThread.startDetached(name: "private-journal") {
                    continuation.resume(with: Result { try runInNamespace(queries: queries, body) })
                }
            } catch {
                continuation.resume(throwing: HarnessFailure("no thread for the private journal: \(error)"))
            }
        }
    }

    private static let journald = "/lib/systemd/systemd-journald"

    private typealias UnshareFunction = @convention(c) (Int32) -> Int32
    /// unshare(2): not exposed by Swift's Glibc module (it needs `_GNU_SOURCE`).
    private static let unshare: UnshareFunction? = dlsym(dlopen(nil, RTLD_NOW), "unshare").map {
        unsafeBitCast($0, to: UnshareFunction.self)
    }
    /// `CLONE_NEWNS`, <linux/sched.h>.
    private static let newMountNamespace: Int32 = 0x0002_0000

    /// Whether mount namespaces and tmpfs mounts work here (root, not forbidden by a container).
    private static let canMount: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = try? ChildProcess.run([
            "unshare", "--mount", "--propagation", "private", "mount", "-t", "tmpfs", "tmpfs", "/mnt",
        ])
        return probe?.status == 0
    }()

    /// Everything `run` does, on its own thread.
    private static func runInNamespace(queries: [[String]], _ body: () throws -> Void) throws -> [[[String: String]]] {
        try enterPrivateMountNamespace()
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let notify = try NotifyReceiver(path: scratch.file("notify"))
        let environment = ["PATH=\(ChildProcess.searchPath)", "NOTIFY_SOCKET=\(notify.path)"]
        let journal = try ChildProcess(executable: journald, environment: environment, tie: .callingThread)
        defer {
            journal.send(signal: SIGTERM)
            _ = journal.finishBlocking()
        }
        // journald serves its sockets once it has sent READY=1.
        guard notify.receive(until: "READY=1").match != nil else { throw HarnessFailure("journald sent no READY=1") }
        try body()
        let sync = try ChildProcess.run(["journalctl", "--sync"], environment: environment)
        guard sync.status == 0 else { throw HarnessFailure("journalctl --sync: \(sync.status) \(sync.errors)") }
        return try queries.map { matches in
            let query = try ChildProcess.run(
                ["journalctl", "--no-pager", "-o", "json"] + matches, environment: environment)
            return try query.output.split(separator: "\n").map(decode)
        }
    }

    /// Moves the calling thread into a mount namespace of its own, with private propagation, and covers
    /// journald's directories there with tmpfs.
    private static func enterPrivateMountNamespace() throws {
        guard let unshare, unshare(newMountNamespace) == 0 else {
            throw HarnessFailure.systemCall("unshare(CLONE_NEWNS)")
        }
        // Private propagation, or the mounts below would appear on the machine (mount_namespaces(7)).
        guard mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else {
            throw HarnessFailure.systemCall("make / private")
        }
        try cover("/run/systemd/journal", mode: 0o755)
        try cover("/run/log/journal", mode: 0o2755)
        var status = stat()
        if stat("/var/log/journal", &status) == 0 {
            guard mount("tmpfs", "/var/log/journal", "tmpfs", 0, "mode=2755") == 0 else {
                throw HarnessFailure.systemCall("mount /var/log/journal")
            }
        }
    }

    /// Mounts a tmpfs on `directory`, or on its nearest existing ancestor and creates it inside, so that
    /// nothing is created on the machine's own file systems.
    private static func cover(_ directory: String, mode: mode_t) throws {
        var target = directory
        var status = stat()
        while stat(target, &status) != 0 { target = parent(of: target) }
        guard mount("tmpfs", target, "tmpfs", 0, "mode=0755") == 0 else {
            throw HarnessFailure.systemCall("mount tmpfs on \(target)")
        }
        var path = ""
        for component in directory.split(separator: "/") {
            path += "/" + component
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw HarnessFailure.systemCall("mkdir \(path)") }
        }
        chmod(directory, mode)
    }

    /// `path` without its last component: `/run/log` for `/run/log/journal`, `/` for `/run`.
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// One line of `journalctl -o json` as text fields.
    private static func decode(_ line: Substring) throws -> [String: String] {
        guard case .object(let fields) = try JSONReader.parse(String(line)) else {
            throw HarnessFailure("journalctl printed a line that is not an object: \(line)")
        }
        var entry: [String: String] = [:]
        for (name, value) in fields {
            switch value {
            case .string(let text):
                entry[name] = text
            case .array(let elements):
                let bytes = elements.compactMap { $0.intValue.flatMap(UInt8.init(exactly:)) }
                if bytes.count == elements.count { entry[name] = String(decoding: bytes, as: UTF8.self) }
            default:
                break
            }
        }
        return entry
    }
}
