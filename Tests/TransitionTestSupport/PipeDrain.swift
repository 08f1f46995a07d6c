import Synchronization
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a child's output pipe to its end on a thread of its own with blocking `read(2)`, keeping what
/// came so far readable: for the output of a long-running child (a daemon's standard error, a client's
/// printed lines) that a test looks at while the child runs and again after it ended.
///
/// It replaces `FileHandle.readabilityHandler`, which arms a libdispatch read source on the descriptor:
/// on Linux, tearing such sources down while other threads arm theirs can leave libdispatch's epoll
/// bookkeeping pointing at freed memory, and its manager thread then crashes the whole test process in
/// `_dispatch_event_loop_drain` (swift-corelibs-libdispatch issue 949). A blocking read registers
/// nothing with libdispatch.
///
/// The drain reads its own close-on-exec duplicate of the descriptor and closes it when the stream
/// ends, so the caller may close or release its descriptor (a Foundation `Pipe`) at any time.
///
/// ```swift
/// let errors = try PipeDrain(reading: pipe.fileHandleForReading.fileDescriptor, name: "daemon-stderr")
/// process.waitUntilExit()
/// let text = errors.finish()
/// ```
public final class PipeDrain: Sendable {
    /// The bytes read so far; shared with the reading thread.
    private final class Collected: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    private let collected = Collected()
    private let thread: pthread_t
    private let joined = Mutex(false)

    /// Starts reading `descriptor` (a pipe's read end) until every writer has closed it.
    ///
    /// - Parameter name: the reading thread's name (15 bytes are kept), as `top -H` and gdb show it.
    /// - Throws: `HarnessFailure` when the descriptor cannot be duplicated or no thread can be started.
    public init(reading descriptor: Int32, name: String = "pipe-drain") throws {
        let own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard own >= 0 else { throw HarnessFailure.systemCall("fcntl F_DUPFD_CLOEXEC") }
        let collected = self.collected
        do {
            thread = try SystemThread.startJoinable(name: name) {
                Self.read(own, into: collected)
                close(own)
            }
        } catch {
            close(own)
            throw HarnessFailure("cannot start a thread to read a pipe: \(error)")
        }
    }

    /// Everything read so far, decoded as UTF-8.
    public var text: String {
        collected.bytes.withLock { String(decoding: $0, as: UTF8.self) }
    }

    /// Waits until the stream has ended (every writer closed it: the child and whatever inherited its
    /// end exited) and returns everything read, decoded as UTF-8. Blocks the calling thread: call it off
    /// the cooperative pool. Calling it again returns the same text at once.
    public func finish() -> String {
        joined.withLock { joined in
            if !joined {
                SystemThread.join(thread)
                joined = true
            }
        }
        return text
    }

    deinit {
        // Nobody waited for the end: the thread frees itself when the stream ends.
        if !joined.withLock({ $0 }) { pthread_detach(thread) }
    }

    private static func read(_ descriptor: Int32, into collected: Collected) {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            collected.bytes.withLock { $0 += chunk[..<count] }
        }
    }
}
