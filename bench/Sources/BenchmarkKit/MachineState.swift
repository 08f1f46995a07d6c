#if canImport(Glibc)
    import Glibc
#endif

/// What the results depend on besides the code: the processor, the kernel, the load, the time.
///
/// Nothing is pinned to a core: the machine is shared with builders we do not control, so the load
/// average is recorded before and after the run instead, and read with the figures.
public enum MachineState {
    /// The 1, 5 and 15 minute load averages from /proc/loadavg (proc(5)); empty if unreadable.
    public static func loadAverages() -> [Double] {
        guard let text = readTextFile("/proc/loadavg") else { return [] }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    /// The processor's model name from /proc/cpuinfo, or "unknown".
    public static func processorModel() -> String {
        guard let text = readTextFile("/proc/cpuinfo") else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingSpaces()
            }
        }
        return "unknown"
    }

    /// The number of online processors (sysconf(3) `_SC_NPROCESSORS_ONLN`).
    public static func onlineProcessors() -> Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// The kernel's release (uname(2)).
    public static func kernelRelease() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        return withUnsafeBytes(of: &names.release) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Processor time the hypervisor gave to others while this machine's processors wanted to run
    /// ("steal", the eighth value of /proc/stat's `cpu` line, proc(5)), summed over all processors since
    /// boot, nanoseconds; nil if unreadable. On a shared virtual machine it moves wall-clock figures more
    /// than the load average says: read it before and after a measurement.
    public static func stolenNanoseconds() -> Int64? {
        guard let text = readTextFile("/proc/stat"),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count > 8, let ticks = Int64(fields[8]) else { return nil }
        let ticksPerSecond = Int64(sysconf(Int32(_SC_CLK_TCK)))
        return ticks * (1_000_000_000 / max(ticksPerSecond, 1))
    }

    /// The current UTC time as ("2025-01-31", "2025-01-31T12:34:56Z").
    public static func utcTimestamp() -> (date: String, dateTime: String) {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        return (date, date + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z")
    }

    /// The whole content of a (small) text file, or nil.
    static func readTextFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
