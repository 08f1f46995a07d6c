import CBenchmarkTools

#if canImport(Glibc)
    import Glibc
#endif

/// The context switches of every thread of a process, from `/proc/<pid>/task/<tid>/status`
/// (`voluntary_ctxt_switches`, `nonvoluntary_ctxt_switches`; proc(5)) and each thread's name from
/// `/proc/<pid>/task/<tid>/comm`. A thread that sleeps and is woken counts one voluntary switch per
/// wake-up; one preempted while running counts an involuntary one. Their sum over an interval is the
/// number of times the thread was scheduled in: its wake-ups.
public struct ThreadActivity: Sendable {
    /// One thread's counters.
    public struct Thread: Sendable {
        /// The thread id.
        public let id: Int32
        /// The thread's name (`comm`, at most 15 bytes).
        public let name: String
        /// Voluntary context switches since the thread started.
        public let voluntary: UInt64
        /// Involuntary context switches since the thread started.
        public let involuntary: UInt64
    }

    /// The threads, sorted by id.
    public let threads: [Thread]

    /// Reads every thread of process `pid` now; empty if the process is gone.
    public init(pid: pid_t) {
        let taskDirectory = "/proc/\(pid)/task"
        var threads: [Thread] = []
        if let directory = opendir(taskDirectory) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard let id = Int32(name), let status = TextFile.read("\(taskDirectory)/\(name)/status") else {
                    continue
                }
                let threadName = TextFile.read("\(taskDirectory)/\(name)/comm")?.split(separator: "\n").first
                threads.append(
                    Thread(
                        id: id, name: threadName.map(String.init) ?? "?",
                        voluntary: Self.counter("voluntary_ctxt_switches", in: status),
                        involuntary: Self.counter("nonvoluntary_ctxt_switches", in: status)))
            }
            closedir(directory)
        }
        self.threads = threads.sorted { $0.id < $1.id }
    }

    /// Wake-ups of each thread between `earlier` and `self` (threads that exist in both), busiest first,
    /// leaving out the threads `excluding` names by id.
    public func wakeups(since earlier: ThreadActivity, excluding: Set<Int32> = []) -> [(
        thread: Thread, wakeups: UInt64
    )] {
        var before: [Int32: Thread] = [:]
        for thread in earlier.threads { before[thread.id] = thread }
        var result: [(Thread, UInt64)] = []
        for thread in threads where !excluding.contains(thread.id) {
            guard let old = before[thread.id] else {
                // Started during the interval: all its switches happened in it.
                result.append((thread, thread.voluntary + thread.involuntary))
                continue
            }
            result.append((thread, thread.voluntary + thread.involuntary - old.voluntary - old.involuntary))
        }
        return result.sorted { $0.1 > $1.1 }
    }

    private static func counter(_ key: String, in status: String) -> UInt64 {
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return UInt64(line.dropFirst(key.count + 1).trimmingCharacters(in: " \t")) ?? 0
        }
        return 0
    }
}

extension Substring {
    /// The text without leading and trailing characters in `set`.
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        guard let first = firstIndex(where: { !characters.contains($0) }),
            let last = lastIndex(where: { !characters.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}

/// The calling thread's id (gettid(2)).
public func currentThreadID() -> Int32 {
    bench_thread_id()
}
