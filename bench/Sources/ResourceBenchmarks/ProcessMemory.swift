#if canImport(Glibc)
    import Glibc
#endif

/// A process's resident memory, as the kernel reports it in /proc/PID/status (proc(5), `VmRSS`).
enum ProcessMemory {
    /// `VmRSS` in bytes, or nil when the process is gone.
    static func residentBytes(of pid: pid_t) -> Double? {
        guard let text = readText("/proc/\(pid)/status") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.dropFirst("VmRSS:".count).split { $0 == " " || $0 == "\t" }
            // The kernel writes the figure in kB, meaning KiB.
            guard let kilobytes = fields.first.flatMap({ Double($0) }) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// The whole file as text, or nil when it cannot be read.
    static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Raises this process's soft limit of open files to at least `wanted` (within the hard limit);
    /// returns whether it is now at least `wanted`.
    static func allowOpenFiles(_ wanted: Int) -> Bool {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
        if limit.rlim_cur >= rlim_t(wanted) { return true }
        guard limit.rlim_max >= rlim_t(wanted) else { return false }
        limit.rlim_cur = rlim_t(wanted)
        return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
    }
}
