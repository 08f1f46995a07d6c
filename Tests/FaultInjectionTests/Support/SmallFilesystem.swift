import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs over a directory, mounted in a private mount namespace (mount_namespaces(7)) that a
/// holder process (`unshare -m --propagation private`, then `sleep`) keeps alive: the machine never sees
/// the mount. Programs run in the namespace with ``prefix`` (`nsenter -t PID -m`, which execs them: the
/// process started is the program), and this process reaches the mounted files through the holder's
/// root, `/proc/PID/root` (proc(5)).
final class SmallFilesystem: @unchecked Sendable {
    private let holder: ChildProcess
    /// The directory the tmpfs covers, as the namespace sees it.
    let path: String

    /// Mounts a tmpfs of `kilobytes` KiB over `path` (which must exist) in a new namespace.
    init(over path: String, kilobytes: Int) throws {
        self.path = path
        holder = try ChildProcess(
            executable: "/usr/bin/unshare",
            arguments: [
                "--mount", "--propagation", "private", "/bin/sh", "-c",
                #"mount -t tmpfs -o size="$1"k,mode=0755 tmpfs "$2" && exec sleep 3600"#, "sh", String(kilobytes),
                path,
            ], environment: ["PATH=\(ChildProcess.searchPath)"])
        let mountsPath = "/proc/\(holder.pid)/mounts"
        let mounted = Deadline.waitUntil {
            let mounts = TextFile.read(mountsPath) ?? ""
            return mounts.contains("tmpfs \(path) tmpfs") || holder.hasExited
        }
        guard mounted, !holder.hasExited else {
            throw HarnessFailure("could not mount a tmpfs over \(path) in a private namespace (root is needed)")
        }
    }

    /// Whether this machine lets the test mount a tmpfs in a private namespace (root, no container rule
    /// against it).
    static var isAvailable: Bool {
        guard geteuid() == 0, access("/usr/bin/unshare", X_OK) == 0, access("/usr/bin/nsenter", X_OK) == 0 else {
            return false
        }
        let probe = try? ChildProcess.run([
            "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/mount", "-t", "tmpfs", "tmpfs", "/mnt",
        ])
        return probe?.status == 0
    }

    /// The command in front of a program that runs it in the namespace.
    var prefix: [String] { ["/usr/bin/nsenter", "-t", String(holder.pid), "-m", "--"] }

    /// `name` in the mounted directory, as this process reaches it.
    func reachable(_ name: String) -> String { "/proc/\(holder.pid)/root\(path)/\(name)" }

    /// Fills the filesystem with a file `name` until a write fails with ENOSPC; returns the bytes written.
    func fill(_ name: String) throws -> Int {
        let descriptor = open(reachable(name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HarnessFailure.systemCall("open \(reachable(name))") }
        defer { _ = close(descriptor) }
        var written = 0
        // Large writes first, then smaller, down to one byte: nothing is left but a page's tail.
        for size in [65536, 4096, 512, 1] {
            let chunk = [UInt8](repeating: 0x5A, count: size)
            while true {
                let count = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, size) }
                if count > 0 {
                    written += count
                    continue
                }
                if count < 0 && errno == EINTR { continue }
                guard count < 0, errno == ENOSPC else { throw HarnessFailure.systemCall("write \(name)") }
                break
            }
        }
        return written
    }

    /// Removes the file `name`.
    func remove(_ name: String) throws {
        guard unlink(reachable(name)) == 0 else { throw HarnessFailure.systemCall("unlink \(reachable(name))") }
    }

    deinit {
        holder.send(signal: SIGKILL)
        _ = holder.finishBlocking()
    }
}
