import CLinux
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The moment `transitionctl web` stops, as a descriptor every waiting stream polls beside its daemon
/// sockets: ``trigger()`` writes one byte to a pipe and nobody reads it, so the read end stays readable
/// for every poller from then on.
public final class WebShutdown: Sendable {
    /// The end streams poll (`POLLIN` once triggered).
    public let descriptor: Int32
    private let writeEnd: Int32
    /// Signalled when the last open stream closes.
    private let streamsClosed = ConditionLock()
    /// The streams not yet closed.
    private let openStreams = Locked(0)

    /// How long ``waitForStreams()`` waits for the streams to send their last event: 2 s, far more
    /// than a local write takes, short enough that Ctrl-C still feels immediate.
    public static let streamDrainNanoseconds: Int64 = 2_000_000_000

    /// Creates the pipe.
    ///
    /// - Throws: ``CommandError`` `failed` when no pipe can be made.
    public init() throws(CommandError) {
        var ends: [Int32] = [-1, -1]
        guard clinux_pipe(&ends) == 0 else {
            throw CommandError(.failed, "Failed to create a pipe: \(Errno(rawValue: errno).description)")
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    /// Tells every stream to end. Idempotent, and safe from any thread.
    public func trigger() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Whether ``trigger()`` was called.
    public var isTriggered: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Counts a stream that has started; pair with ``streamClosed()``.
    public func streamOpened() {
        openStreams.withLock { $0 += 1 }
    }

    /// Counts a stream that has ended and sent everything it will send.
    public func streamClosed() {
        streamsClosed.withLock {
            openStreams.withLock { $0 -= 1 }
            streamsClosed.broadcast()
        }
    }

    /// After ``trigger()``: waits until every stream has sent its last event and closed, or for
    /// ``streamDrainNanoseconds``, so that the pages learn that the server stopped before the
    /// connections close.
    public func waitForStreams() {
        let deadline = MonotonicClock.now() + Self.streamDrainNanoseconds
        streamsClosed.withLock {
            while openStreams.withLock({ $0 }) > 0 {
                guard streamsClosed.wait(untilMonotonicNanoseconds: deadline) != .deadlinePassed else { return }
            }
        }
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }
}
