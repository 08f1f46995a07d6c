import CLinux
import JSON
import SystemPrimitives
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

/// One Unix-socket connection carrying a single `more` call, read with `poll` so that another thread
/// can stop a read that waits (a Varlink stream ends only when its connection closes).
final class SubscriptionConnection: @unchecked Sendable {
    /// What `cancel()` on another thread shares with the reading thread.
    private struct Lifecycle {
        /// `cancel()` writes to `wake.1`; reads watch `wake.0` beside the socket.
        var wake: (Int32, Int32) = (-1, -1)
        /// The socket and the pipe are closed.
        var closed = false
        /// A `nextReply()` is in progress (it releases the connection when it sees the cancellation).
        var reading = false
        var cancelled = false
    }

    private let descriptor: Int32
    private var framer = VarlinkFramer(maximumMessageBytes: VarlinkClient.defaultMaximumMessageBytes)
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private let lifecycle = Locked(Lifecycle())

    /// Connects to `path` and sends `call`.
    init(path: String, call: VarlinkCall) throws(TransitionClientError) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw TransitionClientError(code: .cannotConnect, message: "Failed to create a socket: errno \(errno).")
        }
        var fds: [Int32] = [-1, -1]
        guard clinux_pipe(&fds) == 0 else {
            close(descriptor)
            throw TransitionClientError(code: .cannotConnect, message: "Failed to create a pipe: errno \(errno).")
        }
        lifecycle.withLock { $0.wake = (fds[0], fds[1]) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !pathBytes.isEmpty, pathBytes.count < capacity else {
            release()
            throw TransitionClientError(code: .cannotConnect, message: "'\(path)' is not a usable socket path.")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
            raw[pathBytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            release()
            throw TransitionClientError(
                code: .cannotConnect, message: "Nothing listens on '\(path)' (errno \(code)); start the daemon.")
        }
        do {
            try send(try call.encoded())
        } catch {
            release()
            throw TransitionClientError.from(error)
        }
    }

    deinit {
        release()
    }

    private func send(_ bytes: [UInt8]) throws(TransitionClientError) {
        if case .failure(let error) = bytes.withUnsafeBytes({ sendAll(descriptor, $0) }) {
            throw TransitionClientError(
                code: .connectionFailed, message: "Failed to send the call: \(error) (errno \(error.rawValue)).")
        }
    }

    /// The next reply, or nil once `cancel()` was called (the connection is then closed). Blocks until a
    /// reply arrives.
    ///
    /// - Throws: `connectionFailed` when the daemon closes the connection or it fails.
    func nextReply() throws(TransitionClientError) -> VarlinkReply? {
        guard let (socketDescriptor, wakeDescriptor) = beginReading() else { return nil }
        defer { endReading() }
        while true {
            do {
                if let message = try framer.nextMessage() { return try VarlinkReply.decode(message) }
            } catch {
                throw TransitionClientError.from(error)
            }
            var watched = [
                pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if case .failure(let error) = systemCall({ poll(&watched, 2, -1) }) {
                throw TransitionClientError(
                    code: .connectionFailed, message: "poll failed: \(error) (errno \(error.rawValue)).")
            }
            if watched[1].revents != 0 { return nil }
            let result = buffer.withUnsafeMutableBytes { bytes in
                systemCall { recv(socketDescriptor, bytes.baseAddress, bytes.count, 0) }
            }
            let count: Int
            switch result {
            case .success(let received): count = received
            case .failure(let error) where error == .wouldBlock: continue
            case .failure(let error):
                throw TransitionClientError(
                    code: .connectionFailed, message: "Failed to read: \(error) (errno \(error.rawValue)).")
            }
            if count == 0 {
                throw TransitionClientError(code: .connectionFailed, message: "The daemon closed the connection.")
            }
            buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// The descriptors to read from, or nil when cancelled or closed.
    private func beginReading() -> (Int32, Int32)? {
        lifecycle.withLock { state in
            guard !state.closed, !state.cancelled else { return nil }
            state.reading = true
            return (descriptor, state.wake.0)
        }
    }

    /// Ends a read; closes the connection if it was cancelled meanwhile.
    private func endReading() {
        let closeNow = lifecycle.withLock { state in
            state.reading = false
            return state.cancelled
        }
        if closeNow { release() }
    }

    /// Ends the stream from any thread: a waiting `nextReply()` returns nil and closes the connection;
    /// without a read in progress the connection closes at once. Idempotent.
    func cancel() {
        let closeNow = lifecycle.withLock { state in
            state.cancelled = true
            if !state.closed && state.reading {
                var one: UInt8 = 1
                _ = write(state.wake.1, &one, 1)
            }
            return !state.reading
        }
        if closeNow { release() }
    }

    /// Closes the socket and the pipe. Call only when no read is in progress.
    func release() {
        lifecycle.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            close(descriptor)
            if state.wake.0 >= 0 { close(state.wake.0) }
            if state.wake.1 >= 0 { close(state.wake.1) }
        }
    }
}
