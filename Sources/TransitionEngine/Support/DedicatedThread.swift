#if canImport(Glibc)
    import Glibc
#endif

/// A detached POSIX thread running one closure, for work that must not occupy the cooperative pool
/// (sleeping to deadlines, fsync). Owners stop it through their own shared state, never by joining from
/// the pool (a join could block a pool thread for a whole frame period).
enum DedicatedThread {
    private final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Starts `body` on a new detached thread named `name` (at most 15 bytes are kept by the kernel).
    static func start(name: String, body: @escaping @Sendable () -> Void) {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
                writeThreadFile("comm", String(decoding: start.name.utf8.prefix(15), as: UTF8.self))
                start.body()
                return nil
            }, start)
        precondition(result == 0, "pthread_create failed: \(result)")
        pthread_detach(thread)
    }
}

/// Reads `CLOCK_MONOTONIC` in nanoseconds.
func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * EngineTime.nanosecondsPerSecond + Int64(time.tv_nsec)
}

/// Sets the calling thread's timer slack in nanoseconds by writing `/proc/<tid>/timerslack_ns`, the file
/// interface to the same per-thread value as prctl(PR_SET_TIMERSLACK) (proc(5), Linux 4.6 and later; a
/// thread may always change its own). Used because the engine cannot import the CLinux wrapper beside
/// Glibc (see docs/engine.md). Returns false when the kernel refused.
@discardableResult
func setCurrentThreadTimerSlack(nanoseconds: UInt) -> Bool {
    var buffer = [CChar](repeating: 0, count: 64)
    let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard length > 0 else { return false }
    let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let threadID = link.split(separator: "/").last else { return false }
    return writeProcFile("/proc/\(threadID)/timerslack_ns", String(nanoseconds))
}

/// Writes `/proc/thread-self/<name>` (for example `comm`, the thread's name; proc(5)).
@discardableResult
func writeThreadFile(_ name: String, _ text: String) -> Bool {
    writeProcFile("/proc/thread-self/\(name)", text)
}

private func writeProcFile(_ path: String, _ text: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return write(descriptor, bytes, bytes.count) == bytes.count
}

/// Asks for real-time scheduling of the calling thread: `SCHED_FIFO` at `priority` (sched(7)). A thread
/// that sleeps almost all the time and works for microseconds per wake-up is the textbook case: it then
/// preempts the pool threads that tick the stacks, so a loaded machine does not delay its deadlines.
/// Needs CAP_SYS_NICE or an RLIMIT_RTPRIO (systemd: `LimitRTPRIO=`, `CPUSchedulingPolicy=`); without
/// them the call fails and the thread keeps `SCHED_OTHER`. Returns whether it succeeded.
@discardableResult
func requestRealTimeScheduling(priority: Int32) -> Bool {
    var parameters = sched_param()
    parameters.sched_priority = priority
    return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
}
