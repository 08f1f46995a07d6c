import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The supplementary groups of a process, read from the `Groups:` line of `/proc/<pid>/status`
/// (proc(5)).
///
/// Why this source: the kernel's list of the process's groups is what it really holds — a client
/// started with `setpriv --clear-groups` or after `setgroups` has exactly those — whereas
/// `getgrouplist` on the peer's uid reports what the user database says the user could have, which a
/// sandboxed client may have dropped, and needs NSS (files, LDAP) on the event-loop thread. The pid
/// comes from `SO_PEERCRED` at connect time; the connection is open while its call is served, so the
/// process (or one that inherited its socket) still exists.
enum ProcessGroups {
    /// The largest status file read, in bytes (a few KiB in practice; the limit bounds a hostile reader).
    static let maximumStatusBytes = 64 * 1024

    /// The group ids of process `pid`, or `nil` when its status cannot be read.
    static func of(pid: Int32) -> [UInt32]? {
        guard pid > 0, let text = readStatus("/proc/\(pid)/status") else { return nil }
        return groups(inStatus: text)
    }

    /// The ids on the `Groups:` line of a status file's text; `nil` when there is no such line.
    static func groups(inStatus text: String) -> [UInt32]? {
        for line in text.split(separator: "\n") where line.hasPrefix("Groups:") {
            return line.dropFirst("Groups:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap {
                UInt32($0)
            }
        }
        return nil
    }

    private static func readStatus(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < maximumStatusBytes {
            let result = chunk.withUnsafeMutableBytes { buffer in
                systemCall { read(descriptor, buffer.baseAddress, buffer.count) }
            }
            guard case .success(let count) = result, count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
