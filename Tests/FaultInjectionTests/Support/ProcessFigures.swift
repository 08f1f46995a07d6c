import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What /proc says about a process (proc(5)): its resident memory and its open descriptors.
enum ProcessFigures {
    /// `VmRSS` of /proc/PID/status in KiB, or nil when the process is gone.
    static func residentKilobytes(of pid: pid_t) -> Int? {
        let text = TextFile.read("/proc/\(pid)/status") ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.dropFirst("VmRSS:".count).split { $0 == " " || $0 == "\t" }.first ?? "")
        }
        return nil
    }

    /// The number of entries of /proc/PID/fd, or nil when the process is gone.
    static func openDescriptors(of pid: pid_t) -> Int? {
        guard let directory = opendir("/proc/\(pid)/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { count += 1 }
        }
        return count
    }
}
